/**
 * The live detail's state: which item the address names, and the request for it, from loading
 * to the article or one of its failures. One store per detail island, shaped like the list
 * engine's (a `$state` store, actions, `retry` and `dispose`, the browser passed in), so both
 * kinds of island fetch the same way; pure enough to test without a browser.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { loadDetail, type DetailLoaderEnv, type DetailOutcome } from './detail-loader.ts';
import type { DetailTarget } from '../../lib/detail-paths.ts';
import type { DetailKind } from '../../lib/routes.ts';

/** What an address asks for; `key` is null when the address names a kind but no item. */
export interface WantedDetail {
  kind: DetailKind;
  key: string | null;
}

export type DetailView =
  { status: 'idle' } | { status: 'loading' } | Exclude<DetailOutcome, { status: 'aborted' }>;

/** The view, and the item it is about (`null` until the island has read the address). */
export type DetailState = DetailView & { target: WantedDetail | null };

/** The browser surroundings the store talks to; replaced in tests. */
export interface DetailEnvironment extends DetailLoaderEnv {
  /** Loads the page again (the retry after a missing file). */
  reload(): void;
}

export interface DetailStore {
  $state: ReadableAtom<DetailState>;
  /** Shows `target`: loads the item, or says it is missing when the address names none. */
  show(target: WantedDetail): void;
  retry(): void;
  dispose(): void;
}

/**
 * `initial`: what the server HTML shows before the island reads the address (the query form's
 * skeleton, or nothing on the 404 page).
 */
export function createDetailStore(initial: 'idle' | 'loading', env: DetailEnvironment): DetailStore {
  const $state = atom<DetailState>({ status: initial, target: null });
  let controller: AbortController | null = null;
  let generation = 0;

  /** Loads `target`; a newer request or `dispose` makes the answer of this one go unused. */
  function load(target: DetailTarget): void {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const mine = ++generation;
    $state.set({ status: 'loading', target });
    void loadDetail(target, env, current.signal).then((outcome) => {
      if (mine !== generation || outcome.status === 'aborted') return;
      $state.set({ ...outcome, target });
    });
  }

  return {
    $state,
    show(target) {
      const { kind, key } = target;
      if (key === null) {
        controller?.abort();
        generation++;
        $state.set({ status: 'not-found', target });
        return;
      }
      load({ kind, key });
    },
    retry() {
      const state = $state.get();
      // A missing file will not come back: only a fresh page (with the new files) helps.
      if (state.status === 'error' && state.reload) env.reload();
      else if (state.target?.key) load({ kind: state.target.kind, key: state.target.key });
    },
    dispose() {
      controller?.abort();
      generation++;
    },
  };
}
