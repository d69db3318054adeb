import type { OrderStatus } from '@inventory/contract/rules';
import { Badge } from '@inventory/ui';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  open: 'Open',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};

const STATUS_TONES = { open: 'info', fulfilled: 'success', cancelled: 'danger' } as const;

/** An order's status, the same badge on the orders list and on the order's page. */
export function OrderStatusBadge({ status }: { status: OrderStatus | undefined }) {
  const shown = status ?? 'open';
  return <Badge tone={STATUS_TONES[shown]}>{ORDER_STATUS_LABELS[shown]}</Badge>;
}
