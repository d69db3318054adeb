import { useCallback, useEffect } from 'react';
import { MESSAGES } from '@inventory/contract';
import { PageHeader } from '@inventory/ui';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/usePageTitle';
import { toItemFormValues, type ItemFormValues } from '../items/itemForm';
import { ItemLoadState } from '../items/ItemLoadState';
import { OrderForm } from './OrderForm';
import { getOrderRequested, updateOrderRequested } from './ordersSlice';
import { selectOrder, selectOrderItemStatus, selectOrderSaving, selectOrdersMessage } from './selectors';

/**
 * /edit-order/:id: loads its own order by id (and its ETag), then the order form; saving goes to /orders with
 * 'Order updated successfully' (DESIGN.md §5). A failed save toasts the server's message and keeps the input.
 */
export function EditOrderPage() {
  usePageTitle('Edit Order');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrder);
  const status = useAppSelector(selectOrderItemStatus);
  const message = useAppSelector(selectOrdersMessage);
  const saving = useAppSelector(selectOrderSaving);

  const load = useCallback(() => dispatch(getOrderRequested(id)), [dispatch, id]);
  useEffect(() => {
    load();
  }, [load]);
  const onSubmit = useCallback(
    (values: ItemFormValues) => dispatch(updateOrderRequested({ id, values })),
    [dispatch, id],
  );

  const ready = status === 'loaded' && order?._id === id;
  return (
    <div>
      <PageHeader title="Edit Order" />
      {ready ? (
        <OrderForm
          key={order._id}
          initialValues={toItemFormValues(order)}
          saving={saving}
          submitLabel="Save Order"
          onSubmit={onSubmit}
        />
      ) : (
        <ItemLoadState
          status={status === 'loaded' ? 'loading' : status}
          loadingLabel="Loading order"
          notFoundText={MESSAGES.orderNotFound}
          message={message}
          onRetry={load}
          backHref="/orders"
          backLabel="Back to the orders"
        />
      )}
    </div>
  );
}
