import { useEffect, useMemo } from 'react';
import {
  PAGE_LINKS,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  toCents,
  type PurchaseOrder,
} from '@inventory/contract/rules';
import { buttonVariants, DataTable, ErrorState, SearchInput, Select, type DataTableColumn } from '@inventory/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS, pagedRows, totalLabel } from '../../catalogue/PagedItemsTable';
import { formatDate } from '../../dates/formatDateTime';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { dayText } from '../../dates/dayText';
import { purchaseOrderListActions, selectPurchaseOrderList } from './purchaseOrderListSlice';
import { moneyIn } from './purchaseOrderLinesForm';
import { currencyRequested, selectPurchaseOrders, supplierSearchRequested } from './purchaseOrdersSlice';
import { PurchaseStatusBadge } from '../../purchasing/PurchaseStatusBadge';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...PURCHASE_ORDER_STATUSES.map((status) => ({ value: status, label: PURCHASE_ORDER_STATUS_LABELS[status] })),
];

/**
 * /purchase-orders: the store's purchase orders, newest first, a page at a time from the server: filtered by status
 * and supplier, searched by number ("PO-00045", "po 45") or the supplier's name; each number opens the order. A link
 * may name the filters (`?status=draft`: the drafts "Order these" made).
 */
export function PurchaseOrdersPage() {
  usePageTitle('Purchase Orders');
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectPurchaseOrderList);
  const { suppliers, currency } = useAppSelector(selectPurchaseOrders);
  const mayManage = useAppSelector(selectOffers('purchasing:manage'));
  const seesCosts = useAppSelector(selectOffers('cost:read'));
  const [params] = useSearchParams();
  const statusParam = params.get('status');
  const { q, filters, limit } = list.query;

  useEffect(() => {
    dispatch(currencyRequested());
    dispatch(supplierSearchRequested(''));
    if (statusParam !== null) dispatch(purchaseOrderListActions.filterChanged({ key: 'status', value: statusParam }));
    else dispatch(purchaseOrderListActions.reloadRequested());
  }, [dispatch, statusParam]);

  const money = useMemo(() => moneyIn(currency), [currency]);
  const columns = useMemo(
    (): DataTableColumn<PurchaseOrder>[] => [
      {
        key: 'number',
        header: 'Number',
        sticky: true,
        cell: (order) => (
          <Link to={`/purchase-orders/${order._id}`} className="whitespace-nowrap font-medium text-brand-700 underline">
            {order.reference}
          </Link>
        ),
      },
      { key: 'supplier', header: 'Supplier', cell: (order) => order.supplier.name },
      { key: 'status', header: 'Status', cell: (order) => <PurchaseStatusBadge status={order.status} /> },
      {
        key: 'expected',
        header: 'Expected',
        cell: (order) => <span className="whitespace-nowrap">{order.expectedDate ? dayText(order.expectedDate) : '—'}</span>,
      },
      { key: 'lines', header: 'Lines', cell: (order) => order.lineCount },
      ...(seesCosts
        ? [{ key: 'total', header: 'Total', cell: (order: PurchaseOrder) => (order.total == null ? '—' : money(toCents(order.total))) }]
        : []),
      {
        key: 'created',
        header: 'Created',
        cell: (order) => <span className="whitespace-nowrap">{formatDate(order.createdAt)}</span>,
        className: 'max-sm:hidden',
      },
    ],
    [money, seesCosts],
  );
  const rows = useMemo(
    () => pagedRows(list.items, list.page, limit, list.total, list.next !== null),
    [list.items, list.page, limit, list.total, list.next],
  );
  const supplierOptions = useMemo(() => {
    const options = suppliers.map((supplier) => ({ value: supplier._id, label: supplier.name }));
    // A supplier chosen earlier stays choosable while the picker's search shows others.
    if (filters.supplierId && !options.some((option) => option.value === filters.supplierId)) {
      const shown = list.items.find((order) => order.supplier._id === filters.supplierId)?.supplier;
      options.unshift({ value: filters.supplierId, label: shown?.name ?? 'The chosen supplier' });
    }
    return [{ value: '', label: 'All suppliers' }, ...options];
  }, [suppliers, filters.supplierId, list.items]);
  const loading = list.status === 'idle' || list.status === 'loading';
  const filtered = q.trim() !== '' || filters.status !== '' || filters.supplierId !== '';
  const error = list.status === 'failed' ? list.message : null;

  return (
    <section
      aria-labelledby="purchase-orders-heading"
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="purchase-orders-heading" className="text-3xl font-bold tracking-tight text-ink">
          Purchase Orders
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          {mayManage ? (
            <Link to="/purchase-orders/new" className={buttonVariants({ variant: 'primary' })}>
              New purchase order
            </Link>
          ) : null}
          <SearchInput
            className="w-72 max-w-full"
            value={q}
            onChange={(text) => dispatch(purchaseOrderListActions.searchChanged(text))}
            placeholder="Search purchase orders"
            label="Search purchase orders by number (PO-00045) or supplier"
          />
        </div>
      </div>
      <RequirePermission permission="purchasing:receive">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3 max-sm:grid max-sm:w-full max-sm:grid-cols-2">
            <Select
              name="status"
              label="Status"
              options={STATUS_OPTIONS}
              value={filters.status}
              onChange={(event) => dispatch(purchaseOrderListActions.filterChanged({ key: 'status', value: event.target.value }))}
              wrapperClassName="w-48 max-sm:w-auto max-sm:min-w-0"
            />
            <Select
              name="supplierId"
              label="Supplier"
              options={supplierOptions}
              value={filters.supplierId}
              onChange={(event) =>
                dispatch(purchaseOrderListActions.filterChanged({ key: 'supplierId', value: event.target.value }))
              }
              wrapperClassName="w-56 max-sm:w-auto max-sm:min-w-0"
            />
          </div>
          <div className="flex items-end gap-3 max-sm:w-full max-sm:items-center max-sm:justify-between">
            <p className="text-sm text-ink-muted" aria-live="polite">
              {error || (loading && list.items.length === 0) ? '' : totalLabel(list.total, list.totalExact, 'purchase order')}
            </p>
            <Select
              name="rowsPerPage"
              label="Rows per page"
              options={PAGE_SIZE_OPTIONS}
              value={String(limit)}
              onChange={(event) => dispatch(purchaseOrderListActions.pageSizeChanged(Number(event.target.value)))}
              wrapperClassName="w-36 max-sm:[&>label]:sr-only"
            />
          </div>
        </div>
        {error ? (
          <ErrorState message={error} onRetry={() => dispatch(purchaseOrderListActions.reloadRequested())} />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            getRowId={(order) => order._id}
            loading={loading}
            emptyMessage={
              filtered
                ? 'No purchase orders match this search or these filters.'
                : 'No purchase orders yet: write one, or use "Order these" on the To Reorder page.'
            }
            emptyAction={
              mayManage && !filtered ? (
                <Link to="/purchase-orders/new" className={buttonVariants({ variant: 'secondary' })}>
                  New purchase order
                </Link>
              ) : undefined
            }
            pageSize={limit}
            pageLinks={PAGE_LINKS}
            page={list.page}
            onPageChange={(page) => dispatch(purchaseOrderListActions.pageRequested({ page }))}
            caption="Purchase orders"
          />
        )}
      </RequirePermission>
    </section>
  );
}
