import { describe, expect, it, vi } from 'vitest';
import { warmFontCache } from './warm-font-cache.ts';

const css = `@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/latin.woff2) format('woff2-variations');unicode-range:U+20-7E}
@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/ga.woff2) format('woff2-variations');unicode-range:U+AC00-AC10}
@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/rare.woff2) format('woff2-variations');unicode-range:U+D700-D7A3}`;

function fakeFetch(failing?: string) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const bodiesRead: string[] = [];
  const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init });
    const ok = !(failing && String(url).endsWith(failing));
    return {
      ok,
      text: async () => css,
      arrayBuffer: async () => {
        bodiesRead.push(new URL(String(url)).pathname);
        return new ArrayBuffer(8);
      },
    } as unknown as Response;
  });
  return { fetcher: fetcher as unknown as typeof fetch, requests, bodiesRead };
}

const href = 'https://www.example.test/fonts/pretendard-1.css';

describe('warmFontCache', () => {
  it('fetches the stylesheet and the listed subsets at low priority, CORS like a font load, reading each file to the end', async () => {
    const { fetcher, requests, bodiesRead } = fakeFetch();
    await expect(warmFontCache({ href, subsets: '0 1' }, fetcher)).resolves.toBe(true);
    expect(requests.map((r) => r.url)).toEqual([
      href,
      'https://www.example.test/_astro/latin.woff2',
      'https://www.example.test/_astro/ga.woff2',
    ]);
    for (const { init } of requests) expect(init).toMatchObject({ priority: 'low' });
    expect(requests.slice(1).every(({ init }) => init?.mode === 'cors')).toBe(true);
    expect(bodiesRead).toEqual(['/_astro/latin.woff2', '/_astro/ga.woff2']);
  });

  it('goes by the list and skips positions the stylesheet does not have', async () => {
    const { fetcher, requests } = fakeFetch();
    await warmFontCache({ href, subsets: '2 7 x' }, fetcher);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/fonts/pretendard-1.css',
      '/_astro/rare.woff2',
    ]);
  });

  it('answers false when the stylesheet or a file failed', async () => {
    await expect(warmFontCache({ href, subsets: '0 1' }, fakeFetch('ga.woff2').fetcher)).resolves.toBe(false);
    await expect(warmFontCache({ href, subsets: '0 1' }, fakeFetch('.css').fetcher)).resolves.toBe(false);
  });
});
