import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Searcher, SearcherOptions } from '../../lib/search/engine/searcher.ts';
import type { SearchResponse } from '../../lib/search/format/types.ts';
import { createSiteSearch, newSiteSearchState, SEARCH_ENTRY_URL } from './search-client.ts';
import { startEarly, takeEarly } from '../../lib/dom/early-requests.ts';

const answer = (query: string): SearchResponse => ({ query, hits: [], counts: {}, total: 0 });

/** A searcher that reads the entry through the given `fetchJson`, as the engine does, on every search. */
function fakeEngine() {
  const created: SearcherOptions[] = [];
  const searches: string[] = [];
  const create = (options: SearcherOptions): Searcher => {
    created.push(options);
    return {
      async search(query) {
        searches.push(query);
        await options.fetchJson!(options.entryUrl);
        return answer(query);
      },
    };
  };
  return { create, created, searches };
}

const json = (status = 200) => new Response('{}', { status });

/** The shortcut's early request for `url` (search-shortcut.inline.ts), answered by `respond`. */
function startedEarly(url: string, respond: () => Promise<Response>) {
  const fetch = vi.fn(respond);
  vi.stubGlobal('fetch', fetch);
  startEarly(url);
  return fetch;
}

afterEach(() => {
  takeEarly(SEARCH_ENTRY_URL);
  vi.unstubAllGlobals();
});

