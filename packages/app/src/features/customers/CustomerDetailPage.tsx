import { useEffect, useMemo, useState } from 'react';
import { type Customer, customerRemoval, MESSAGES, type Order, PAGE_LINKS } from '@inventory/contract/rules';
import { Badge, Button, buttonVariants, Card, ConfirmDialog, DataTable, ErrorState, PageHeader, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { Fact } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { formatMoney, itemValue } from '../../catalogue/money';
import { orderNumberText } from '../../catalogue/orderNumber';
import { LISTED_STATUS_COLUMN_CLASS, ListedOrderStatusBadge } from '../../catalogue/ListedOrderStatusBadge';
import { pagedRows } from '../../catalogue/PagedItemsTable';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { formatDate, formatDateTime } from '../../dates/formatDateTime';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { customerOrdersActions, selectCustomerOrders } from './customerOrdersSlice';
import { CUSTOMER_LOAD_TEXTS, CUSTOMER_ON_ROUTE } from './customerOnRoute';
import { deleteCustomerRequested, restoreCustomerRequested, selectCustomerSaving } from './customersSlice';

const ORDER_COLUMNS: DataTableColumn<Order>[] = [
  {
    key: 'number',
    header: 'Order',
    sticky: true,
    cell: (order) => (
      <Link to={`/order-detail/${order._id}`} className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
        {orderNumberText(order) || order.name}
      </Link>
    ),
  },
  { key: 'date', header: 'Date', cell: (order) => <span className="whitespace-nowrap">{formatDate(order.createdAt)}</span> },
  { key: 'name', header: 'Name', cell: (order) => order.name },
  { key: 'quantity', header: 'Quantity', cell: (order) => order.quantity },
  { key: 'value', header: 'Value', cell: (order) => formatMoney(itemValue(order)) },
  // How far an order of lines has shipped, as All Orders shows it.
  { key: 'status', header: 'Status', cell: (order) => <ListedOrderStatusBadge order={order} />, className: LISTED_STATUS_COLUMN_CLASS },
];

/** Text kept as typed: an address or notes keep their lines. */
const Lines = ({ text }: { text: string }) => <span className="whitespace-pre-line">{text || '—'}</span>;

/** Their orders, newest first, a page at a time; their count and total value head the card. */
function CustomerOrdersCard({ customer }: { customer: Customer }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectCustomerOrders);
  useEffect(() => {
    dispatch(customerOrdersActions.filterChanged({ key: 'customer', value: customer._id }));
  }, [dispatch, customer._id]);
  const rows = useMemo(
    () => pagedRows(list.items, list.page, list.query.limit, list.total, list.next !== null),
    [list.items, list.page, list.query.limit, list.total, list.next],
  );
  const figures = customer.orders ?? { orders: 0, value: 0 };
  const shown = list.query.filters.customer === customer._id;
  return (
    <Card>
      <section aria-labelledby="customer-orders-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="customer-orders-heading" className="m-0 text-2xl font-semibold text-ink">
            Orders
          </h2>
          <p className="m-0 text-ink">
            {figures.orders === 1 ? '1 order' : `${figures.orders.toLocaleString('en-US')} orders`} · total value{' '}
            <span className="font-semibold">{formatMoney(figures.value)}</span>
            <span className="text-sm text-ink-muted"> (cancelled orders not counted)</span>
          </p>
        </div>
        {list.status === 'failed' ? (
          <ErrorState message={list.message ?? ''} onRetry={() => dispatch(customerOrdersActions.reloadRequested())} />
        ) : (
          <DataTable
            columns={ORDER_COLUMNS}
            rows={shown ? rows : []}
            getRowId={(order) => order._id}
            loading={!shown || list.status === 'idle' || list.status === 'loading'}
            emptyMessage="No orders yet: choose this customer in the order form."
            pageSize={list.query.limit}
            pageLinks={PAGE_LINKS}
            page={list.page}
            onPageChange={(page) => dispatch(customerOrdersActions.pageRequested({ page }))}
            caption={`Orders of ${customer.name}`}
          />
        )}
      </section>
    </Card>
  );
}

