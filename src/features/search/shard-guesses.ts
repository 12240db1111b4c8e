/**
 * Term shard requests asked for before the page's searcher has the index's entry
 * (search-guess.inline.ts), by address: the searcher reads each instead of a request of its own
 * (search-client.ts). Shared on `globalThis` under a registered symbol, as the guesser and the
 * dialog's first chunk each carry their own copy of this module.
 */
export interface ShardGuesses {
  /** Requests on their way, by the address the searcher will ask for. */
  requests: Map<string, Promise<Response>>;
  /** Set once the searcher has the entry: it names its files itself from then on. */
  done: boolean;
}

const SHARED = Symbol.for('insighthire:shard-guesses');

export function shardGuesses(): ShardGuesses {
  const store = globalThis as unknown as Record<symbol, ShardGuesses | undefined>;
  return (store[SHARED] ??= { requests: new Map(), done: false });
}

/** The request for `url` asked for early, once (a failure is then fetched again); null if none. */
export function takeShardGuess(url: string): Promise<Response> | null {
  const { requests } = shardGuesses();
  const request = requests.get(url) ?? null;
  requests.delete(url);
  return request;
}
