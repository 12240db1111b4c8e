/**
 * HTTP validators and conditional requests (RFC 9110 §8.8, §13): the ETag and Last-Modified of
 * an answer, and whether a request's `If-None-Match` / `If-Modified-Since` make it a 304.
 */
import { createHash } from 'node:crypto';

/**
 * A strong ETag for exactly these body bytes. 128 bits of SHA-256 are plenty to tell versions
 * of one answer apart, and keep the header short.
 */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** `date` rounded down to whole seconds: HTTP dates carry no milliseconds. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** The validators of a successful answer. */
export interface Validators {
  /** Quoted strong entity tag, as made by {@link etagOf}. */
  etag: string;
  /** Whole seconds (see {@link wholeSeconds}). */
  lastModified: Date;
}

/** The parts of a request that decide a conditional GET. */
export interface ConditionalRequest {
  method: string;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * Whether the client's copy is current, so a 200 answer with `validators` may become a 304.
 * Only GET and HEAD qualify. `If-None-Match` wins over `If-Modified-Since` when both are sent,
 * because the ETag sees changes within one second that the date cannot.
 */
export function isNotModified(request: ConditionalRequest, validators: Validators): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.ifNoneMatch !== undefined) return matchesAny(request.ifNoneMatch, validators.etag);
  if (request.ifModifiedSince === undefined) return false;
  // An unparsable date is ignored, as the RFC requires: the client gets the full answer.
  const since = Date.parse(request.ifModifiedSince);
  return !Number.isNaN(since) && validators.lastModified.getTime() <= since;
}

/**
 * Weak comparison of `etag` with each tag of an `If-None-Match` list (`*`, or tags with or
 * without `W/`): a 304 only needs the same content, not the same bytes on the wire.
 */
function matchesAny(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  // Entity tags may contain commas, so the list is read tag by tag rather than split on ','.
  for (const match of header.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (match[1] === wanted) return true;
  }
  return false;
}

function opaqueTag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}