/**
 * /customers/:id: the customer (their fields, who added and last changed them, archived or not), their orders with
 * their count and total value, Edit, and Delete, whose dialog says what will happen: a customer without orders is
 * deleted, one with orders archived (the contract's customerRemoval). An archived customer can be restored.
 */
export function CustomerDetailPage() {
  usePageTitle('Customer Detail');
  const dispatch = useAppDispatch();
  const { id, item: customer, status, message, reload } = useRouteItem(CUSTOMER_ON_ROUTE);
  const mayEdit = useAppSelector(selectOffers('customers:update'));
  const mayDelete = useAppSelector(selectOffers('customers:delete'));
  const saving = useAppSelector(selectCustomerSaving);
  const [confirming, setConfirming] = useState(false);
  const orders = customer?.orders?.orders ?? 0;
  const removal = customerRemoval(orders);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Customer Detail"
        actions={
          customer ? (
            <>
              <Link to="/customers" className={buttonVariants({ variant: 'secondary' })}>
                Back to the customers
              </Link>
              {mayDelete && customer.archivedAt ? (
                <Button variant="secondary" onClick={() => dispatch(restoreCustomerRequested(customer._id))}>
                  Restore
                </Button>
              ) : null}
              {mayDelete && (!customer.archivedAt || removal === 'delete') ? (
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {removal === 'delete' ? 'Delete' : 'Archive'}
                </Button>
              ) : null}
              {mayEdit ? (
                <Link to={`/edit-customer/${id}`} className={buttonVariants({ variant: 'primary' })}>
                  Edit Customer
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {customer ? (
        <>
          <Card>
            <div className="flex flex-col gap-4">
              {customer.archivedAt ? (
                <p className="m-0 flex flex-wrap items-center gap-2 text-ink">
                  <Badge tone="neutral">Archived</Badge>
                  <span className="text-ink-muted">
                    Since {formatDateTime(customer.archivedAt)}: hidden from the list and the order form, kept on their orders.
                  </span>
                </p>
              ) : null}
              <dl className="m-0 flex flex-col">
                <Fact label="Name">{customer.name}</Fact>
                <Fact label="Company">{customer.company || '—'}</Fact>
                <Fact label="Email">
                  {customer.email ? (
                    <a href={`mailto:${customer.email}`} className="break-all text-brand-700 underline">
                      {customer.email}
                    </a>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact label="Phone">
                  {customer.phone ? (
                    <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline">
                      {customer.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact label="Billing address">
                  <Lines text={customer.billingAddress} />
                </Fact>
                <Fact label="Shipping address">
                  <Lines text={customer.shippingAddress || (customer.billingAddress ? 'As billing' : '')} />
                </Fact>
                <Fact label="Tax ID">{customer.taxId || '—'}</Fact>
                <Fact label="Notes">
                  <Lines text={customer.notes} />
                </Fact>
                <Fact label="Added">{formatDateTime(customer.createdAt)}</Fact>
                <AuditFacts createdBy={customer.createdBy} updatedBy={customer.updatedBy} />
              </dl>
            </div>
          </Card>
          <CustomerOrdersCard customer={customer} />
          <ConfirmDialog
            open={confirming}
            title={removal === 'delete' ? MESSAGES.deleteCustomerTitle : MESSAGES.archiveCustomerTitle}
            message={`${customer.name}: ${removal === 'delete' ? MESSAGES.deleteCustomerMessage : MESSAGES.archiveCustomerMessage(orders)}`}
            confirmLabel={removal === 'delete' ? 'Delete' : 'Archive'}
            cancelLabel="Keep the customer"
            tone="danger"
            confirming={saving}
            onConfirm={() => {
              dispatch(deleteCustomerRequested(customer._id));
              setConfirming(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <ItemLoadState {...CUSTOMER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
      )}
    </div>
  );
}
