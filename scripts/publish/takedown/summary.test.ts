import { describe, expect, it } from 'vitest';
import { takedownSummary } from './summary.ts';

describe('takedownSummary', () => {
  it('says what left the release by kind, and which places the takedown reached', () => {
    const lines = takedownSummary(
      {
        added: [],
        changed: ['/faq', '/search/index.json'],
        removed: ['/info/blog/hr-9', '/og/info/blog/hr-9.jpg', '/search-index/terms-a-1.json'],
      },
      { item: 'hr-9', out: '/srv/out', to: '/srv/site', purge: true },
      12.34,
    );
    expect(lines[0]).toBe('게시 내리기를 마쳤습니다: hr-9 (12.3초)');
    expect(lines[1]).toContain('페이지 1개, 공유 이미지 1개, 검색 색인 파일 1개; 다시 쓴 파일 2개');
    expect(lines).toContain('    - /info/blog/hr-9');
    expect(lines).toContain('    - /og/info/blog/hr-9.jpg');
    expect(lines.join('\n')).toContain('호스트 /srv/site');
    expect(lines.join('\n')).toContain('주소 5개를 캐시에서 지웠습니다');
  });

  it('says so when it neither deployed nor purged', () => {
    const lines = takedownSummary(
      { added: [], changed: [], removed: [] },
      { item: 'x', out: 'o', to: null, purge: false },
      1,
    ).join('\n');
    expect(lines).toContain('배포하지 않았습니다');
    expect(lines).toContain('퍼지하지 않았습니다');
  });
});
