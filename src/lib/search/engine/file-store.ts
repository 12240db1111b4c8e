/**
 * The searcher's index files: each fetched once, validated, and kept, both as the promise a
 * second query joins (`load`) and, once read, as the value every answer reads (`peek`): an answer
 * is made from the files read, and a search that lacks some loads them first, so there is one
 * way to read and no second, asynchronous one. A file that fails is forgotten, so the next query
 * fetches it again (the screens' retry).
 */
import { interpolate, t } from '../../../i18n/index.ts';
import { SearchIndexError } from './index-error.ts';

/** How a file is asked for: `fresh` past the HTTP cache (the entry, once a file it named is gone). */
export type FetchJson = (url: string, init?: { fresh: true }) => Promise<unknown>;

/** What validates a file (the zod schemas of `format.ts`). */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface FileStore {
  /** `path` (as the entry names files) as an address, absolute when the entry's address is. */
  resolve(path: string): string;
  /**
   * Reads and validates one file once (`fresh`: again, past the HTTP cache); a failure is
   * forgotten so a retry fetches again.
   */
  load<T>(url: string, schema: Schema<T>, fresh?: boolean): Promise<T>;
  /** Whether the file is read or on its way: asking for it again costs no request. */
  asked(url: string): boolean;
  /** The file, when it is read and valid (as the schema it was loaded with says); else `undefined`. */
  peek<T>(url: string): T | undefined;
}

async function defaultFetchJson(url: string, init?: { fresh: true }): Promise<unknown> {
  const response = await fetch(url, init?.fresh ? { cache: 'no-cache' } : undefined);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** One file fetched and validated; either failure is a {@link SearchIndexError} naming it. */
async function fetchValid<T>(
  fetchJson: FetchJson,
  url: string,
  schema: Schema<T>,
  fresh: boolean,
): Promise<T> {
  let value: unknown;
  try {
    value = await (fresh ? fetchJson(url, { fresh }) : fetchJson(url));
  } catch (error) {
    throw new SearchIndexError(interpolate(t('search.index.unreachable'), { url }), { cause: error });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new SearchIndexError(interpolate(t('search.index.invalid'), { url }), {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The files of the index whose entry is at `entryUrl`, fetched with `fetchJson` (default `fetch`). */
export function createFileStore(entryUrl: string, fetchJson: FetchJson = defaultFetchJson): FileStore {
  const files = new Map<string, Promise<unknown>>();
  /** The files read and valid, by address: what an answer at once reads. */
  const read = new Map<string, unknown>();

  function load<T>(url: string, schema: Schema<T>, fresh = false): Promise<T> {
    const kept = (fresh ? undefined : files.get(url)) as Promise<T> | undefined;
    if (kept) return kept;
    const mine = fetchValid(fetchJson, url, schema, fresh);
    files.set(url, mine);
    // Only the latest request of an address is kept: a fresh one replaces what an older one reads.
    mine.then(
      (data) => {
        if (files.get(url) === mine) read.set(url, data);
      },
      () => {
        if (files.get(url) === mine) files.delete(url);
      },
    );
    return mine;
  }

  return {
    resolve: (path) => (/^[a-z][a-z0-9+.-]*:/i.test(entryUrl) ? new URL(path, entryUrl).href : path),
    load,
    asked: (url) => files.has(url),
    peek: <T>(url: string) => read.get(url) as T | undefined,
  };
}
