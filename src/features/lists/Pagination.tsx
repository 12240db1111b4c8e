import type { MouseEvent } from 'react';
import { pageBlock } from '../../lib/paging.ts';
import { t } from '../../i18n/index.ts';
import styles from './lists.module.scss';

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  /** Address of a page, for real links that work without JavaScript too. */
  hrefFor(page: number): string;
  onPage(page: number): void;
}

/** Paging in blocks of five (the block paging rule, lib/paging.ts): numbered links, previous/next block arrows. */
export function Pagination({ page, total, pageSize, hrefFor, onPage }: PaginationProps) {
  const block = pageBlock(page, total, pageSize);
  const numbers = Array.from({ length: block.endPage - block.startPage + 1 }, (_, i) => block.startPage + i);
  const follow = (target: number) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(target);
  };

  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => onPage(block.prevPage)}
        disabled={!block.hasPrev}
        aria-label={t('pagination.prev')}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ol>
        {numbers.map((number) => (
          <li key={number}>
            <a
              href={hrefFor(number)}
              aria-current={number === block.now ? 'page' : undefined}
              onClick={follow(number)}
            >
              {number}
            </a>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => onPage(block.nextPage)}
        disabled={!block.hasNext}
        aria-label={t('pagination.next')}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </nav>
  );
}
