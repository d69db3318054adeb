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

/**
 * The status column's class on those lists: on a phone the table scrolls sideways under its name column, and the
 * status stays pinned at the right edge, in view at 390 px (0046).
 */
export const LISTED_STATUS_COLUMN_CLASS =
  'max-md:sticky max-md:right-0 max-md:z-[1] max-md:bg-surface max-md:group-hover:bg-surface-muted max-md:in-[thead]:bg-surface-muted';
