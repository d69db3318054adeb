import type { Order } from '@inventory/contract/rules';
import { OrderStatusBadge } from './OrderStatusBadge';
import { SalesStatusBadge } from './SalesStatusBadge';

/**
 * An order's status as a list of orders shows it (All Orders, a customer's orders): an order of lines says how far it
 * has shipped (its page's badge, from the page's `salesStatus`); an order as SPEC.md sends it, its own status.
 */
export function ListedOrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'salesStatus'> }) {
  return order.salesStatus ? <SalesStatusBadge status={order.salesStatus} /> : <OrderStatusBadge status={order.status} />;
}
