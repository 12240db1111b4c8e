/**
 * Code that arrives after the page (DOMPurify, say) comes from hashed files. A tab left open
 * across a deploy asks for files the host no longer has; the import then rejects, and the
 * visitor must see a way out rather than a loading state that never ends.
 */
import { t } from '../../i18n/index.ts';

/** Korean copy for a missing file: retrying means loading the page again. */
export const STALE_PAGE_MESSAGE = t('error.stalePage');

/** A lazily loaded module could not be fetched or run. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(STALE_PAGE_MESSAGE, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Runs `importer`, turning any failure into a {@link ChunkLoadError}. */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new ChunkLoadError(error);
  }
}
