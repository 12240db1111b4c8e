// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../lib/search/index/build-index.ts';
import { createSearcher } from '../../lib/search/engine/searcher.ts';
import type { SearchDoc } from '../../lib/search/format/types.ts';
import { DIALOG_LIMIT } from './dialog-options.ts';
import { createSiteSearch, newSiteSearchState, SEARCH_ENTRY_URL } from './search-client.ts';
import { SearchDialog } from './SearchDialog.tsx';

const docs: SearchDoc[] = [
  {
    id: 'a',
    type: 'hrStory',
    title: '신규 입사자 온보딩 가이드',
    url: '/info/blog/a',
    date: '2025-01-02',
    text: '온보딩은 첫 90일이 중요합니다.',
  },
  {
    id: 'b',
    type: 'news',
    title: '구조화 면접으로 채용 정확도 높이기',
    url: '/info/news/b',
    date: '2025-03-01',
    text: '구조화 면접은 같은 질문을 모든 지원자에게 묻습니다.',
  },
  { id: 'c', type: 'faq', title: '면접은 몇 번 보나요?', url: '/faq#c', text: '면접은 두 번 봅니다.' },
];

/** The page's site search over `docs`; a file whose address contains `held` waits for `release`. */
function siteOver(held?: string) {
  const { entry, files } = buildSearchIndex(docs);
  const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
  let release: () => void = () => undefined;
  const gate = new Promise<void>((done) => (release = done));
  const fetchJson = async (url: string) => {
    if (url === SEARCH_ENTRY_URL) return JSON.parse(JSON.stringify(entry)) as unknown;
    if (held && url.includes(held)) await gate;
    return byName.get(url);
  };
  const site = createSiteSearch(newSiteSearchState(), (options) => createSearcher({ ...options, fetchJson }));
  return { site, release, entry };
}

/** The dialog, counting React's commits. */
function renderDialog(search: ReturnType<typeof siteOver>['site']['search']) {
  const commits = { count: 0 };
  render(
    <Profiler id="dialog" onRender={() => commits.count++}>
      <SearchDialog opener={null} search={search} onClosed={() => undefined} />
    </Profiler>,
  );
  return commits;
}

const status = () => screen.getByRole('status', { hidden: true }).textContent;
const titles = () =>
  [...document.querySelectorAll('.search-option-title')].map((option) => option.textContent);

afterEach(cleanup);

describe('SearchDialog', () => {
  it('draws a keystroke whose files are read in one commit, its answer on screen as the input event ends', async () => {
    const { site } = siteOver();
    // The files of both queries read, as after the visitor's first searches.
    await site.search('면접', { limit: DIALOG_LIMIT });
    await site.search('온보딩', { limit: DIALOG_LIMIT });
    const commits = renderDialog(site.search);
    await act(async () => undefined);
    const box = screen.getByRole('combobox', { hidden: true });

    for (const [query, count] of [
      ['면접', 2],
      ['온보딩', 1],
    ] as const) {
      commits.count = 0;
      fireEvent.input(box, { target: { value: query } });
      // Synchronously, before any promise settles.
      expect(status()).toContain(String(count));
      expect(titles()).toHaveLength(count);
      await act(async () => undefined);
      expect(commits.count).toBe(1);
    }
  });

  it('draws a result title from its row before its fragment, and an older answer never replaces a newer one', async () => {
    const { site, release } = siteOver('/frag-');
    // The term shards read, no fragment.
    await site.search('가이드', { limit: 0 });
    await site.search('블록체인', { limit: 0 });
    renderDialog(site.search);
    await act(async () => undefined);
    const box = screen.getByRole('combobox', { hidden: true });

    // Ranked from the shards read, the fragment of its result still to come: nothing at once;
    // then its title from the shard's row, its excerpt only with the fragment.
    fireEvent.input(box, { target: { value: '가이드' } });
    expect(status()).toBe('');
    await act(async () => undefined);
    expect(titles()).toEqual(['신규 입사자 온보딩 가이드']);
    expect(document.querySelector('.search-option-excerpt')).toBeNull();

    // A newer query answered at once (no result, so no fragment to wait for) stays when the older
    // one's fragments come.
    fireEvent.input(box, { target: { value: '블록체인' } });
    expect(status()).toBe('검색 결과 0건');
    await act(async () => release());
    await act(async () => undefined);
    expect(status()).toBe('검색 결과 0건');
    expect(titles()).toEqual([]);
    expect(screen.getByText('검색 결과가 없습니다.')).toBeTruthy();
  });

  it('says it is searching while a word found only in the texts waits for its shard, then shows the result', async () => {
    const { site, release } = siteOver('/terms-');
    renderDialog(site.search);
    await act(async () => undefined);
    const box = screen.getByRole('combobox', { hidden: true });

    fireEvent.input(box, { target: { value: '중요' } });
    await act(async () => undefined);
    expect(titles()).toEqual([]);
    expect(screen.getByText('검색하는 중입니다.')).toBeTruthy();
    expect(screen.queryByText('검색 결과가 없습니다.')).toBeNull();

    await act(async () => release());
    await act(async () => undefined);
    expect(titles()).toEqual(['신규 입사자 온보딩 가이드']);
    expect(screen.queryByText('검색하는 중입니다.')).toBeNull();
  });
});
