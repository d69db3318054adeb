import { useMemo, useState, type ReactNode } from 'react';
import { COUNT_CAP, LIST_PAGE_SIZES, PAGE_LINKS, type ListSort, type SortDirection } from '@inventory/contract/rules';
import {
  ConfirmDialog,
  DataTable,
  ErrorState,
  SearchInput,
  Select,
  VisuallyHidden,
  type DataTableColumn,
  type SelectOption,
} from '@inventory/ui';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CatalogueItem } from './catalogueItem';
import { itemColumns, type ItemColumnsOptions } from './itemColumns';
import { readFullNames, writeFullNames } from './listPreferences';
import { useMediaQuery } from './useMediaQuery';

/** From tailwind's `lg`: room for a name column wider than the spec's 16 characters. */
const ROOM_FOR_FULL_NAMES = '(min-width: 1024px)';

/** The columns whose header sorts the list, by the key of their column. */
const SORTABLE: Record<string, ListSort> = {
  name: 'name',
  category: 'category',
  price: 'price',
  quantity: 'quantity',
  value: 'value',
};

// "25 per page": the choice says what it is on a phone, where its label is for screen readers only.
export const PAGE_SIZE_OPTIONS = LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

export interface ListFilter {
  key: string;
  label: string;
  value: string;
  options: SelectOption[];
}

export interface PagedItemsTableProps<T extends CatalogueItem> extends Omit<ItemColumnsOptions<T>, 'onDelete'> {
  title: string;
  headingLevel?: 1 | 2;
  /** The rows of the shown page, as the server answered them. */
  items: T[];
  /** The shown page (1-based), the query's total and whether it is exact (else "at least"). */
  page: number;
  total: number;
  totalExact: boolean;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  /** Rows per page (one of LIST_PAGE_SIZES; the spec's 5 by default) and its choice. */
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  sort: ListSort;
  dir: SortDirection;
  onSortChange: (sort: ListSort) => void;
  filters: ListFilter[];
  onFilterChange: (key: string, value: string) => void;
  /** 'product' → "12 products". */
  noun: string;
  loading: boolean;
  error?: string | null;
  onRetry: () => void;
  /** The list is empty (nothing added yet). */
  emptyMessage: string;
  /** Next steps beside the empty message when the list itself is empty (not when a search matches nothing). */
  emptyAction?: ReactNode;
  /** Nothing matches the search or the filters. */
  noMatchMessage: string;
  confirmTitle: string;
  confirmMessage: string;
  onDelete: (item: T) => void;
  /** Opt-in: the feature asks its own question before a delete (the products' removal dialog) instead of the confirm here. */
  onDeleteRequest?: (item: T) => void;
  canEdit?: boolean;
  canDelete?: boolean;
  actions?: ReactNode;
  /** Columns of the feature's own (an order's status), shown before the actions. */
  extraColumns?: DataTableColumn<T>[];
  /** Opt-in: a first column of checkboxes ("Select {name}") to choose rows across pages. */
  selection?: RowSelection<T>;
  /** Opt-in: Enter in the search box (a keyboard-wedge scanner ends a SKU with it) hands over the text. */
  onSearchSubmit?: (search: string) => void;
}

/** The rows chosen, kept by the screen (they survive paging); the table shows and toggles them. */
export interface RowSelection<T> {
  isSelected: (item: T) => boolean;
  onToggle: (item: T, selected: boolean) => void;
}

function selectColumn<T extends CatalogueItem>({ isSelected, onToggle }: RowSelection<T>): DataTableColumn<T> {
  return {
    key: 'select',
    header: <VisuallyHidden>Select</VisuallyHidden>,
    className: 'w-10',
    cell: (item) => (
      // Under a finger the whole 44 px box around the small checkbox toggles it; a mouse gets the checkbox as it was.
      <label className="contents pointer-coarse:-m-3 pointer-coarse:inline-flex pointer-coarse:size-11 pointer-coarse:items-center pointer-coarse:justify-center">
        <input
          type="checkbox"
          aria-label={`Select ${item.name}`}
          checked={isSelected(item)}
          onChange={(event) => onToggle(item, event.target.checked)}
          className="size-4 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
      </label>
    ),
  };
}

/**
 * The rows a DataTable pages itself, for a page the server answered: the shown page at its place in a list as long as
 * the total (its s/n counting across pages, its page links right).
 */
