import type { InvoiceSummary } from '@inventory/contract/rules';
import { Badge } from '@inventory/ui';
import { INVOICE_STATUS_LABELS } from './invoiceTexts';

const TONES = { draft: 'neutral', unpaid: 'info', partly_paid: 'info', paid: 'success', overdue: 'danger' } as const;

/** Where an invoice stands: a draft, or its payment status; "credited" beside it once a credit note corrected it. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'paymentStatus' | 'creditedCents'> }) {
  const status = invoice.paymentStatus ?? 'draft';
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>
      {invoice.creditedCents > 0 ? <Badge tone="neutral">{INVOICE_STATUS_LABELS.credited}</Badge> : null}
    </span>
  );
}
