import { toCents, type PurchaseOrderLineAnswer } from '@inventory/contract/rules';
import { IconButton, TextField } from '@inventory/ui';
import { Minus, Plus } from 'lucide-react';

export interface ReceiveLineCardProps {
  line: PurchaseOrderLineAnswer;
  count: string;
  cost: string;
  countError: string | null;
  costError: string | null;
  money: (cents: number) => string;
  /** The role may give a unit cost received (cost:update); else the line's is taken and none is shown (0047). */
  costed: boolean;
  disabled: boolean;
  /** Just counted by a scan: the card shows it. */
  highlighted: boolean;
  onCount: (text: string) => void;
  onStep: (by: 1 | -1) => void;
  onCost: (text: string) => void;
}

/**
 * One outstanding line on the receiving screen, made for a thumb: the product, what was ordered, received and is
 * outstanding, the running count between big − and + buttons (typing works too), and the unit cost received when it
 * differs from the order's (for roles that set costs; staff receive at the order's). Too many is said under the count, with what is outstanding.
 */
export function ReceiveLineCard({
  line,
  count,
  cost,
  countError,
  costError,
  money,
  costed,
  disabled,
  highlighted,
  onCount,
  onStep,
  onCost,
}: ReceiveLineCardProps) {
  const name = line.product?.name ?? 'Deleted product';
  const id = `receive-${line._id}`;
  return (
    <li
      aria-label={name}
      className={`flex flex-col gap-3 rounded-lg border p-4 ${highlighted ? 'border-brand-600 bg-brand-50' : 'border-line bg-surface'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="m-0 text-lg font-semibold text-ink">{name}</h2>
        {line.product ? <span className="text-sm text-ink-muted">{line.product.sku}</span> : null}
      </div>
      <p className="m-0 text-ink">
        Ordered {line.quantity} · Received {line.received} ·{' '}
        <strong className="font-semibold">{line.outstanding} outstanding</strong>
      </p>
      <div className="flex items-end gap-3">
        <IconButton label={`One less ${name}`} variant="secondary" size="lg" className="size-14" disabled={disabled} onClick={() => onStep(-1)}>
          <Minus />
        </IconButton>
        <TextField
          id={`${id}-count`}
          name="count"
          label={`Count of ${name}`}
          inputMode="numeric"
          value={count}
          error={countError ?? undefined}
          disabled={disabled}
          className="h-14 text-center text-2xl font-semibold"
          wrapperClassName="min-w-0 flex-1 [&>label]:sr-only"
          onChange={(event) => onCount(event.target.value)}
        />
        <IconButton label={`One more ${name}`} variant="primary" size="lg" className="size-14" disabled={disabled} onClick={() => onStep(1)}>
          <Plus />
        </IconButton>
      </div>
      {costed ? (
        <TextField
          id={`${id}-cost`}
          name="unitCost"
          label="Unit cost received"
          inputMode="decimal"
          value={cost}
          error={costError ?? undefined}
          hint={line.unitCost == null ? undefined : `Empty: the order's ${money(toCents(line.unitCost))}`}
          disabled={disabled}
          onChange={(event) => onCost(event.target.value)}
        />
      ) : null}
    </li>
  );
}
