/**
 * The index files' shapes, written by `build-index.ts` and read back by `searcher.ts`. Every
 * file is validated when read: a CDN may serve a stale or truncated copy.
 */
import { z } from 'zod/mini';
import { SEARCH_TYPES, type SearchType } from './types.ts';

export const FORMAT_VERSION = 1;

/** Where the hashed files are served from (a folder `_headers` marks immutable). */
export const INDEX_FILES_BASE = '/search-index/';

const key = z.string().check(z.minLength(1), z.maxLength(16));
const count = z.number().check(z.int(), z.nonnegative());
const fileName = z.string().check(z.regex(/^[a-z]+-[0-9a-f]{8,64}\.json$/));
const date = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/));

/** [key, type index, date or '', title length, body length] */
const DocRow = z.tuple([key, count, date, count, count]);

export const EntrySchema = z.object({
  v: z.literal(FORMAT_VERSION),
  base: z.string().check(z.regex(/^\/[\w\-/.]*\/$/)),
  types: z.array(z.enum(SEARCH_TYPES as [SearchType, ...SearchType[]])),
  docs: z.array(DocRow),
  averageTitle: z.number().check(z.nonnegative()),
  averageBody: z.number().check(z.nonnegative()),
  terms: z.array(fileName).check(z.minLength(1)),
  /** Postings of the newest documents (`tailOf` in build-index.ts), by term. */
  tail: z.record(z.string(), z.array(z.tuple([key, count, count]))),
  docFiles: z.array(fileName).check(z.minLength(1)),
  initials: fileName,
});
export type Entry = z.infer<typeof EntrySchema>;

export const TermShardSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  t: z.record(z.string(), z.array(z.tuple([key, count, count]))),
});
export type TermShard = z.infer<typeof TermShardSchema>;

export const DocShardSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  d: z.record(
    key,
    z.object({
      id: z.string(),
      type: z.enum(SEARCH_TYPES as [SearchType, ...SearchType[]]),
      title: z.string(),
      url: z.string(),
      date: z.optional(z.string()),
      text: z.string(),
    }),
  ),
});
export type DocShard = z.infer<typeof DocShardSchema>;

export const InitialsSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  t: z.array(z.tuple([key, z.string()])),
});
export type InitialsFile = z.infer<typeof InitialsSchema>;

/** FNV-1a, 32 bits: a stable, dependency-free spread for shard numbers and document keys. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A term's shard: by its first character, so every term a prefix expands to (온 → 온보, 온라…)
 * sits in one file.
 */
export function termShardOf(term: string, shards: number): number {
  const first = String.fromCodePoint(term.codePointAt(0) ?? 0);
  return fnv1a(first) % shards;
}

export function docShardOf(docKey: string, shards: number): number {
  return fnv1a(docKey) % shards;
}
