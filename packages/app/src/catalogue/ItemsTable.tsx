import { useMemo, useState, type ReactNode } from 'react';
import { PAGE_LINKS, PAGE_SIZE } from '@inventory/contract';
import {
  ConfirmDialog,
  DataTable,
  ErrorState,
  RowActions,
  SearchInput,
  type DataTableColumn,
  type RowActionLinkProps,
} from '@inventory/ui';
import { Link } from 'react-router-dom';
import type { CatalogueItem } from './catalogueItem';
import { formatMoney, itemValue } from './money';
import { truncateName } from './truncateName';

function renderLink({ href, className, children }: RowActionLinkProps) {
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

export interface ItemColumnsOptions<T extends CatalogueItem> {
  /** 'Name' on the dashboard, 'Order P.Name' on the orders table. */
  nameHeader: string;
  viewHref: (item: T) => string;
  /** Left out: no edit action (the role may not edit). */
  editHref?: (item: T) => string;
  /** Left out: no delete action (the role may not delete). */
  onDelete?: (item: T) => void;
}

/**
 * The columns of the dashboard's and the orders' tables: s/n (counting across pages), the name cut to 16 characters
 * with the full name as its tooltip, category, price, quantity, value (price x quantity) and the view / edit / delete
 * actions (edit and delete only where given).
 */
export function itemColumns<T extends CatalogueItem>({
  nameHeader,
  viewHref,
  editHref,
  onDelete,
}: ItemColumnsOptions<T>): DataTableColumn<T>[] {
  return [
    // On a phone the table scrolls sideways inside its card with the name kept in view; s/n gives it the room.
    { key: 'sn', header: 's/n', cell: (_item, index) => index + 1, className: 'hidden md:table-cell' },
    {
      key: 'name',
      header: nameHeader,
      sticky: true,
      cell: (item) => {
        const short = truncateName(item.name);
        return short === item.name ? item.name : <span title={item.name}>{short}</span>;
      },
    },
    { key: 'category', header: 'Category', cell: (item) => item.category },
    { key: 'price', header: 'Price', cell: (item) => formatMoney(item.price) },
    { key: 'quantity', header: 'Quantity', cell: (item) => item.quantity },
    { key: 'value', header: 'Value', cell: (item) => formatMoney(itemValue(item)) },
    {
      key: 'action',
      header: 'Action',
      cell: (item) => (
        <RowActions
          itemLabel={item.name}
          viewHref={viewHref(item)}
          editHref={editHref?.(item)}
          onDelete={onDelete ? () => onDelete(item) : undefined}
          renderLink={renderLink}
        />
      ),
    },
  ];
}

export interface ItemsTableProps<T extends CatalogueItem> extends Omit<ItemColumnsOptions<T>, 'onDelete'> {
  /** The section heading ('Inventory Items', 'Orders Items'); `headingLevel` 1 when it is the page's own title. */
  title: string;
  headingLevel?: 1 | 2;
  /** The rows, already filtered by `search`. */
  items: T[];
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  loading: boolean;
  /** When set, the list failed to load: an error state with a retry button replaces the table. */
  error?: string | null;
  onRetry: () => void;
  emptyMessage: string;
  /** The delete confirmation's texts. */
  confirmTitle: string;
  confirmMessage: string;
  /** Called once the user confirms; the dialog has closed. */
  onDelete: (item: T) => void;
  /** Whether the rows offer Edit and Delete (the role allows them). Default true. */
  canEdit?: boolean;
  canDelete?: boolean;
  /** Shown beside the heading, e.g. an 'Add' link. */
  actions?: ReactNode;
}

/**
 * A searchable, paged items table with the delete confirmation: 5 rows a page, Prev/Next with 3 page links, back to
 * page 1 when the search changes; Delete asks first and Cancel calls nothing.
 */
export function ItemsTable<T extends CatalogueItem>({
  title,
  headingLevel = 2,
  items,
  search,
  onSearchChange,
  searchPlaceholder,
  searchLabel,
  loading,
  error,
  onRetry,
  emptyMessage,
  confirmTitle,
  confirmMessage,
  onDelete,
  nameHeader,
  viewHref,
  editHref,
  actions,
  canEdit = true,
  canDelete = true,
}: ItemsTableProps<T>) {
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const columns = useMemo(
    () =>
      itemColumns<T>({
        nameHeader,
        viewHref,
        editHref: canEdit ? editHref : undefined,
        onDelete: canDelete ? setToDelete : undefined,
      }),
    [nameHeader, viewHref, editHref, canEdit, canDelete],
  );
  const HeadingTag = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `items-table-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card sm:p-6">
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
          <SearchInput
            className="w-72 max-w-full"
            value={search}
            onChange={(next) => {
              setPage(1);
              onSearchChange(next);
            }}
            placeholder={searchPlaceholder}
            label={searchLabel}
          />
        </div>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <DataTable
          columns={columns}
          rows={items}
          getRowId={(item) => item._id}
          loading={loading}
          emptyMessage={emptyMessage}
          pageSize={PAGE_SIZE}
          pageLinks={PAGE_LINKS}
          page={page}
          onPageChange={setPage}
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
