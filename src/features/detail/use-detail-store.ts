import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { siteApi } from '../../lib/api/site-client.ts';
import { loadBrowserSanitizer } from '../../lib/html/load-sanitizer.ts';
import {
  createDetailStore,
  type DetailEnvironment,
  type DetailState,
  type DetailStore,
} from './detail.store.ts';

const browserEnvironment: DetailEnvironment = {
  request: siteApi(),
  loadSanitizer: loadBrowserSanitizer,
  reload: () => window.location.reload(),
};

/**
 * Creates the detail store of one island and returns its current state with the store; the
 * island tells it what the address asks for (`show`) once it can read the address.
 */
export function useDetailStore(initial: 'idle' | 'loading'): [DetailState, DetailStore] {
  const [store] = useState(() => createDetailStore(initial, browserEnvironment));
  const state = useStore(store.$state);
  useEffect(() => () => store.dispose(), [store]);
  return [state, store];
}
