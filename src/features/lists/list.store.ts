/**
 * The list engine's state: the query (mirrored in the address bar), the items on screen and
 * the request status. One store per list island; pure enough to test without a browser.
 */
import { map, type MapStore } from 'nanostores';
import type { ApiClient } from '../../lib/api/client.ts';
import type { ListResponse, Topic } from '../../lib/api/schemas.ts';
import { t } from '../../i18n/index.ts';
import { ChunkLoadError } from '../../lib/dom/load-chunk.ts';
import type { Sanitizer } from '../../lib/html/load-sanitizer.ts';
import { totalPages, totalPosts } from '../../lib/paging.ts';
import { expandCardItem, toCardItem, type CardItem, type CompactCardItem } from './list-items.ts';
import type { ListKindConfig } from './list-kinds.ts';
import { listCall } from './first-tap/request-templates.ts';
import {
  defaultQuery,
  parseListQuery,
  sameQuery,
  serializeListQuery,
  type ListQuery,
} from '../../lib/list-query.ts';

export type ListStatus = 'ready' | 'loading' | 'error';

export interface ListState {
  query: ListQuery;
  status: ListStatus;
  items: CardItem[];
  /** Total matching items (the API's `page_size`, at least 1 as the spec reads it). */
  total: number;
  /** True when the API reported no items at all for this query. */
  empty: boolean;
  topics: Topic[];
  error: string;
  /** The error is a missing file of the site (a deploy since the page loaded): retry reloads the page. */
  reloadOnRetry: boolean;
}

/** What the page pre-rendered: the first page for the default query. */
export interface ListFirstPage {
  /** Compacted (list-items.ts): only the fields an item fills. */
  items: CompactCardItem[];
  total: number;
  topics: Topic[];
  /**
   * A banner slider above the list fills the first screen: the first card is none of it, so its
   * picture is neither carried in the HTML nor asked for first (first-page.ts, CardImage's `lead`).
   */
  belowBanner?: true;
}

/** The browser surroundings the store talks to; replaced in tests. */
export interface ListEnvironment {
  request: ApiClient;
  /** Loaded lazily so DOMPurify only arrives with the first fetched HTML. */
  loadSanitizer: () => Promise<Sanitizer>;
  location: { search: string; pathname: string };
  history: Pick<History, 'pushState' | 'replaceState'>;
  /** Loads the page again (the retry after a missing file). */
  reload(): void;
}

/** Generic copy for an unexpected failure while showing a list. */
const UNEXPECTED = t('list.error.unexpected');

export interface ListStore {
  $state: MapStore<ListState>;
  /** Reads the address and loads when it asks for something other than what is shown. */
  syncFromLocation(): void;
  search(term: string): void;
  selectTopic(topicId: number | null, name?: string): void;
  goToPage(page: number): void;
  retry(): void;
  dispose(): void;
}

/** The state of a list that shows the pre-rendered first page. */
function firstPageState(firstPage: ListFirstPage): ListState {
  return {
    query: defaultQuery,
    status: 'ready',
    items: firstPage.items.map(expandCardItem),
    total: firstPage.total,
    empty: firstPage.items.length === 0,
    topics: firstPage.topics,
    error: '',
    reloadOnRetry: false,
  };
}

/** Changes the address without letting a browser that refuses (quota, sandbox) stop the list. */
function setAddress(env: ListEnvironment, method: 'pushState' | 'replaceState', query: ListQuery): void {
  try {
    env.history[method](null, '', env.location.pathname + serializeListQuery(query));
  } catch {
    // The list still shows what was asked for; only the address bar lags behind.
  }
}

/**
 * The last page instead of `query` when `query` asks for a page past the end of a non-empty
 * list (an old bookmark, a hand-typed address); undefined when the answer is the page asked for.
 */
function lastPageInstead(
  config: ListKindConfig,
  query: ListQuery,
  data: ListResponse,
): ListQuery | undefined {
  const total = data.paging.page_size;
  const pages = totalPages(total, config.pageSize);
  return data.objects.length === 0 && total >= 1 && query.page > pages
    ? { ...query, page: pages }
    : undefined;
}

