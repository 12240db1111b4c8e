/**
 * Term shard requests asked for before the page's searcher has the index's entry (the header's
 * shortcut script, search-shortcut.inline.ts, as words are typed into the early form), by
 * address: the searcher reads each instead of a request of its own (search-client.ts). Shared on
 * `globalThis` under a registered symbol, as the inline script and the dialog's first chunk each
 * carry their own copy of this module.
 */
export type ShardGuesses = Map<string, Promise<Response>>;

const SHARED = Symbol.for('insighthire:shard-guesses');

/** Requests on their way, by the address the searcher will ask for. */
export function shardGuesses(): ShardGuesses {
  const store = globalThis as unknown as Record<symbol, ShardGuesses | undefined>;
  return (store[SHARED] ??= new Map());
}

/** The request for `url` asked for early, once (a failure is then fetched again); null if none. */
export function takeShardGuess(url: string): Promise<Response> | null {
  const guesses = shardGuesses();
  const request = guesses.get(url) ?? null;
  guesses.delete(url);
  return request;
}
