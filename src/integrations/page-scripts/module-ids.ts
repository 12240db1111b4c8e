/** The module ids of the page-scripts plugins: their queries, and reading them back. */
import { createHash } from 'node:crypto';

export const INLINE_ROOT = /\.inline\.ts$/;
// Not `inline-…`: Vite reads `&inline` at a word's start as `?worker&inline` (a worker as a data: address).
export const COPY_QUERY = 'page-copy';
export const CHUNK_URL_QUERY = '?chunk-url';
export const CHUNK_URL_PREFIX = '\0chunk-url:';

/** The path of a module id without its query. */
export function filePath(id: string): string {
  return id.replace(/\?.*$/, '');
}

/** The `page-copy` key a module id carries, or `undefined` for an ordinary module. */
export function copyKey(id: string): string | undefined {
  const query = id.includes('?') ? id.slice(id.indexOf('?') + 1) : '';
  return new URLSearchParams(query).get(COPY_QUERY) ?? undefined;
}

/** The copy key for everything under an `.inline.ts` root: short, stable and unique per root. */
export function rootKey(rootId: string): string {
  return createHash('sha256').update(filePath(rootId)).digest('hex').slice(0, 8);
}

/** Whether `id` carries a query besides the copy key (`?worker&url&page-copy=…`). */
export function hasOtherQuery(id: string): boolean {
  const query = id.includes('?') ? id.slice(id.indexOf('?') + 1) : '';
  return [...new URLSearchParams(query).keys()].some((key) => key !== COPY_QUERY);
}

export function withCopyKey(id: string, key: string): string {
  return `${id}${id.includes('?') ? '&' : '?'}${COPY_QUERY}=${key}`;
}
