import { useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useScrollableRegion } from '../lib/useScrollableRegion';
import { EmptyState } from '../empty-state/EmptyState';
import { Pagination } from '../pagination/Pagination';
import { Spinner } from '../spinner/Spinner';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** `index` is the row's position in the whole `rows` list (0-based), so s/n survives paging. */
  cell: (row: T, index: number) => ReactNode;
  className?: string;
  /** A sortable column's order (`aria-sort` on its header). */
  ariaSort?: 'ascending' | 'descending' | 'none';
  /**
   * Stays in view while a table too wide for its card (on a phone) scrolls sideways: give it to the first column, the
   * one that names the row (hide any column before it on small screens, e.g. `hidden md:table-cell`).
   */
  sticky?: boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  loading?: boolean;
  emptyMessage: string;
  /** Next steps beside the empty message (e.g. add the first item). */
  emptyAction?: ReactNode;
  /** Rows per page; default 5. */
  pageSize?: number;
  /** Controlled page (1-based); without it the table keeps its own. */
  page?: number;
  onPageChange?: (page: number) => void;
  pageLinks?: number;
  /** The table's accessible name (a visually hidden caption). */
  caption?: string;
  className?: string;
}

/** Keeps a sticky column's cells above the others as they scroll under it; the background hides what passes under. */
const stickyCell = 'sticky left-0 z-[1]';

/**
 * A paged table: columns with cell renderers, a loading state, an empty message and Prev/Next pagination. A table
 * wider than its card scrolls sideways inside it (never the page), its `sticky` column staying in view.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  loading = false,
  emptyMessage,
  emptyAction,
  pageSize = 5,
  page: controlledPage,
  onPageChange,
  pageLinks = 3,
  caption,
  className,
}: DataTableProps<T>) {
  const [internalPage, setInternalPage] = useState(1);
  const scroller = useScrollableRegion<HTMLDivElement>(caption ? `${caption} (scrolls sideways)` : 'Table (scrolls sideways)');
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(1, controlledPage ?? internalPage), pageCount);
  const start = (page - 1) * pageSize;
  const visible = rows.slice(start, start + pageSize);
  const changePage = (next: number) => {
    if (controlledPage === undefined) setInternalPage(next);
    onPageChange?.(next);
  };

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div ref={scroller} className="relative overflow-x-auto rounded-md border border-line bg-surface">
        <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-surface-muted">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.ariaSort}
                  className={cn(
                    'border-b border-line px-4 py-3 font-semibold whitespace-nowrap text-ink max-sm:px-2',
                    column.sticky && cn(stickyCell, 'bg-surface-muted'),
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading && rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center">
                  <Spinner label="Loading rows" />
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-0">
                  {/* As wide as the card, not the table, so the message stays in view on a phone. */}
                  <div className={cn(stickyCell, 'w-[min(100%,calc(100vw-5rem))]')}>
                    <EmptyState message={emptyMessage} action={emptyAction} />
                  </div>
                </td>
              </tr>
            ) : (
              visible.map((row, i) => (
                <tr key={getRowId(row)} className="group border-b border-line last:border-b-0 hover:bg-surface-muted">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'px-4 py-3 align-middle text-ink max-sm:px-2',
                        column.sticky && cn(stickyCell, 'bg-surface group-hover:bg-surface-muted'),
                        column.className,
                      )}
                    >
                      {column.cell(row, start + i)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {loading && rows.length > 0 ? (
          <div className="absolute inset-0 flex items-center justify-center bg-surface/60">
            <Spinner label="Loading rows" />
          </div>
        ) : null}
      </div>
      <Pagination page={page} pageCount={pageCount} onPageChange={changePage} pageLinks={pageLinks} />
    </div>
  );
}
