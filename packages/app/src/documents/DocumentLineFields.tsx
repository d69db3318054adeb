import { formatPercent, type OrderLineErrors, type OrderLineField } from '@inventory/contract/rules';
import { Button, Select, TextField } from '@inventory/ui';
import type { FormLine } from './documentLinesForm';
import type { Pricing } from './pricing';

export interface DocumentLineFieldsProps {
  line: FormLine;
  /** Its place on the document, from 1 (the rules' messages and the server's name lines so). */
  number: number;
  errors: OrderLineErrors;
  pricing: Pricing | null;
  /** What it comes to, printed; null while the line is not valid. */
  amount: string | null;
  disabled: boolean;
  onChange: (field: Exclude<OrderLineField, 'productId'>, value: string) => void;
  onRemove: () => void;
}

/**
 * One line of an order's or an invoice's form, a card of its own (stacked on a phone, one row from a wide screen): its product or its
 * text, quantity, unit price, discount % and tax rate, each with its error under it, what it comes to, and Remove. A
 * line part of which has shipped stays on the order.
 */
export function DocumentLineFields({
  line,
  number,
  errors,
  pricing,
  amount,
  disabled,
  onChange,
  onRemove,
}: DocumentLineFieldsProps) {
  const id = (field: string) => `${line.key}-${field}`;
  const rates = pricing?.taxRates ?? [];
  const rateOptions = [
    ...rates.map((rate) => ({ value: rate._id, label: `${rate.name} ${formatPercent(rate.percent)}` })),
    { value: '', label: 'No tax' },
  ];
  return (
    <fieldset className="m-0 flex flex-col gap-3 rounded-md border border-line p-3 md:grid md:grid-cols-[minmax(0,3fr)_repeat(3,minmax(0,1fr))_minmax(0,1.5fr)] md:items-start">
      <legend className="px-1 text-sm font-semibold text-ink">Line {number}</legend>
      {line.productId ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-ink">Product</span>
          <span className="min-h-10 py-2 text-ink">
            {line.description}
            {line.sku ? <span className="ml-2 text-sm text-ink-muted">{line.sku}</span> : null}
          </span>
        </div>
      ) : (
        <TextField
          id={id('description')}
          name="description"
          label="Description"
          required
          value={line.description}
          error={errors.description}
          disabled={disabled}
          onChange={(event) => onChange('description', event.target.value)}
        />
      )}
      <TextField
        id={id('quantity')}
        name="quantity"
        label="Quantity"
        inputMode="numeric"
        required
        value={line.quantity}
        error={errors.quantity}
        hint={line.shipped > 0 ? `${line.shipped} shipped` : undefined}
        disabled={disabled}
        onChange={(event) => onChange('quantity', event.target.value)}
      />
      <TextField
        id={id('unitPrice')}
        name="unitPrice"
        label="Unit price"
        inputMode="decimal"
        required
        value={line.unitPrice}
        error={errors.unitPrice}
        disabled={disabled}
        onChange={(event) => onChange('unitPrice', event.target.value)}
      />
      <TextField
        id={id('discountPercent')}
        name="discountPercent"
        label="Discount %"
        inputMode="decimal"
        value={line.discountPercent}
        error={errors.discountPercent}
        disabled={disabled}
        onChange={(event) => onChange('discountPercent', event.target.value)}
      />
      <Select
        id={id('taxRateId')}
        name="taxRateId"
        label="Tax rate"
        value={line.taxRateId ?? ''}
        options={rateOptions}
        error={errors.taxRateId}
        disabled={disabled}
        onChange={(event) => onChange('taxRateId', event.target.value)}
      />
      <div className="flex items-center justify-between gap-3 md:col-span-5">
        <p className="m-0 text-ink">
          <span className="text-sm text-ink-muted">Amount: </span>
          <output htmlFor={id('quantity')} className="font-mono">
            {amount ?? '—'}
          </output>
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || line.shipped > 0}
          aria-label={`Remove line ${number}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
