/**
 * FirstScreenEnd.astro's page script: the later styles at once for a section's address, and
 * that section kept in place when they arrive (keep-fragment-in-place.ts, a file of its own,
 * fetched only then).
 */
import { keepFragmentsInPlace } from '../../lib/dom/later-styles.ts';
import fragmentKeeper from '../../lib/dom/keep-fragment-in-place.ts?chunk-url';

keepFragmentsInPlace((links, target) => {
  import(/* @vite-ignore */ fragmentKeeper)
    .then((module: typeof import('../../lib/dom/keep-fragment-in-place.ts')) =>
      module.keepFragmentInPlace(links, target),
    )
    .catch(() => undefined);
});
