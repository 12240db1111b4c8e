/**
 * Paging rules (blocks of page numbers, their arrows, totals and their fallbacks), shared by the list screens and the reference content server.
 */

/** Page numbers shown per block (the paging block size). */
export const PAGES_PER_BLOCK = 5;

export interface PageBlock {
  /** Current page, clamped to 1..totalPages. */
  now: number;
  /** Total pages, at least 1. */
  totalPages: number;
  startPage: number;
  endPage: number;
  /** Target of the previous arrow: the page before the block start, at least 1. */
  prevPage: number;
  /** Target of the next arrow: the page after the block end, at most the last page. */
  nextPage: number;
  hasPrev: boolean;
  hasNext: boolean;
}

/** Total posts as the spec reads `page_size`: anything under 1 (or not a number) counts as 1. */
export function totalPosts(pageSize: number | undefined | null): number {
  return typeof pageSize === 'number' && Number.isFinite(pageSize) && pageSize >= 1
    ? Math.floor(pageSize)
    : 1;
}

/** Total pages = ceil(total posts / page size), at least 1. */
export function totalPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalPosts(total) / perPage));
}

/** The block of {@link PAGES_PER_BLOCK} page numbers holding `page`, with the arrow targets. */
export function pageBlock(
  page: number,
  total: number,
  perPage: number,
  perBlock = PAGES_PER_BLOCK,
): PageBlock {
  const pages = totalPages(total, perPage);
  const now = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const startPage = Math.floor((now - 1) / perBlock) * perBlock + 1;
  const endPage = Math.min(startPage + perBlock - 1, pages);
  return {
    now,
    totalPages: pages,
    startPage,
    endPage,
    prevPage: Math.max(1, startPage - 1),
    nextPage: Math.min(pages, endPage + 1),
    hasPrev: startPage > 1,
    hasNext: endPage < pages,
  };
}

/** Block bounds for a requested page that may lie past the end (the server's paging object). */
export function serverBlock(
  page: number,
  total: number,
  perPage: number,
): { start_page: number; end_page: number } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const start = Math.floor((Math.max(1, page) - 1) / PAGES_PER_BLOCK) * PAGES_PER_BLOCK + 1;
  const clampedStart = Math.min(start, Math.floor((pages - 1) / PAGES_PER_BLOCK) * PAGES_PER_BLOCK + 1);
  return { start_page: clampedStart, end_page: Math.min(clampedStart + PAGES_PER_BLOCK - 1, pages) };
}
