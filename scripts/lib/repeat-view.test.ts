import { describe, expect, it } from 'vitest';
import { formatRepeatViewTable, isHashedFile, repeatViewRows, servedByNetwork } from './repeat-view.ts';

const site = 'http://127.0.0.1:4412';

describe('repeatViewRows', () => {
  it('counts, for each later page, the hashed files an earlier page fetched and those fetched again', () => {
    const rows = repeatViewRows([
      {
        path: '/newsRoom',
        fetched: [
          { url: `${site}/newsRoom`, fromCache: false },
          { url: `${site}/_astro/client.A1.js`, fromCache: false },
          { url: `${site}/_astro/first-tap-runtime.inline.B2.js`, fromCache: false },
        ],
      },
      {
        path: '/faq',
        fetched: [
          { url: `${site}/faq`, fromCache: false },
          { url: `${site}/_astro/client.A1.js`, fromCache: true },
          { url: `${site}/_astro/first-tap-runtime.inline.B2.js`, fromCache: false },
          { url: `${site}/_astro/FaqList.C3.js`, fromCache: false },
        ],
      },
      { path: '/', fetched: [{ url: `${site}/_astro/FaqList.C3.js`, fromCache: true }] },
    ]);
    expect(rows).toEqual([
      { path: '/faq', shared: 2, refetched: [`${site}/_astro/first-tap-runtime.inline.B2.js`] },
      { path: '/', shared: 1, refetched: [] },
    ]);
    expect(formatRepeatViewTable(rows)).toContain(
      '| `/faq` | 2 | 1 ✖ /_astro/first-tap-runtime.inline.B2.js |',
    );
    expect(formatRepeatViewTable(rows)).toContain('| `/` | 1 | 0 ✔ |');
  });

  it('takes only hashed files as shared: a page and an API answer may change', () => {
    expect(isHashedFile(`${site}/_astro/x.1.css`)).toBe(true);
    expect(isHashedFile(`${site}/fonts/pretendard-a1.css`)).toBe(true);
    expect(isHashedFile(`${site}/search-index/terms-07-a1b2.json`)).toBe(true);
    expect(isHashedFile(`${site}/search/index.json`)).toBe(false);
    expect(isHashedFile(`${site}/faq`)).toBe(false);
    expect(isHashedFile('http://127.0.0.1:8812/faq/?page=1')).toBe(false);
  });
});

describe('servedByNetwork', () => {
  it('takes a file the server was not asked for as cached, though DevTools said nothing (a worker script)', () => {
    const worker = `${site}/_astro/module-cache.worker-CDz2Voep.js`;
    const fetched = servedByNetwork(
      [
        { url: `${site}/faq`, fromCache: false },
        { url: worker, fromCache: false },
        { url: `${site}/search-index/entry.json?v=2`, fromCache: true },
      ],
      new Set(['/faq', '/search-index/entry.json?v=2']),
    );
    expect(fetched).toEqual([
      { url: `${site}/faq`, fromCache: false },
      { url: worker, fromCache: true },
      { url: `${site}/search-index/entry.json?v=2`, fromCache: false },
    ]);
  });
});
