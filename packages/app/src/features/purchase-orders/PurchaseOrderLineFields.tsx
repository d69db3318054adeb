import type { PurchaseOrderLineErrors, PurchaseOrderLineField } from '@inventory/contract/rules';
import { Button, TextField } from '@inventory/ui';
import type { PurchaseFormLine } from './purchaseOrderLinesForm';

export interface PurchaseOrderLineFieldsProps {
  line: PurchaseFormLine;
  /** Its place on the order, from 1 (the rules' messages and the server's name lines so). */
  number: number;
  errors: PurchaseOrderLineErrors;
  /** What it comes to, printed; null while the line is not valid or has no unit cost. */
  amount: string | null;
  disabled: boolean;
  onChange: (field: Exclude<PurchaseOrderLineField, 'productId'>, value: string) => void;
  onRemove: () => void;
}

/**
 * One line of the purchase order form, a card of its own (stacked on a phone, one row from a wide screen): its
 * product, quantity and unit cost, each with its error under it, what it comes to, and Remove.
 */
export function PurchaseOrderLineFields({ line, number, errors, amount, disabled, onChange, onRemove }: PurchaseOrderLineFieldsProps) {
  const id = (field: string) => `${line.key}-${field}`;
  return (
    <fieldset className="m-0 flex flex-col gap-3 rounded-md border border-line p-3 md:grid md:grid-cols-[minmax(0,3fr)_repeat(2,minmax(0,1fr))] md:items-start">
      <legend className="px-1 text-sm font-semibold text-ink">Line {number}</legend>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink">Product</span>
        <span className="min-h-10 py-2 text-ink">
          {line.name}
          {line.sku ? <span className="ml-2 text-sm text-ink-muted">{line.sku}</span> : null}
        </span>
        {errors.productId ? (
          <p id={id('productId')} className="m-0 text-sm font-medium text-danger">
            {errors.productId}
          </p>
        ) : null}
      </div>
      <TextField
        id={id('quantity')}
        name="quantity"
        label="Quantity"
        inputMode="numeric"
        required
        value={line.quantity}
        error={errors.quantity}
        disabled={disabled}
        onChange={(event) => onChange('quantity', event.target.value)}
      />
      <TextField
        id={id('unitCost')}
        name="unitCost"
        label="Unit cost"
        inputMode="decimal"
        value={line.unitCost}
        error={errors.unitCost}
        hint={errors.unitCost ? undefined : 'May stay empty on a draft'}
        disabled={disabled}
        onChange={(event) => onChange('unitCost', event.target.value)}
      />
      <div className="flex items-center justify-between gap-3 md:col-span-3">
        <p className="m-0 text-ink">
          <span className="text-sm text-ink-muted">Amount: </span>
          <output htmlFor={`${id('quantity')} ${id('unitCost')}`} className="font-mono">
            {amount ?? '—'}
          </output>
        </p>
        <Button variant="secondary" size="sm" disabled={disabled} aria-label={`Remove line ${number}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
