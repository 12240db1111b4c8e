import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

const url = 'https://www.insighthire.example/info/blog/hr-0033';
const title = '면접관의 평가 역량을 데이터로 관리하는 법 & 팁?';

describe('shareLinks', () => {
  const links = shareLinks(url, title);
  const byNetwork = Object.fromEntries(links.map((link) => [link.network, link]));

  it('builds the three networks in order with Korean names', () => {
    expect(links.map((link) => [link.network, link.label])).toEqual([
      ['x', 'X(트위터)에 공유'],
      ['naver', '네이버 블로그에 공유'],
      ['facebook', '페이스북에 공유'],
    ]);
  });

  it('X web intent carries the encoded address and title', () => {
    const href = new URL(byNetwork.x!.href);
    expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
    expect(href.searchParams.get('url')).toBe(url);
    expect(href.searchParams.get('text')).toBe(title);
    expect(byNetwork.x!.href).toContain(`url=${encodeURIComponent(url)}`);
  });

  it('Naver blog share carries the address and title', () => {
    const href = new URL(byNetwork.naver!.href);
    expect(href.origin + href.pathname).toBe('https://share.naver.com/web/shareView');
    expect(href.searchParams.get('url')).toBe(url);
    expect(href.searchParams.get('title')).toBe(title);
  });

  it('Facebook sharer carries only the address', () => {
    const href = new URL(byNetwork.facebook!.href);
    expect(href.origin + href.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect([...href.searchParams.keys()]).toEqual(['u']);
    expect(href.searchParams.get('u')).toBe(url);
  });

  it('cannot be broken out of by a title with query syntax', () => {
    const href = new URL(
      shareLinks(url, 'a&url=https://evil.example#x').find((l) => l.network === 'x')!.href,
    );
    expect(href.searchParams.getAll('url')).toEqual([url]);
    expect(href.hash).toBe('');
  });
});
