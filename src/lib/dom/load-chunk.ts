/**
 * Code that arrives after the page (DOMPurify, say) comes from hashed files. A tab left open
 * across a deploy asks for files the host no longer has; the import then rejects, and the
 * visitor must see a way out rather than a loading state that never ends.
 */

/** Korean copy for a missing file: retrying means loading the page again. */
export const STALE_PAGE_MESSAGE =
  '사이트가 새 버전으로 바뀌어 필요한 파일을 불러오지 못했습니다. 다시 시도하면 페이지를 새로 불러옵니다.';

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
