/**
 * The layout's page script: the styles that wait for the first paint (later-styles.ts). The code
 * that only a visit to a section's address needs (keep-fragment-in-place.ts) is a file of its
 * own, fetched then: every page's HTML must fit the first round trip.
 */
import { loadLaterStyles } from '../lib/dom/later-styles.ts';
import fragmentKeeper from '../lib/dom/keep-fragment-in-place.ts?chunk-url';

loadLaterStyles((links, target) => {
  import(/* @vite-ignore */ fragmentKeeper)
    .then((module: typeof import('../lib/dom/keep-fragment-in-place.ts')) =>
      module.keepFragmentInPlace(links, target),
    )
    .catch(() => undefined);
});
