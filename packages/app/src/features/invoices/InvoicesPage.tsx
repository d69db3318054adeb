import { useEffect, useMemo } from 'react';
import { formatMoneyIn, PAGE_LINKS, type InvoiceSummary } from '@inventory/contract/rules';
import { buttonVariants, DataTable, ErrorState, SearchInput, Select, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS, pagedRows, totalLabel } from '../../catalogue/PagedItemsTable';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { invoiceListActions, selectInvoiceList } from './invoiceListSlice';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { INVOICE_STATUS_LABELS } from './invoiceTexts';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...(['draft', 'unpaid', 'partly_paid', 'paid', 'overdue', 'credited'] as const).map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
];

const money = (invoice: InvoiceSummary, cents: number) => formatMoneyIn(cents, invoice.currency);

/**
 * /invoices: the store's invoices, newest first, a page at a time from the server: filtered by status (draft, unpaid,
 * partly paid, paid, overdue, credited) and searched by number; each opens its detail. Who may write starts a new one.
 */
export function InvoicesPage() {
  usePageTitle('Invoices');
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectInvoiceList);
  const mayWrite = useAppSelector(selectOffers('invoices:write'));
  const { q, filters, limit } = list.query;

  useEffect(() => {
    dispatch(invoiceListActions.reloadRequested());
  }, [dispatch]);

  const columns = useMemo(
    (): DataTableColumn<InvoiceSummary>[] => [
      {
        key: 'number',
        header: 'Number',
        sticky: true,
        cell: (invoice) => (
          <Link to={`/invoices/${invoice._id}`} className="whitespace-nowrap font-medium text-brand-700 underline">
            {invoice.number ?? 'Draft'}
          </Link>
        ),
      },
      { key: 'customer', header: 'Customer', cell: (invoice) => invoice.customer.name },
      { key: 'status', header: 'Status', cell: (invoice) => <InvoiceStatusBadge invoice={invoice} /> },
      { key: 'issued', header: 'Issued', cell: (invoice) => <span className="whitespace-nowrap">{invoice.issueDate ?? '—'}</span>, className: 'max-sm:hidden' },
      { key: 'due', header: 'Due', cell: (invoice) => <span className="whitespace-nowrap">{invoice.dueDate ?? '—'}</span> },
      { key: 'total', header: 'Total', cell: (invoice) => <span className="whitespace-nowrap font-mono">{money(invoice, invoice.totals.grossCents)}</span> },
      { key: 'due-amount', header: 'Amount due', cell: (invoice) => <span className="whitespace-nowrap font-mono">{invoice.status === 'draft' ? '—' : money(invoice, invoice.amountDueCents)}</span> },
    ],
    [],
  );
  const rows = useMemo(() => pagedRows(list.items, list.page, limit, list.total, list.next !== null), [list.items, list.page, limit, list.total, list.next]);
  const loading = list.status === 'idle' || list.status === 'loading';
  const filtered = q.trim() !== '' || filters.status !== '';
  const error = list.status === 'failed' ? list.message : null;

  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="invoices-heading" className="text-3xl font-bold tracking-tight text-ink">
          Invoices
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          {mayWrite ? (
            <Link to="/invoices/new" className={buttonVariants({ variant: 'primary' })}>
              New invoice
            </Link>
          ) : null}
          <SearchInput
            className="w-72 max-w-full"
            value={q}
            onChange={(text) => dispatch(invoiceListActions.searchChanged(text))}
            placeholder="Search invoices"
            label="Search invoices by number (INV-2026-000123)"
          />
        </div>
      </div>
      <RequirePermission permission="invoices:read">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Select
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(event) => dispatch(invoiceListActions.filterChanged({ key: 'status', value: event.target.value }))}
            wrapperClassName="w-48"
          />
          <div className="flex items-end gap-3 max-sm:w-full max-sm:items-center max-sm:justify-between">
            <p className="text-sm text-ink-muted" aria-live="polite">
              {error || (loading && list.items.length === 0) ? '' : totalLabel(list.total, list.totalExact, 'invoice')}
            </p>
            <Select
              name="rowsPerPage"
              label="Rows per page"
              options={PAGE_SIZE_OPTIONS}
              value={String(limit)}
              onChange={(event) => dispatch(invoiceListActions.pageSizeChanged(Number(event.target.value)))}
              wrapperClassName="w-36 max-sm:[&>label]:sr-only"
            />
          </div>
        </div>
        {error ? (
          <ErrorState message={error} onRetry={() => dispatch(invoiceListActions.reloadRequested())} />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            getRowId={(invoice) => invoice._id}
            loading={loading}
            emptyMessage={filtered ? 'No invoices match this search or this status.' : 'No invoices yet: write one, or invoice an order from its detail.'}
            emptyAction={
              mayWrite && !filtered ? (
                <Link to="/invoices/new" className={buttonVariants({ variant: 'secondary' })}>
                  New invoice
                </Link>
              ) : undefined
            }
            pageSize={limit}
            pageLinks={PAGE_LINKS}
            page={list.page}
            onPageChange={(page) => dispatch(invoiceListActions.pageRequested({ page }))}
            caption="Invoices"
          />
        )}
      </RequirePermission>
    </section>
  );
}
