/**
 * Conditional requests from the previous run's answers: where the API sent an `ETag` or a
 * `Last-Modified`, the next run asks with `If-None-Match` / `If-Modified-Since`, and a `304`
 * reuses the body recorded then. The API still answers every call (the run needs to know the
 * answer is current), but an unchanged answer costs it no body and no rendering of one.
 *
 * Only polls ask conditionally: a sweep passes an empty record (`snapshot.ts`), so an API whose
 * validators missed a change is corrected by it. The record is kept in `DIR/api/answers.json`, one
 * entry per address asked in the last run, so it never grows past one run's answers.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** One answer with the validators it came with. */
export interface CachedAnswer {
  etag?: string;
  lastModified?: string;
  body: string;
}

export type AnswerRecord = Record<string, CachedAnswer>;

export interface ConditionalFetch {
  (input: string | URL, init?: RequestInit): Promise<Response>;
  /** The answers of this run that carried a validator, to ask with next time. */
  answers(): AnswerRecord;
  /** How many answers were `304`s, reused from the record. */
  notModified(): number;
  /**
   * The `Last-Modified` this run's answer at `url` came with, `200` or `304` alike (never one
   * recorded earlier): a poll compares a list's with the last snapshot's (`listMayHaveChanged`).
   */
  lastModified(url: string): string | undefined;
}

/** Wraps `inner` so that every call with a recorded answer is made conditionally. */
export function conditionalFetch(
  inner: (input: string | URL, init?: RequestInit) => Promise<Response>,
  previous: AnswerRecord,
): ConditionalFetch {
  const next: AnswerRecord = {};
  const stamps = new Map<string, string>();
  let reused = 0;
  const call = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const known = Object.hasOwn(previous, url) ? previous[url] : undefined;
    const headers = new Headers(init.headers);
    if (known?.etag) headers.set('If-None-Match', known.etag);
    else if (known?.lastModified) headers.set('If-Modified-Since', known.lastModified);
    const response = await inner(url, { ...init, headers });
    const stamp = response.headers.get('last-modified');
    if (stamp && (response.status === 200 || response.status === 304)) stamps.set(url, stamp);
    else stamps.delete(url);
    if (response.status === 304 && known) {
      reused++;
      // A 304 may carry a new validator; keep the newest one with the old body.
      next[url] = {
        ...known,
        ...validators(response.headers),
      };
      return new Response(known.body, {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    }
    if (response.status !== 200) return response;
    const found = validators(response.headers);
    if (!found.etag && !found.lastModified) return response;
    const body = await response.text();
    next[url] = { ...found, body };
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return Object.assign(call, {
    answers: () => next,
    notModified: () => reused,
    lastModified: (url: string) => stamps.get(url),
  });
}

function validators(headers: Headers): { etag?: string; lastModified?: string } {
  const etag = headers.get('etag') ?? undefined;
  const lastModified = headers.get('last-modified') ?? undefined;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/** Reads the record of the last run; a missing or unreadable one is an empty record (no harm: every call is then a plain one). */
export function readAnswerRecord(file: string): AnswerRecord {
  if (!existsSync(file)) return {};
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const record: AnswerRecord = {};
    for (const [url, entry] of Object.entries(value as Record<string, unknown>)) {
      if (entry && typeof entry === 'object' && typeof (entry as CachedAnswer).body === 'string')
        record[url] = entry as CachedAnswer;
    }
    return record;
  } catch {
    return {};
  }
}

/** Writes the record whole (a temporary file renamed over the old one). */
export function writeAnswerRecord(file: string, record: AnswerRecord): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}
