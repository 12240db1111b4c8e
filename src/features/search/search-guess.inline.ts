/**
 * Loaded by the header's shortcut beside the index's entry and the dialog's first chunk, and a
 * fraction of the chunk's size. From then on each word typed into the header's early form asks
 * for its term shard by the base the page names (`data-shards`, shard-names.ts), so a word found
 * only in the texts does not wait for the entry, then the chunk, then its shard: the shard comes a
 * round trip after this file, and the page's searcher reads it (shard-guesses.ts). A stale name (a
 * page of an older release) costs a request the searcher does not read.
 *
 * (Inline, on every page, the shard would leave with the entry, a round trip earlier; its few
 * hundred bytes do not fit the home's and the HR list's first round trip, tests/e2e/first-window.spec.ts.)
 */
import { parseShardHint, typedWordShards } from '../../lib/search/shard-names.ts';
import { findEarlyForm, isComposing } from './early-input.ts';
import { shardGuesses } from './shard-guesses.ts';

const form = findEarlyForm();
const hint = parseShardHint(form?.dataset.shards);
const guesses = shardGuesses();

function guess() {
  if (!form || !hint || guesses.done) return;
  const typed = (form.elements.namedItem('q') as HTMLInputElement).value;
  for (const url of typedWordShards(typed, isComposing(form), hint.base, hint.count)) {
    if (guesses.requests.has(url)) continue;
    const request = fetch(url);
    // Read by the searcher, or never (a stale name): not an unhandled rejection either way.
    request.catch(() => undefined);
    guesses.requests.set(url, request);
  }
}

form?.addEventListener('input', guess);
guess();
