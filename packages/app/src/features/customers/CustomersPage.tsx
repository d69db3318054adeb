import { useCallback, useEffect, useMemo } from 'react';
import { type Customer, type CustomerSort, MESSAGES, PAGE_LINKS } from '@inventory/contract/rules';
import {
  Badge,
  buttonVariants,
  DataTable,
  ErrorState,
  RowActions,
  SearchInput,
  Select,
  type DataTableColumn,
  type RowActionLinkProps,
} from '@inventory/ui';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS, pagedRows, totalLabel } from '../../catalogue/PagedItemsTable';
import { ExportCsvLink } from '../../csv-links/CsvLinks';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { customerListActions, selectCustomerList } from './customerListSlice';

const ARCHIVE_OPTIONS = [
  { value: '', label: 'Active' },
  { value: 'only', label: 'Archived' },
  { value: 'include', label: 'All' },
];

const renderLink = ({ href, className, children }: RowActionLinkProps) => (
  <Link to={href} className={className}>
    {children}
  </Link>
);

/** A column's header that sorts the list (aria-sort; the same column again turns the direction round). */
function sortHeader(label: string, key: CustomerSort, sort: CustomerSort, dir: 'asc' | 'desc', onSort: (key: CustomerSort) => void) {
  const active = key === sort;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return {
    ariaSort: (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none') as 'ascending' | 'descending' | 'none',
    header: (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold text-ink hover:underline pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        onClick={() => onSort(key)}
      >
        {label}
        <Icon aria-hidden="true" className={active ? 'size-4' : 'size-4 opacity-40'} />
      </button>
    ),
  };
}

/**
 * /customers: the store's customers a page at a time from the server (5 rows by default, or 25, 50, 100, remembered),
 * searched by name, company, email or phone, sorted by name, company, email or date added; the archived ones shown
 * only when asked for. Each name opens the customer's page (their orders, and Delete or Archive there).
 */
export function CustomersPage() {
  usePageTitle('Customers');
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectCustomerList);
  const canAdd = useAppSelector(selectOffers('customers:create'));
  const canEdit = useAppSelector(selectOffers('customers:update'));
  const { q, sort, dir, filters, limit } = list.query;

  useEffect(() => {
    dispatch(customerListActions.reloadRequested());
  }, [dispatch]);
  const onSort = useCallback((key: CustomerSort) => dispatch(customerListActions.sortChanged(key)), [dispatch]);

  const columns = useMemo((): DataTableColumn<Customer>[] => {
    const sorted = (label: string, key: CustomerSort) => sortHeader(label, key, sort, dir, onSort);
    return [
      {
        key: 'name',
        sticky: true,
        ...sorted('Name', 'name'),
        cell: (customer) => (
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/customers/${customer._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {customer.name}
            </Link>
            {customer.archivedAt ? <Badge tone="neutral">Archived</Badge> : null}
          </span>
        ),
      },
      { key: 'company', ...sorted('Company', 'company'), cell: (customer) => customer.company },
      { key: 'email', ...sorted('Email', 'email'), cell: (customer) => customer.email, className: 'max-sm:hidden' },
      { key: 'phone', header: 'Phone', cell: (customer) => <span className="whitespace-nowrap">{customer.phone}</span> },
      {
        key: 'action',
        header: 'Action',
        cell: (customer) => (
          <RowActions
            itemLabel={customer.name}
            viewHref={`/customers/${customer._id}`}
            editHref={canEdit ? `/edit-customer/${customer._id}` : undefined}
            renderLink={renderLink}
          />
        ),
      },
    ];
  }, [sort, dir, onSort, canEdit]);

  const rows = useMemo(() => pagedRows(list.items, list.page, limit, list.total, list.next !== null), [list.items, list.page, limit, list.total, list.next]);
  const loading = list.status === 'idle' || list.status === 'loading';
  const filtered = q.trim() !== '' || filters.archived !== '';
  const error = list.status === 'failed' ? list.message : null;

  return (
    <section
      aria-labelledby="customers-heading"
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="customers-heading" className="text-3xl font-bold tracking-tight text-ink">
          Customers
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <ExportCsvLink what="customers" />
          {canAdd ? (
            <Link to="/add-customer" className={buttonVariants({ variant: 'primary' })}>
              Add Customer
            </Link>
          ) : null}
          <SearchInput
            className="w-72 max-w-full"
            value={q}
            onChange={(text) => dispatch(customerListActions.searchChanged(text))}
            placeholder="Search customers"
            label="Search customers by name, company, email or phone"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 max-sm:gap-2">
        <Select
          name="archived"
          label="Show"
          options={ARCHIVE_OPTIONS}
          value={filters.archived}
          onChange={(event) => dispatch(customerListActions.filterChanged({ key: 'archived', value: event.target.value }))}
          wrapperClassName="w-48 max-sm:w-auto max-sm:min-w-0"
        />
        <div className="flex items-end gap-3 max-sm:w-full max-sm:items-center max-sm:justify-between">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {error || (loading && list.items.length === 0) ? '' : totalLabel(list.total, list.totalExact, 'customer')}
          </p>
          <Select
            name="rowsPerPage"
            label="Rows per page"
            options={PAGE_SIZE_OPTIONS}
            value={String(limit)}
            onChange={(event) => dispatch(customerListActions.pageSizeChanged(Number(event.target.value)))}
            wrapperClassName="w-36 max-sm:[&>label]:sr-only"
          />
        </div>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={() => dispatch(customerListActions.reloadRequested())} />
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(customer) => customer._id}
          loading={loading}
          emptyMessage={filtered ? 'No customers match this search or this filter.' : MESSAGES.noCustomers}
          emptyAction={
            canAdd && !filtered ? (
              <Link to="/add-customer" className={buttonVariants({ variant: 'secondary' })}>
                Add a customer
              </Link>
            ) : undefined
          }
          pageSize={limit}
          pageLinks={PAGE_LINKS}
          page={list.page}
          onPageChange={(page) => dispatch(customerListActions.pageRequested({ page }))}
          caption="Customers"
        />
      )}
    </section>
  );
}
