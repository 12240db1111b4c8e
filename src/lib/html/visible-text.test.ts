import { describe, expect, it } from 'vitest';
import { visibleTextOfHtml } from './visible-text.ts';

describe('visibleTextOfHtml', () => {
  it('keeps text nodes and placeholders, drops markup, scripts, styles and alt texts', () => {
    const html =
      '<style>.갑{}</style><h1 class="녹">채용 &amp; 평가</h1><img alt="닭"><script>"랄"</script>' +
      '<input placeholder="검색어"><!-- 맘 --><template>밥</template><p>&#xD7A3;&#54633;&nbsp;끝</p>';
    const text = visibleTextOfHtml(html);
    for (const kept of ['채용', '&', '평가', '검색어', '힣', '합', '끝']) expect(text).toContain(kept);
    for (const dropped of ['갑', '녹', '닭', '랄', '맘', '밥', '<', 'amp'])
      expect(text).not.toContain(dropped);
  });
});
