import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** How many numbered page links are shown around the current page; default 3. */
  pageLinks?: number;
  className?: string;
}

/** The numbered pages shown: a window of `pageLinks` pages that keeps the current page in view. */
export function pageWindow(page: number, pageCount: number, pageLinks: number): number[] {
  const count = Math.max(0, Math.min(pageLinks, pageCount));
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 pointer-coarse:h-11 pointer-coarse:min-w-11';

/** 'Prev', up to three numbered pages and 'Next'; the current page has aria-current="page". Hidden for one page. */
export function Pagination({ page, pageCount, onPageChange, pageLinks = 3, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav aria-label="Pagination" className={className}>
      <ul className="m-0 flex list-none flex-wrap items-center gap-1 p-0">
        <li>
          <button
            type="button"
            className={cn(itemClass, 'border-line-strong bg-surface text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50')}
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Prev
          </button>
        </li>
        {pageWindow(current, pageCount, pageLinks).map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-label={`Page ${n}`}
              aria-current={n === current ? 'page' : undefined}
              className={cn(
                itemClass,
                n === current
                  ? 'border-brand-600 bg-brand-600 text-ink-inverse'
                  : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
              )}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={cn(itemClass, 'border-line-strong bg-surface text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50')}
            disabled={current >= pageCount}
            onClick={() => onPageChange(current + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