export function pagedRows<T>(
  items: readonly T[],
  page: number,
  pageSize: number,
  total: number,
  hasNext: boolean,
): T[] {
  const start = (page - 1) * pageSize;
  const length = Math.max(total, start + items.length + (hasNext ? 1 : 0));
  const all = new Array<T>(length);
  items.forEach((item, i) => {
    all[start + i] = item;
  });
  return all;
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** "12 products", or "10,000+ products" when the server counted only up to its cap. */
export function totalLabel(total: number, exact: boolean, noun: string): string {
  return exact ? plural(total, noun) : `${Math.max(total, COUNT_CAP).toLocaleString('en-US')}+ ${noun}s`;
}

/**
 * A list the server answers a page at a time: the search box, the filters, sortable headers (aria-sort; a click
 * turns the direction round), the total, 5 rows a page (or 25, 50, 100: the rows-per-page choice) with s/n counting
 * across pages, Prev/Next and 3 page links, and the delete confirmation. A failed page shows an error state with Retry.
 */
export function PagedItemsTable<T extends CatalogueItem>(props: PagedItemsTableProps<T>) {
  const {
    title,
    headingLevel = 2,
    items,
    page,
    total,
    totalExact,
    hasNext,
    onPageChange,
    pageSize,
    onPageSizeChange,
    search,
    onSearchChange,
    searchPlaceholder,
    searchLabel,
    sort,
    dir,
    onSortChange,
    filters,
    onFilterChange,
    noun,
    loading,
    error,
    onRetry,
    emptyMessage,
    emptyAction,
    noMatchMessage,
    confirmTitle,
    confirmMessage,
    onDelete,
    onDeleteRequest,
    nameHeader,
    viewHref,
    editHref,
    actions,
    canEdit = true,
    canDelete = true,
    rowAllows,
    extraColumns,
    selection,
    onSearchSubmit,
  } = props;
  const [toDelete, setToDelete] = useState<T | null>(null);
  const listKey = title.replace(/\W+/g, '-').toLowerCase();
  const [fullNamesChosen, setFullNames] = useState(() => readFullNames(listKey));
  const roomForFullNames = useMediaQuery(ROOM_FOR_FULL_NAMES);
  const fullNames = fullNamesChosen && roomForFullNames;
  const columns = useMemo(
    () =>
      itemColumns<T>({
        nameHeader,
        viewHref,
        editHref: canEdit ? editHref : undefined,
        onDelete: canDelete ? (onDeleteRequest ?? setToDelete) : undefined,
        rowAllows,
        fullNames,
      })
        .flatMap((column) => (column.key === 'action' && extraColumns ? [...extraColumns, column] : [column]))
        .map((column) => {
          const key = SORTABLE[column.key];
          if (!key) return column;
          const active = key === sort;
          const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
          return {
            ...column,
            ariaSort: active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none',
            header: (
              <button
                type="button"
                className="inline-flex items-center gap-1 font-semibold text-ink hover:underline pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                onClick={() => onSortChange(key)}
              >
                {column.header}
                <Icon aria-hidden="true" className={active ? 'size-4' : 'size-4 opacity-40'} />
              </button>
            ),
          } as typeof column;
        }),
    [
      nameHeader,
      viewHref,
      editHref,
      canEdit,
      canDelete,
      onDeleteRequest,
      rowAllows,
      fullNames,
      sort,
      dir,
      onSortChange,
      extraColumns,
    ],
  );
  const shownColumns = useMemo(
    () => (selection ? [selectColumn(selection), ...columns] : columns),
    [selection, columns],
  );
  const rows = useMemo(() => pagedRows(items, page, pageSize, total, hasNext), [items, page, total, hasNext, pageSize]);
  const filtered = search.trim() !== '' || filters.some((filter) => filter.value !== '');
  const HeadingTag = headingLevel === 1 ? 'h1' : 'h2';
  const searchBox = (
    <SearchInput
      className="w-72 max-w-full"
      value={search}
      onChange={onSearchChange}
      placeholder={searchPlaceholder}
      label={searchLabel}
    />
  );
  const headingId = `items-table-${listKey}`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <HeadingTag
          id={headingId}
          className={
            headingLevel === 1 ? 'text-3xl font-bold tracking-tight text-ink' : 'text-2xl font-semibold text-ink'
          }
        >
          {title}
        </HeadingTag>
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          {onSearchSubmit ? (
            <form
              className="contents"
              onSubmit={(event) => {
                event.preventDefault();
                onSearchSubmit(search);
              }}
            >
              {searchBox}
            </form>
          ) : (
            searchBox
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3 max-sm:grid max-sm:w-full max-sm:grid-cols-2">
          {filters.map((filter) => (
            <Select
              key={filter.key}
              name={filter.key}
              label={filter.label}
              options={filter.options}
              value={filter.value}
              onChange={(event) => onFilterChange(filter.key, event.target.value)}
              wrapperClassName="w-48 max-sm:w-auto max-sm:min-w-0"
            />
          ))}
        </div>
        <div className="flex items-end gap-3 max-sm:w-full max-sm:items-center max-sm:justify-between">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {error || (loading && items.length === 0) ? '' : totalLabel(total, totalExact, noun)}
          </p>
          {/* Full names need the room of a wider screen; on a phone the name column stays the spec's 16 characters. */}
          <label className="flex items-center gap-2 pb-2 text-sm text-ink max-lg:hidden">
            <input
              type="checkbox"
              name="fullNames"
              checked={fullNamesChosen}
              onChange={(event) => {
                setFullNames(event.target.checked);
                writeFullNames(listKey, event.target.checked);
              }}
              className="size-4 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            />
            Full names
          </label>
          <Select
            name="rowsPerPage"
            label="Rows per page"
            options={PAGE_SIZE_OPTIONS}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            wrapperClassName="w-36 max-sm:[&>label]:sr-only"
          />
        </div>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <DataTable
          columns={shownColumns}
          rows={rows}
          getRowId={(item) => item._id}
          loading={loading}
          emptyMessage={filtered ? noMatchMessage : emptyMessage}
          emptyAction={filtered ? undefined : emptyAction}
          pageSize={pageSize}
          pageLinks={PAGE_LINKS}
          page={page}
          onPageChange={onPageChange}
          caption={title}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={confirmTitle}
        message={confirmMessage}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
          setToDelete(null);
        }}
      />
    </section>
  );
}