describe('createSiteSearch', () => {
  it('reads the entry from the request the shortcut made, once; later searchers ask for it again', async () => {
    const engine = fakeEngine();
    const request = vi.fn(async () => json());
    const site = createSiteSearch(newSiteSearchState(), engine.create, request);
    startedEarly(SEARCH_ENTRY_URL, async () => json(503));
    // The early response fails: the searcher is dropped, and the retry requests the entry itself.
    await expect(site.search('면접')).rejects.toThrow('HTTP 503');
    expect(request).not.toHaveBeenCalled();
    await expect(site.search('면접')).resolves.toEqual(answer('면접'));
    expect(request).toHaveBeenCalledWith(SEARCH_ENTRY_URL);
    expect(engine.created).toHaveLength(2);
  });

  it('reads an early request made after a searcher read the entry on its next read of it', async () => {
    const engine = fakeEngine();
    const request = vi.fn(async () => json());
    const site = createSiteSearch(newSiteSearchState(), engine.create, request);
    await site.search('채용');
    const early = startedEarly(SEARCH_ENTRY_URL, async () => json());
    await site.search('면접');
    expect(early).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('answers the same query and options asked again with the first answer', async () => {
    const engine = fakeEngine();
    const site = createSiteSearch(newSiteSearchState(), engine.create, async () => json());
    const first = site.search('면접', { limit: 8 });
    expect(site.search('면접', { limit: 8 })).toBe(first);
    await first;
    await site.search('면접', { limit: 50 });
    await site.search('면접', { limit: 8 });
    expect(engine.searches).toEqual(['면접', '면접', '면접']);
  });

  it('gives every copy of the module one searcher through the shared state', async () => {
    const engine = fakeEngine();
    const state = newSiteSearchState();
    const dialogCopy = createSiteSearch(state, engine.create, async () => json());
    const pageCopy = createSiteSearch(state, engine.create, async () => json());
    await dialogCopy.search('면접');
    await pageCopy.search('채용');
    expect(engine.created).toHaveLength(1);
  });
});

describe('the same search asked while it runs (the dialog taking over the early panel)', () => {
  it('joins it: one search of the engine, its one answer to both', async () => {
    let release: () => void = () => undefined;
    const searches: string[] = [];
    const create = (): Searcher => ({
      async search(query) {
        searches.push(query);
        await new Promise<void>((done) => (release = done));
        return { ...answer(query), total: 2 };
      },
    });
    const site = createSiteSearch(newSiteSearchState(), create, async () => json());
    const early = site.search('면접', { limit: 8 });
    const dialog = site.search('면접', { limit: 8 });
    expect(dialog).toBe(early);
    release();
    expect((await dialog).total).toBe(2);
    expect(searches).toEqual(['면접']);
  });
});

describe('answers at once (searchNow)', () => {
  /** A searcher that answers at once when `ready`, as the engine does once its files are read. */
  function nowEngine() {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    let ready = false;
    const create = (): Searcher => ({
      async search(query) {
        calls.push(`search ${query}`);
        await new Promise<void>((done) => (release = done));
        ready = true;
        return answer(query);
      },
      searchNow(query) {
        calls.push(`now ${query}`);
        return ready ? answer(query) : null;
      },
    });
    return { create, calls, release: () => release() };
  }

  it('has none before a searcher has read anything, and none from a stand-in searcher without searchNow', async () => {
    const site = createSiteSearch(newSiteSearchState(), fakeEngine().create, async () => json());
    expect(site.searchNow('면접')).toBeNull();
    expect(site.search.now).toBe(site.searchNow);
    await site.search('면접');
    expect(site.searchNow('채용')).toBeNull();
  });

  it('joins the same search while it is on its way, then gives its answer without ranking again', async () => {
    const engine = nowEngine();
    const site = createSiteSearch(newSiteSearchState(), engine.create, async () => json());
    const pending = site.search('면접', { limit: 8 });
    expect(site.searchNow('면접', { limit: 8 })).toBeNull();
    engine.release();
    const answered = await pending;
    expect(site.searchNow('면접', { limit: 8 })).toBe(answered);
    expect(engine.calls).toEqual(['search 면접']);
  });

  it('keeps an answer given at once as the last search: asked again, the same query gets it', async () => {
    const engine = nowEngine();
    const site = createSiteSearch(newSiteSearchState(), engine.create, async () => json());
    const first = site.search('면접');
    engine.release();
    await first;
    const now = site.searchNow('채용', { limit: 8 });
    expect(now).toEqual(answer('채용'));
    expect(site.searchNow('채용', { limit: 8 })).toBe(now);
    await expect(site.search('채용', { limit: 8 })).resolves.toBe(now);
    // Other options are another search.
    expect(site.searchNow('채용', { limit: 50 })).toEqual(answer('채용'));
    expect(engine.calls).toEqual(['search 면접', 'now 채용', 'now 채용']);
  });
});

describe('term shards asked for before the entry (the shortcut script, search-shortcut.inline.ts)', () => {
  it('reads a shard from the request the shortcut made, once', async () => {
    const engine = fakeEngine();
    const request = vi.fn(async () => json());
    const site = createSiteSearch(newSiteSearchState(), engine.create, request);
    const url = '/search-index/terms-0123456789abcdef-4m.json';
    startedEarly(url, async () => new Response('{"v":3,"t":{}}'));
    await site.search('관대화');
    const fetchJson = engine.created[0]!.fetchJson!;
    await expect(fetchJson(url)).resolves.toEqual({ v: 3, t: {} });
    expect(request).not.toHaveBeenCalledWith(url);
    // Taken once: asked again (a retry), the shard is requested anew.
    await fetchJson(url);
    expect(request).toHaveBeenCalledWith(url);
  });
});

describe('the entry asked for again (a file it named is gone)', () => {
  it("revalidates past the HTTP cache, never reading a shortcut's early request", async () => {
    const engine = fakeEngine();
    const request = vi.fn(async (_url: string, _init?: RequestInit) => json());
    const site = createSiteSearch(newSiteSearchState(), engine.create, request);
    await site.search('면접');
    request.mockClear();
    const url = '/search-index/terms-0123456789abcdef-4m.json';
    startedEarly(url, async () => json(404));
    const fetchJson = engine.created[0]!.fetchJson!;
    await fetchJson(SEARCH_ENTRY_URL, { fresh: true });
    await fetchJson(url, { fresh: true });
    expect(request.mock.calls).toEqual([
      [SEARCH_ENTRY_URL, { cache: 'no-cache' }],
      [url, { cache: 'no-cache' }],
    ]);
    takeEarly(url);
  });
});
