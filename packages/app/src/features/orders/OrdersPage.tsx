import { useCallback, useEffect, useMemo } from 'react';
import { MESSAGES, orderStateActions, type ListSort, type Order } from '@inventory/contract/rules';
import { buttonVariants, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { PagedItemsTable, type ListFilter } from '../../catalogue/PagedItemsTable';
import { selectOffers } from '../../membership/selectors';
import { ExportCsvLink } from '../../csv-links/CsvLinks';
import { formatDate } from '../../dates/formatDateTime';
import { deleteOrderRequested } from './ordersSlice';
import { orderNumberText } from '../../catalogue/orderNumber';
import { LISTED_STATUS_COLUMN_CLASS, ListedOrderStatusBadge } from '../../catalogue/ListedOrderStatusBadge';
import { orderListActions, selectOrderList } from './orderListSlice';

const viewHref = (order: Order) => `/order-detail/${order._id}`;
const editHref = (order: Order) => `/edit-order/${order._id}`;

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'cancelled', label: 'Cancelled' },
];

const rowAllows = (order: Order) => orderStateActions(order.status);

/** The order's number with its date under it: one column, so the table keeps its Action column in view at 1280 px. */
const ORDER_COLUMNS: DataTableColumn<Order>[] = [
  {
    key: 'number',
    header: 'Order',
    cell: (order) => (
      <>
        <span className="block whitespace-nowrap">{orderNumberText(order)}</span>
        <span className="block whitespace-nowrap text-xs text-ink-muted">{formatDate(order.createdAt)}</span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (order) => <ListedOrderStatusBadge order={order} />,
    className: LISTED_STATUS_COLUMN_CLASS,
  },
];

/**
 * /orders: the 'Orders Items' table, a page at a time from the server: 5 rows a page with 3 page links, a search on
 * name, category, SKU or order number, sortable columns, the order's number, date and status (how far an order of
 * lines has shipped: open, partly shipped, shipped, cancelled), a status filter, and an error state with retry when a page
 * fails. Add, Edit and Delete show only when the role and the order's state allow them (a fulfilled order is final).
 */
export function OrdersPage() {
  usePageTitle('Orders');
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectOrderList);
  const canAdd = useAppSelector(selectOffers('catalogue:create'));
  const canEdit = useAppSelector(selectOffers('catalogue:update'));
  const canDelete = useAppSelector(selectOffers('catalogue:delete'));

  const reload = useCallback(() => dispatch(orderListActions.reloadRequested()), [dispatch]);
  useEffect(() => {
    dispatch(orderListActions.reloadRequested());
  }, [dispatch]);
  const onDelete = useCallback((order: Order) => dispatch(deleteOrderRequested(order._id)), [dispatch]);
  const onSortChange = useCallback((sort: ListSort) => dispatch(orderListActions.sortChanged(sort)), [dispatch]);
  const onFilterChange = useCallback(
    (key: string, value: string) => dispatch(orderListActions.filterChanged({ key: key as 'status', value })),
    [dispatch],
  );
  const filters: ListFilter[] = useMemo(
    () => [{ key: 'status', label: 'Status', value: list.query.filters.status, options: STATUS_OPTIONS }],
    [list.query.filters.status],
  );

  return (
    <PagedItemsTable
      title="Orders Items"
      headingLevel={1}
      items={list.items}
      page={list.page}
      total={list.total}
      totalExact={list.totalExact}
      hasNext={list.next !== null}
      onPageChange={(page) => dispatch(orderListActions.pageRequested({ page }))}
      pageSize={list.query.limit}
      onPageSizeChange={(size) => dispatch(orderListActions.pageSizeChanged(size))}
      search={list.query.q}
      onSearchChange={(q) => dispatch(orderListActions.searchChanged(q))}
      searchPlaceholder="Search orders"
      searchLabel="Search orders by name, category, SKU or number (SO-00042)"
      sort={list.query.sort}
      dir={list.query.dir}
      onSortChange={onSortChange}
      filters={filters}
      onFilterChange={onFilterChange}
      noun="order"
      loading={list.status === 'idle' || list.status === 'loading'}
      error={list.status === 'failed' ? list.message : null}
      onRetry={reload}
      emptyMessage={MESSAGES.noOrders}
      noMatchMessage="No orders match this search or this status."
      nameHeader="Order P.Name"
      viewHref={viewHref}
      editHref={editHref}
      confirmTitle={MESSAGES.deleteOrderTitle}
      confirmMessage={MESSAGES.deleteOrderMessage}
      onDelete={onDelete}
      canEdit={canEdit}
      canDelete={canDelete}
      extraColumns={ORDER_COLUMNS}
      rowAllows={rowAllows}
      actions={
        <>
          <ExportCsvLink what="orders" />
          {canAdd ? (
            <>
              <Link to="/orders/new" className={buttonVariants({ variant: 'secondary' })}>
                New order with lines
              </Link>
              <Link to="/add-Order" className={buttonVariants({ variant: 'primary' })}>
                Add Order
              </Link>
            </>
          ) : null}
        </>
      }
    />
  );
}
