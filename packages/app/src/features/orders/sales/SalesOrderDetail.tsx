import { useEffect, useState } from 'react';
import { salesOrderActions, salesOrderStatus, type Order, type OrderLineAnswer } from '@inventory/contract/rules';
import { Button, buttonVariants, Card, ConfirmDialog, PageHeader } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../../catalogue/AuditFacts';
import { Fact } from '../../../catalogue/ItemFacts';
import { orderNumberText } from '../../../catalogue/orderNumber';
import { formatDateTime } from '../../../dates/formatDateTime';
import { selectOffers } from '../../../membership/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { moneyOf, orderAnswerTotals } from '../../../documents/documentLinesForm';
import { OrderInvoicingSection } from './OrderInvoicingSection';
import { OrderLinesTable } from './OrderLinesTable';
import { DocumentTotalsTable } from '../../../documents/DocumentTotalsTable';
import { ReturnDialog } from './ReturnDialog';
import { ReturnsSection } from './ReturnsSection';
import { SalesStatusBadge } from '../../../catalogue/SalesStatusBadge';
import {
  cancelRequested,
  fulfilmentRequested,
  pricingRequested,
  returnRequested,
  selectSales,
  shipmentRequested,
} from './salesSlice';
import { ShipDialog } from './ShipDialog';
import { ShipmentsSection } from './ShipmentsSection';

type Dialog = 'ship' | 'return' | 'cancel' | null;

/**
 * The detail of an order of several lines (issue 27): its number, date, customer and status; its lines with what was
 * ordered, shipped, returned and is left to ship; its totals; its shipments (each with its packing slip) and returns.
 * Ship, Return, Cancel order and Edit Order as its status allows (salesOrderActions) and the role may.
 */
export function SalesOrderDetail({ order, lines }: { order: Order; lines: OrderLineAnswer[] }) {
  const dispatch = useAppDispatch();
  const { pricing, shipments, returns, recording, recorded, fulfilmentStatus, fulfilmentMessage } =
    useAppSelector(selectSales);
  const mayEdit = useAppSelector(selectOffers('catalogue:update'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [closedAt, setClosedAt] = useState(recorded);
  const status = order.salesStatus ?? salesOrderStatus(lines);
  const allows = salesOrderActions(status);

  useEffect(() => {
    dispatch(pricingRequested());
    dispatch(fulfilmentRequested(order._id));
  }, [dispatch, order._id]);

  // Recorded: the dialog closes (a failure keeps it open, with what was typed).
  if (recorded !== closedAt) {
    setClosedAt(recorded);
    setDialog(null);
  }

  const money = moneyOf(pricing);
  const totals = orderAnswerTotals(lines, pricing);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Order Detail"
        actions={
          <>
            <Link to="/orders" className={buttonVariants({ variant: 'secondary' })}>
              Back to the orders
            </Link>
            {mayEdit && allows.cancel ? (
              <Button variant="danger" onClick={() => setDialog('cancel')} loading={recording === 'cancel'}>
                Cancel order
              </Button>
            ) : null}
            {mayEdit && allows.return ? (
              <Button variant="secondary" onClick={() => setDialog('return')}>
                Return
              </Button>
            ) : null}
            {mayEdit && allows.ship ? <Button onClick={() => setDialog('ship')}>Ship</Button> : null}
            {mayEdit && allows.edit ? (
              <Link to={`/edit-order/${order._id}`} className={buttonVariants({ variant: 'secondary' })}>
                Edit Order
              </Link>
            ) : null}
          </>
        }
      />
      <Card>
        <dl className="m-0 flex flex-col">
          <Fact label="Order number">{orderNumberText(order)}</Fact>
          <Fact label="Date">{formatDateTime(order.createdAt)}</Fact>
          <Fact label="Customer">
            {order.customer ? (
              <Link to={`/customers/${order.customer._id}`} className="font-medium text-brand-600 underline">
                {order.customer.name}
              </Link>
            ) : (
              'None'
            )}
          </Fact>
          <Fact label="Status">
            <SalesStatusBadge status={status} />
          </Fact>
          <AuditFacts createdBy={order.createdBy} updatedBy={order.updatedBy} />
        </dl>
      </Card>
      <Card title="Lines">
        <div className="flex flex-col gap-4">
          <OrderLinesTable lines={lines} money={money} />
          {totals ? <DocumentTotalsTable totals={totals} money={money} caption="Order totals" className="self-end" /> : null}
        </div>
      </Card>
      {fulfilmentStatus === 'failed' ? (
        <p role="alert" className="m-0 text-danger">
          {fulfilmentMessage}
        </p>
      ) : null}
      <OrderInvoicingSection orderId={order._id} lines={lines} shippedCount={lines.reduce((sum, line) => sum + line.shipped, 0)} />
      <ShipmentsSection orderId={order._id} shipments={shipments} lines={lines} />
      <ReturnsSection returns={returns} lines={lines} />
      {dialog === 'ship' ? (
        <ShipDialog
          lines={lines}
          submitting={recording === 'shipment'}
          onSubmit={(body) => dispatch(shipmentRequested({ orderId: order._id, body }))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'return' ? (
        <ReturnDialog
          lines={lines}
          submitting={recording === 'return'}
          onSubmit={(body) => dispatch(returnRequested({ orderId: order._id, body }))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel this order?"
        message="What has not shipped is cancelled and its stock goes back; what has shipped stays shipped."
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        tone="danger"
        confirming={recording === 'cancel'}
        onConfirm={() => dispatch(cancelRequested(order))}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
