import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { PAGE_LINKS } from '@inventory/contract/rules';
import { Badge, buttonVariants, DataTable, ErrorState, RowActions, SearchInput, Select, type DataTableColumn, type RowActionLinkProps } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { type CsvExport, ExportCsvLink } from '../csv-links/CsvLinks';
import { useAppDispatch } from '../store/hooks';
import type { PagedListActions, PagedListState } from './pagedList';
import { PAGE_SIZE_OPTIONS, pagedRows, totalLabel } from './PagedItemsTable';
import { ARCHIVE_OPTIONS, sortHeader } from './sortHeader';

const renderLink = ({ href, className, children }: RowActionLinkProps) => (
  <Link to={href} className={className}>
    {children}
  </Link>
);

/** A column of the list: sortable by `sort`, or with a plain header. */
export type ArchivableColumn<T, S extends string> = Omit<DataTableColumn<T>, 'header'> & ({ sort: S; label: string } | { header: ReactNode });

export interface ArchivableListPageProps<T extends { _id: string; name: string; archivedAt: string | null }, S extends string> {
  /** The records' name: the heading and the table's caption ('Customers'), its one ('customer') in the total. */
  title: string;
  noun: string;
  /** Their path: `/<path>` lists them, `/<path>/:id` shows one; `/add-<noun>` and `/edit-<noun>/:id` make and edit them. */
  path: string;
  exportWhat: CsvExport;
  searchLabel: string;
  emptyMessage: string;
  list: PagedListState<T, { archived: string }, S>;
  actions: PagedListActions<{ archived: string }, S>;
  canAdd: boolean;
  canEdit: boolean;
  /** The columns after the name, in order. */
  columns: readonly ArchivableColumn<T, S>[];
}

/**
 * The list screen of a store's records that are archived rather than deleted (customers, suppliers): a page at a time
 * from the server (5 rows by default, or 25, 50, 100, remembered), searched and sorted, the archived ones shown only
 * when asked for; each name opens the record's page (Delete or Archive there), with Export CSV and Add beside.
 */
export function ArchivableListPage<T extends { _id: string; name: string; archivedAt: string | null }, S extends string>(props: ArchivableListPageProps<T, S>) {
  const { title, noun, path, list, actions, canAdd, canEdit } = props;
  const dispatch = useAppDispatch();
  const { q, sort, dir, filters, limit } = list.query;
  useEffect(() => {
    dispatch(actions.reloadRequested());
  }, [dispatch, actions]);
  const onSort = useCallback((key: S) => dispatch(actions.sortChanged(key)), [dispatch, actions]);
  const heading = `${path}-heading`;

  const columns = useMemo((): DataTableColumn<T>[] => {
    const header = (column: ArchivableColumn<T, S>) =>
      'sort' in column ? sortHeader(column.label, column.sort, sort, dir, onSort) : { header: column.header };
    return [
      {
        key: 'name',
        sticky: true,
        ...sortHeader('Name', 'name' as S, sort, dir, onSort),
        cell: (record) => (
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/${path}/${record._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {record.name}
            </Link>
            {record.archivedAt ? <Badge tone="neutral">Archived</Badge> : null}
          </span>
        ),
      },
      ...props.columns.map(({ ...column }) => {
        const { sort: _sort, label: _label, header: _header, ...rest } = column as ArchivableColumn<T, S> & { sort?: S; label?: string; header?: ReactNode };
        return { ...rest, ...header(column) } as DataTableColumn<T>;
      }),
      {
        key: 'action',
        header: 'Action',
        cell: (record) => (
          <RowActions
            itemLabel={record.name}
            viewHref={`/${path}/${record._id}`}
            editHref={canEdit ? `/edit-${noun}/${record._id}` : undefined}
            renderLink={renderLink}
          />
        ),
      },
    ];
  }, [props.columns, sort, dir, onSort, canEdit, path, noun]);

  const rows = useMemo(() => pagedRows(list.items, list.page, limit, list.total, list.next !== null), [list.items, list.page, limit, list.total, list.next]);
  const loading = list.status === 'idle' || list.status === 'loading';
  const filtered = q.trim() !== '' || filters.archived !== '';
  const error = list.status === 'failed' ? list.message : null;

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={heading} className="text-3xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <ExportCsvLink what={props.exportWhat} />
          {canAdd ? (
            <Link to={`/add-${noun}`} className={buttonVariants({ variant: 'primary' })}>
              Add {title.replace(/s$/, '')}
            </Link>
          ) : null}
          <SearchInput
            className="w-72 max-w-full"
            value={q}
            onChange={(text) => dispatch(actions.searchChanged(text))}
            placeholder={`Search ${title.toLowerCase()}`}
            label={props.searchLabel}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 max-sm:gap-2">
        <Select
          name="archived"
          label="Show"
          options={ARCHIVE_OPTIONS}
          value={filters.archived}
          onChange={(event) => dispatch(actions.filterChanged({ key: 'archived', value: event.target.value }))}
          wrapperClassName="w-48 max-sm:w-auto max-sm:min-w-0"
        />
        <div className="flex items-end gap-3 max-sm:w-full max-sm:items-center max-sm:justify-between">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {error || (loading && list.items.length === 0) ? '' : totalLabel(list.total, list.totalExact, noun)}
          </p>
          <Select
            name="rowsPerPage"
            label="Rows per page"
            options={PAGE_SIZE_OPTIONS}
            value={String(limit)}
            onChange={(event) => dispatch(actions.pageSizeChanged(Number(event.target.value)))}
            wrapperClassName="w-36 max-sm:[&>label]:sr-only"
          />
        </div>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={() => dispatch(actions.reloadRequested())} />
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(record) => record._id}
          loading={loading}
          emptyMessage={filtered ? `No ${title.toLowerCase()} match this search or this filter.` : props.emptyMessage}
          emptyAction={
            canAdd && !filtered ? (
              <Link to={`/add-${noun}`} className={buttonVariants({ variant: 'secondary' })}>
                Add a {noun}
              </Link>
            ) : undefined
          }
          pageSize={limit}
          pageLinks={PAGE_LINKS}
          page={list.page}
          onPageChange={(page) => dispatch(actions.pageRequested({ page }))}
          caption={title}
        />
      )}
    </section>
  );
}
