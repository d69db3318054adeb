import { useEffect, useState } from 'react';
import {
  isReceivable,
  PURCHASE_ORDER_TRANSITIONS,
  purchaseOrderEditable,
  toCents,
  type PurchaseOrder,
} from '@inventory/contract/rules';
import { Button, buttonVariants, Card, ConfirmDialog, PageHeader } from '@inventory/ui';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { Fact } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { formatDateTime } from '../../dates/formatDateTime';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { dayText } from '../../dates/dayText';
import { moneyIn } from './purchaseOrderLinesForm';
import { PurchaseOrderLinesTable } from './PurchaseOrderLinesTable';
import { PURCHASE_ORDER_LOAD_TEXTS, PURCHASE_ORDER_ON_ROUTE } from './purchaseOrderOnRoute';
import { purchaseOrderPdfHref } from './purchaseOrdersApi';
import {
  currencyRequested,
  purchaseOrderDeleteRequested,
  purchaseOrderMailRequested,
  purchaseOrderStatusRequested,
  receiptsRequested,
  selectPurchaseOrders,
} from './purchaseOrdersSlice';
import { PurchaseStatusBadge } from '../../purchasing/PurchaseStatusBadge';
import { ReceiptsSection } from './ReceiptsSection';

type Confirming = 'cancel' | 'delete' | null;

/** What may be done to the order in its status (the contract's transitions and edit rule). */
export function purchaseOrderActions(order: PurchaseOrder) {
  const sent = order.status !== 'draft' && order.status !== 'cancelled';
  return {
    edit: purchaseOrderEditable(order.status),
    remove: order.status === 'draft',
    send: PURCHASE_ORDER_TRANSITIONS[order.status].includes('ordered'),
    cancel: PURCHASE_ORDER_TRANSITIONS[order.status].includes('cancelled'),
    mail: sent,
    receive: isReceivable(order.status),
  };
}

function Detail({ order }: { order: PurchaseOrder }) {
  const dispatch = useAppDispatch();
  const { acting, currency, receipts, receiptsStatus, message } = useAppSelector(selectPurchaseOrders);
  const mayManage = useAppSelector(selectOffers('purchasing:manage'));
  const mayReceive = useAppSelector(selectOffers('purchasing:receive'));
  const mayDownload = useAppSelector(selectOffers('purchasing:read'));
  const [confirming, setConfirming] = useState<Confirming>(null);
  const allows = purchaseOrderActions(order);
  const money = moneyIn(currency);

  useEffect(() => {
    dispatch(currencyRequested());
    dispatch(receiptsRequested(order._id));
  }, [dispatch, order._id]);

  // The order moved on (cancelled, deleted): the question closes.
  useEffect(() => {
    if (acting === null) setConfirming(null);
  }, [acting, order.status]);

  return (
    <>
      <PageHeader
        title={`Purchase Order ${order.reference}`}
        actions={
          <>
            <Link to="/purchase-orders" className={buttonVariants({ variant: 'secondary' })}>
              Back to the purchase orders
            </Link>
            {mayDownload ? (
              <a href={purchaseOrderPdfHref(order._id)} download className={buttonVariants({ variant: 'secondary' })}>
                <Download aria-hidden="true" className="size-4" />
                Download PDF
              </a>
            ) : null}
            {mayManage && allows.edit ? (
              <Link to={`/edit-purchase-order/${order._id}`} className={buttonVariants({ variant: 'secondary' })}>
                Edit
              </Link>
            ) : null}
            {mayManage && allows.remove ? (
              <Button variant="danger" onClick={() => setConfirming('delete')} loading={acting === 'delete'}>
                Delete
              </Button>
            ) : null}
            {mayManage && allows.cancel ? (
              <Button variant="danger" onClick={() => setConfirming('cancel')} loading={acting === 'cancel'}>
                Cancel order
              </Button>
            ) : null}
            {mayManage && allows.mail ? (
              <Button
                variant="secondary"
                onClick={() => dispatch(purchaseOrderMailRequested(order._id))}
                loading={acting === 'mail'}
              >
                Mail to supplier
              </Button>
            ) : null}
            {mayManage && allows.send ? (
              <Button
                onClick={() => dispatch(purchaseOrderStatusRequested({ id: order._id, status: 'ordered' }))}
                loading={acting === 'send'}
              >
                Send
              </Button>
            ) : null}
            {mayReceive && allows.receive ? (
              <Link to={`/purchase-orders/${order._id}/receive`} className={buttonVariants({ variant: 'primary' })}>
                Receive
              </Link>
            ) : null}
          </>
        }
      />
      <Card>
        <dl className="m-0 flex flex-col">
          <Fact label="Number">{order.reference}</Fact>
          <Fact label="Supplier">
            <Link to={`/suppliers/${order.supplier._id}`} className="font-medium text-brand-600 underline">
              {order.supplier.name}
            </Link>
            {order.supplier.email ? <span className="ml-2 text-ink-muted">{order.supplier.email}</span> : null}
          </Fact>
          <Fact label="Status">
            <PurchaseStatusBadge status={order.status} />
          </Fact>
          <Fact label="Expected">{order.expectedDate ? dayText(order.expectedDate) : 'Not said'}</Fact>
          <Fact label="Ordered">{order.orderedAt ? formatDateTime(order.orderedAt) : 'Not yet sent'}</Fact>
          {order.total === undefined ? null : (
            <Fact label="Total">{order.total === null ? 'Not known until every line has a unit cost' : money(toCents(order.total))}</Fact>
          )}
          {order.notes ? (
            <Fact label="Notes">
              <span className="whitespace-pre-line">{order.notes}</span>
            </Fact>
          ) : null}
          <AuditFacts createdBy={order.createdBy} updatedBy={order.updatedBy} />
        </dl>
      </Card>
      <Card title="Lines">
        <PurchaseOrderLinesTable lines={order.lines ?? []} money={money} />
      </Card>
      <ReceiptsSection receipts={receipts} money={money} failure={receiptsStatus === 'failed' ? message : null} />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={`Cancel ${order.reference}?`}
        message="What has been received stays received; the rest is no longer on order."
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        tone="danger"
        confirming={acting === 'cancel'}
        onConfirm={() => dispatch(purchaseOrderStatusRequested({ id: order._id, status: 'cancelled' }))}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`Delete ${order.reference}?`}
        message="The draft and its lines are deleted; nothing was sent to the supplier."
        confirmLabel="Delete"
        cancelLabel="Keep the draft"
        tone="danger"
        confirming={acting === 'delete'}
        onConfirm={() => dispatch(purchaseOrderDeleteRequested(order._id))}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/**
 * /purchase-orders/:id: the order (number, supplier, status, when expected and sent, total, notes), its lines with what
 * was ordered, received and is outstanding, and its receipts. Edit and Delete while a draft, Send, Cancel order, Mail
 * to supplier, Download PDF and Receive as its status allows and the role may (staff: Receive, and no costs, 0047).
 */
export function PurchaseOrderDetailPage() {
  usePageTitle('Purchase Order');
  const { item: order, status, message, reload } = useRouteItem(PURCHASE_ORDER_ON_ROUTE);
  return (
    <div className="flex flex-col gap-4">
      {order ? (
        <Detail order={order} />
      ) : (
        <>
          <PageHeader title="Purchase Order" />
          <RequirePermission permission="purchasing:receive" backHref="/dashboard" backLabel="Back to the dashboard">
            <ItemLoadState {...PURCHASE_ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
          </RequirePermission>
        </>
      )}
    </div>
  );
}
