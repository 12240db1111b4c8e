/**
 * Loads one detail from the content API for the live fallback: the typed client never
 * rejects, so the outcome is always one of the screen's states.
 */
import { t } from '../../i18n/index.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import { ChunkLoadError } from '../../lib/dom/load-chunk.ts';
import type { Sanitizer } from '../../lib/html/load-sanitizer.ts';
import { blogArticle, patentArticle, type Article } from './article-data.ts';
import type { DetailTarget } from '../../lib/detail-paths.ts';

export type DetailOutcome =
  | { status: 'ready'; article: Article }
  | { status: 'not-found' }
  /** `reload`: retrying cannot help without loading the page again (a file of the site is gone). */
  | { status: 'error'; message: string; reload?: boolean }
  | { status: 'aborted' };

export interface DetailLoaderEnv {
  request: ApiClient;
  /** Loads the browser sanitiser; a function so DOMPurify is fetched only when HTML arrives. */
  loadSanitizer(): Promise<Sanitizer>;
}

/** Fetches, validates and sanitises the detail named by `target`. Never rejects. */
export async function loadDetail(
  target: DetailTarget,
  env: DetailLoaderEnv,
  signal?: AbortSignal,
): Promise<DetailOutcome> {
  try {
    return await fetchDetail(target, env, signal);
  } catch (error) {
    if (error instanceof ChunkLoadError) return { status: 'error', message: error.message, reload: true };
    return { status: 'error', message: t('detail.error.unexpected') };
  }
}

async function fetchDetail(
  target: DetailTarget,
  env: DetailLoaderEnv,
  signal?: AbortSignal,
): Promise<DetailOutcome> {
  const { kind, key } = target;
  const result =
    kind === 'patent'
      ? await env.request('patentDetail', { tag: key }, { signal })
      : await env.request('blogDetail', { id: key }, { signal });
  if (!result.ok) {
    if (result.error.kind === 'aborted') return { status: 'aborted' };
    if (result.error.kind === 'not-found') return { status: 'not-found' };
    return { status: 'error', message: result.error.message };
  }
  const raw = 'list' in result.data ? (result.data.list.content ?? '') : result.data.content;
  const html = raw.trim() ? (await env.loadSanitizer())(raw) : '';
  if (signal?.aborted) return { status: 'aborted' };
  const article =
    'list' in result.data
      ? patentArticle(key, result.data.list, html)
      : blogArticle(kind === 'success' ? 'success' : 'blog', key, result.data, html);
  return { status: 'ready', article };
}
