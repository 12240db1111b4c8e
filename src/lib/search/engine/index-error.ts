/**
 * The one error of the search index: a file missing, stale or malformed. Its own module because
 * both the file store (a file unreachable or invalid) and the searcher (files that disagree)
 * throw it; `searcher.ts` exports it to the screens.
 */
export class SearchIndexError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchIndexError';
  }
}
