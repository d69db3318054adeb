import { useCallback } from 'react';
import { Card, PageHeader } from '@inventory/ui';
import { MESSAGES } from '@inventory/contract/rules';
import { Link } from 'react-router-dom';
import { toItemFormValues } from '../../catalogue/itemForm';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { usePageTitle } from '../../page/usePageTitle';
import { RequirePermission } from '../../membership/RequirePermission';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ORDER_LOAD_TEXTS, ORDER_ON_ROUTE } from './orderOnRoute';
import { OrderForm } from './OrderForm';
import { EditSalesOrder } from './sales/EditSalesOrder';
import { updateOrderRequested, type OrderFormValues } from './ordersSlice';
import { selectOrderSaving } from './selectors';

/**
 * /edit-order/:id: loads its own order by id (and its ETag), then the order form; saving goes to /orders with
 * 'Order updated successfully'. A failed save toasts the server's message and keeps the input. A role that may not
 * edit sees why instead.
 */
export function EditOrderPage() {
  usePageTitle('Edit Order');
  const dispatch = useAppDispatch();
  const { id, item: order, status, message, reload } = useRouteItem(ORDER_ON_ROUTE);
  const saving = useAppSelector(selectOrderSaving);
  const onSubmit = useCallback(
    (values: OrderFormValues) => dispatch(updateOrderRequested({ id, values })),
    [dispatch, id],
  );

  return (
    <div>
      <PageHeader title="Edit Order" />
      <RequirePermission permission="catalogue:update" backHref="/orders" backLabel="Back to the orders">
        {order?.status === 'fulfilled' ? (
          <Card>
            <p className="m-0 text-ink">
              {MESSAGES.orderFulfilledLocked}{' '}
              <Link to={`/order-detail/${order._id}`} className="font-medium text-brand-600 underline">
                View the order
              </Link>
            </p>
          </Card>
        ) : order?.lines ? (
          <EditSalesOrder key={order._id} order={order} />
        ) : order ? (
          <OrderForm
            key={order._id}
            initialValues={toItemFormValues(order)}
            initialProduct={order.productId ? { _id: order.productId, name: order.name } : null}
            initialCustomer={order.customer ?? null}
            initialStatus={order.status ?? 'open'}
            saving={saving}
            submitLabel="Save Order"
            onSubmit={onSubmit}
          />
        ) : (
          <ItemLoadState {...ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
