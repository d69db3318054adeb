import { useCallback, useState } from 'react';
import {
  SALES_MESSAGES,
  SALES_ORDER_STATUS_LABELS,
  salesOrderActions,
  salesOrderStatus,
  type Order,
} from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../store/hooks';
import { formLinesOf } from '../../../documents/documentLinesForm';
import { SalesOrderForm } from './SalesOrderForm';
import type { SalesOrderBody } from './salesApi';
import { salesOrderUpdateRequested } from './salesSlice';

/**
 * The edit of an order of several lines: its lines as they are (a kept line names its line, so what shipped of it
 * stays); saving moves only the differences of stock and goes back to its detail. A shipped or cancelled order can no
 * longer be changed and says so.
 */
export function EditSalesOrder({ order }: { order: Order }) {
  const status = order.salesStatus ?? salesOrderStatus(order.lines ?? []);
  if (!salesOrderActions(status).edit) {
    return (
      <Card>
        <p className="m-0 text-ink">
          {SALES_MESSAGES.orderNotEditable(SALES_ORDER_STATUS_LABELS[status].toLowerCase())}{' '}
          <Link to={`/order-detail/${order._id}`} className="font-medium text-brand-600 underline">
            View the order
          </Link>
        </p>
      </Card>
    );
  }
  return <EditableSalesOrder order={order} />;
}

function EditableSalesOrder({ order }: { order: Order }) {
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
