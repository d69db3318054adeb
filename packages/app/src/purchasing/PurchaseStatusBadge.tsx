import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@inventory/contract/rules';
import { Badge } from '@inventory/ui';

const TONES = {
  draft: 'neutral',
  ordered: 'info',
  partly_received: 'info',
  received: 'success',
  cancelled: 'danger',
} as const;

/** Where a purchase order stands: draft, ordered, partly received, received or cancelled (its screens and the supplier's page). */
export function PurchaseStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <Badge tone={TONES[status]}>{PURCHASE_ORDER_STATUS_LABELS[status]}</Badge>;
}
