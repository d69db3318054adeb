import { SALES_ORDER_STATUS_LABELS, type SalesOrderStatus } from '@inventory/contract/rules';
import { Badge } from '@inventory/ui';

const TONES = { open: 'info', partly_shipped: 'neutral', shipped: 'success', cancelled: 'danger' } as const;

/** Where an order of several lines stands (salesStatus): open, partly shipped, shipped or cancelled. */
export function SalesStatusBadge({ status }: { status: SalesOrderStatus }) {
  return <Badge tone={TONES[status]}>{SALES_ORDER_STATUS_LABELS[status]}</Badge>;
}
