import { toCents, type Receipt } from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { actorText } from '../../catalogue/AuditFacts';
import { formatDateTime } from '../../dates/formatDateTime';

export interface ReceiptsSectionProps {
  receipts: Receipt[];
  money: (cents: number) => string;
  failure: string | null;
}

/** A purchase order's receipts, oldest first: when, who, and what of each line came at what unit cost (to roles that see costs). */
export function ReceiptsSection({ receipts, money, failure }: ReceiptsSectionProps) {
  return (
    <Card title="Receipts">
      {failure ? (
        <p role="alert" className="m-0 text-danger">
          {failure}
        </p>
      ) : receipts.length === 0 ? (
        <p className="m-0 text-ink-muted">Nothing has been received yet.</p>
      ) : (
        <ul aria-label="Receipts" className="m-0 flex list-none flex-col gap-3 p-0">
          {receipts.map((receipt, index) => (
            <li key={receipt._id} className="flex flex-col gap-1 border-b border-line pb-3 last:border-b-0">
              <p className="m-0 font-semibold text-ink">
                Receipt {index + 1} · {formatDateTime(receipt.createdAt)}
                {receipt.createdBy ? <span className="font-normal text-ink-muted"> · {actorText(receipt.createdBy)}</span> : null}
              </p>
              <p className="m-0 text-ink">
                {receipt.lines
                  .map(
                    (part) =>
                      `${part.quantity} × ${part.product?.name ?? 'Deleted product'}${part.unitCost === undefined ? '' : ` at ${money(toCents(part.unitCost))}`}`,
                  )
                  .join(', ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
