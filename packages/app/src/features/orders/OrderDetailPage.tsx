import { useState } from 'react';
import { MESSAGES, orderStateActions, type Order } from '@inventory/contract/rules';
import { Button, buttonVariants, Card, ConfirmDialog, PageHeader } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { toItemFormValues } from '../../catalogue/itemForm';
import { Fact, ItemFacts } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../dates/formatDateTime';
import { orderNumberText } from '../../catalogue/orderNumber';
import { ORDER_LOAD_TEXTS, ORDER_ON_ROUTE } from './orderOnRoute';
import { updateOrderRequested } from './ordersSlice';
import { OrderStatusBadge } from '../../catalogue/OrderStatusBadge';
import { selectOrderSaving } from './selectors';
import { SalesOrderDetail } from './sales/SalesOrderDetail';

/** Where a cancelled order's units go: back to its product, or nowhere when it has none (none named, or deleted). */
const NO_PRODUCT_STOCK = 'This order has no catalogue product (none was chosen, or it was deleted), so cancelling it puts no units back in stock.';
const NO_PRODUCT_CANCELLED = 'No units went back to stock: this order has no catalogue product (none was chosen, or it was deleted).';

/**
 * /order-detail/:id: the order loaded by its id (status, name, SKU, category, price, quantity, total value, its
 * number and date, its catalogue product, who created and last changed it); Edit Order and Cancel order (confirmed; gives the stock back)
 * when the role may edit and the order is open. A fulfilled order is final and says so. An order of several lines
 * shows SalesOrderDetail instead.
 */
export function OrderDetailPage() {
  usePageTitle('Order Detail');
  const dispatch = useAppDispatch();
  const { id, item: order, status, message, reload } = useRouteItem(ORDER_ON_ROUTE);
  const mayEdit = useAppSelector(selectOffers('catalogue:update'));
  const saving = useAppSelector(selectOrderSaving);
  const [confirming, setConfirming] = useState(false);
  const orderStatus = order?.status ?? 'open';
  const allows = orderStateActions(orderStatus);

  const cancelOrder = (current: Order) => {
    dispatch(
      updateOrderRequested({
        id: current._id,
        values: { ...toItemFormValues(current), status: 'cancelled' },
      }),
    );
    setConfirming(false);
  };

  // An order of several lines: its lines, shipments and returns (issue 27); one as SPEC.md sends it stays as it was.
  if (order?.lines) return <SalesOrderDetail order={order} lines={order.lines} />;

  return (
    <div>
      <PageHeader
        title="Order Detail"
        actions={
          order ? (
            <>
              <Link to="/orders" className={buttonVariants({ variant: 'secondary' })}>
                Back to the orders
              </Link>
              {mayEdit && allows.cancel ? (
                <Button variant="danger" onClick={() => setConfirming(true)} loading={saving}>
                  Cancel order
                </Button>
              ) : null}
              {mayEdit && allows.edit ? (
                <Link to={`/edit-order/${id}`} className={buttonVariants({ variant: 'primary' })}>
                  Edit Order
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {order ? (
        <Card>
          <div className="flex flex-col gap-4">
            <p className="m-0">
              <span className="mr-2 font-semibold text-ink">Status:</span>
              <OrderStatusBadge status={orderStatus} />
            </p>
            {orderStatus === 'fulfilled' ? <p className="m-0 text-ink-muted">{MESSAGES.orderFulfilledLocked}</p> : null}
            {orderStatus === 'cancelled' && !order.productId ? <p className="m-0 text-ink-muted">{NO_PRODUCT_CANCELLED}</p> : null}
            <ItemFacts item={order} valueLabel="Total Value">
              {order.number ? <Fact label="Order number">{orderNumberText(order)}</Fact> : null}
              <Fact label="Date">{formatDateTime(order.createdAt)}</Fact>
              {order.customer ? (
                <Fact label="Customer">
                  <Link to={`/customers/${order.customer._id}`} className="font-medium text-brand-600 underline">
                    {order.customer.name}
                  </Link>
                </Fact>
              ) : null}
              {order.productId ? (
                <Fact label="Product">
                  <Link to={`/product-detail/${order.productId}`} className="font-medium text-brand-600 underline">
                    View the product
                  </Link>
                </Fact>
              ) : null}
              <AuditFacts createdBy={order.createdBy} updatedBy={order.updatedBy} />
            </ItemFacts>
          </div>
        </Card>
      ) : (
        <ItemLoadState {...ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
      )}
      {order ? (
        <ConfirmDialog
          open={confirming}
          title="Cancel this order?"
          message={
            order.productId
              ? `${order.name} × ${order.quantity}: a cancelled order gives its stock back.`
              : `${order.name} × ${order.quantity}: ${NO_PRODUCT_STOCK}`
          }
          confirmLabel="Cancel order"
          cancelLabel="Keep the order"
          tone="danger"
          onConfirm={() => cancelOrder(order)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
