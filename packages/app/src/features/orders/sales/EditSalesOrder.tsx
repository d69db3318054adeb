import { useCallback, useState } from 'react';
import type { Order } from '@inventory/contract/rules';
import { useAppDispatch } from '../../../store/hooks';
import { formLinesOf } from './orderLinesForm';
import { SalesOrderForm } from './SalesOrderForm';
import type { SalesOrderBody } from './salesApi';
import { salesOrderUpdateRequested } from './salesSlice';

/**
 * The edit of an order of several lines: its lines as they are (a kept line names its line, so what shipped of it
 * stays); saving moves only the differences of stock and goes back to its detail.
 */
export function EditSalesOrder({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const [initialLines] = useState(() => formLinesOf(order));
  const onSubmit = useCallback(
    (body: SalesOrderBody) => dispatch(salesOrderUpdateRequested({ id: order._id, body })),
    [dispatch, order._id],
  );
  return (
    <SalesOrderForm
      initialLines={initialLines}
      initialCustomer={order.customer ?? null}
      submitLabel="Save Order"
      onSubmit={onSubmit}
    />
  );
}
