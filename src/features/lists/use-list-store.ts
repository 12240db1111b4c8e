import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { siteApi } from '../../lib/api/site-client.ts';
import { fetchEarly } from '../../lib/dom/early-requests.ts';
import { loadBrowserSanitizer } from '../../lib/html/load-sanitizer.ts';
import type { ListId } from '../../lib/routes.ts';
import { listKinds } from './list-kinds.ts';
import {
  createListStore,
  type ListEnvironment,
  type ListFirstPage,
  type ListState,
  type ListStore,
} from './list.store.ts';

/** The browser surroundings: read at call time, so creating a store during SSR touches nothing. */
const browserEnvironment: ListEnvironment = {
  // A list's first request may already be under way, started by the first tap.
  request: siteApi(fetchEarly),
  loadSanitizer: loadBrowserSanitizer,
  reload: () => window.location.reload(),
  get location() {
    return window.location;
  },
  get history() {
    return window.history;
  },
};

/**
 * Creates the list store of one island, follows the address bar (first display, back and
 * forward) and returns the current state with the store's actions.
 */
export function useListStore(kind: ListId, firstPage: ListFirstPage): [ListState, ListStore] {
  const [store] = useState(() => createListStore(listKinds[kind], firstPage, browserEnvironment));
  const state = useStore(store.$state);
  useEffect(() => {
    const onPopState = () => store.syncFromLocation();
    store.syncFromLocation();
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      store.dispose();
    };
  }, [store]);
  return [state, store];
}
