// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { rewriteBackLinks } from './detail-page.client.ts';

describe('rewriteBackLinks', () => {
  it('points the pre-rendered back links at the list page and topic of the address', () => {
    document.body.innerHTML = `
      <a id="blog" href="/hrcontents" data-back-link="blog">목록으로</a>
      <a id="patent" href="/tech" data-back-link="patent">목록으로</a>
      <a id="odd" href="/x" data-back-link="constructor">?</a>`;
    rewriteBackLinks(document, '?page=2&topic_id=3&name=AI');
    expect(document.getElementById('blog')!.getAttribute('href')).toBe(
      '/hrcontents?page=2&topic_id=3&name=AI',
    );
    expect(document.getElementById('patent')!.getAttribute('href')).toBe('/tech?page=2');
    expect(document.getElementById('odd')!.getAttribute('href')).toBe('/x');
  });
});