/** The ready state that shows `data`, the answer to `query`, under `topics`. */
function answeredState(
  config: ListKindConfig,
  query: ListQuery,
  data: ListResponse,
  sanitize: Sanitizer,
  topics: Topic[],
): ListState {
  return {
    query,
    status: 'ready',
    items: data.objects.map((item) => toCardItem(item, sanitize, topics, config.kind)),
    total: totalPosts(data.paging.page_size),
    empty: data.objects.length === 0,
    topics,
    error: '',
    reloadOnRetry: false,
  };
}

/**
 * The error state after a load threw: a missing file of the site (a deploy since the page loaded)
 * says so and reloads the page on retry; anything else is an unexpected failure.
 */
function thrownState(state: ListState, error: unknown): ListState {
  const stale = error instanceof ChunkLoadError;
  return { ...state, status: 'error', error: stale ? error.message : UNEXPECTED, reloadOnRetry: stale };
}

interface ListLoader {
  /** Loads `query`; whatever fails ends in the error state, never in an endless loading one. */
  load(query: ListQuery): Promise<void>;
  /** Aborts the request in flight and ignores any answer still to come. */
  dispose(): void;
}

/** Loads queries into `$state`, keeping the address bar on the page actually shown. */
function createListLoader(
  config: ListKindConfig,
  env: ListEnvironment,
  $state: MapStore<ListState>,
): ListLoader {
  // One request at a time: a newer one aborts the one before and owns the screen.
  let controller: AbortController | null = null;
  let generation = 0;

  /** Loads `query`; whatever fails ends in the error state, never in an endless loading one. */
  async function load(query: ListQuery): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const mine = ++generation;
    const isCurrent = () => mine === generation;
    // A list whose items carry HTML (the FAQ's answers) needs the sanitiser for this answer too:
    // started beside the request, its start-up on a slow phone is not added after the answer.
    if ($state.get().items.some((item) => item.html)) env.loadSanitizer().catch(() => undefined);
    $state.set({ ...$state.get(), query, status: 'loading', error: '', reloadOnRetry: false });
    try {
      await fetchAndShow(query, current.signal, isCurrent);
    } catch (error) {
      if (isCurrent()) $state.set(thrownState($state.get(), error));
    }
  }

  async function fetchAndShow(
    query: ListQuery,
    signal: AbortSignal,
    isCurrent: () => boolean,
  ): Promise<void> {
    const call = listCall(config, query);
    const result = await env.request(call.name, call.query, { signal });
    if (!isCurrent()) return; // a newer request owns the screen
    if (!result.ok) {
      if (result.error.kind === 'aborted') return;
      $state.set({ ...$state.get(), status: 'error', error: result.error.message, reloadOnRetry: false });
      return;
    }
    const data = result.data;
    const last = lastPageInstead(config, query, data);
    if (last) {
      setAddress(env, 'replaceState', last);
      void load(last);
      return;
    }
    const topics = data.tags && data.tags.length > 0 ? data.tags : $state.get().topics;
    const needsHtml = data.objects.some((item) => item.post_body);
    const sanitize = needsHtml ? await env.loadSanitizer() : (html: string) => html;
    if (!isCurrent()) return;
    $state.set(answeredState(config, query, data, sanitize, topics));
  }

  return {
    load,
    dispose() {
      controller?.abort();
      generation++;
    },
  };
}

export function createListStore(
  config: ListKindConfig,
  firstPage: ListFirstPage,
  env: ListEnvironment,
): ListStore {
  const $state = map<ListState>(firstPageState(firstPage));
  const loader = createListLoader(config, env, $state);

  function navigate(query: ListQuery): void {
    setAddress(env, 'pushState', query);
    void loader.load(query);
  }

  return {
    $state,
    syncFromLocation() {
      const query = parseListQuery(env.location.search);
      const state = $state.get();
      // Already shown, or already asked for (a first tap the island replayed): nothing to do.
      if (sameQuery(query, state.query) && state.status !== 'error') {
        $state.setKey('query', query);
        return;
      }
      void loader.load(query);
    },
    search(term) {
      navigate({ page: 1, term: term.trim(), topicId: null, name: '' });
    },
    selectTopic(topicId, name = '') {
      navigate({ page: 1, term: null, topicId, name: topicId === null ? '' : name });
    },
    goToPage(page) {
      navigate({ ...$state.get().query, page });
    },
    retry() {
      if ($state.get().reloadOnRetry) env.reload();
      else void loader.load($state.get().query);
    },
    dispose: loader.dispose,
  };
}
