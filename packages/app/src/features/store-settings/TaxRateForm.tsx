import { useState, type FormEvent } from 'react';
import { type TaxRate, type TaxRateErrors, validateTaxRate } from '@inventory/contract/rules';
import { Button, TextField } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';
import type { TaxRateIntent } from './storeSettingsSlice';

export interface TaxRateFormProps {
  /** The rate edited; null: a new one. */
  rate: TaxRate | null;
  busy: boolean;
  onSubmit: (intent: TaxRateIntent) => void;
  onCancel?: () => void;
}

/**
 * A tax rate's name, percent and whether it is the default: checked by the contract's rules as sent (errors under
 * their fields, the server's too), the input kept after a failed save.
 */
export function TaxRateForm({ rate, busy, onSubmit, onCancel }: TaxRateFormProps) {
  const [name, setName] = useState(rate?.name ?? '');
  const [percent, setPercent] = useState(rate ? String(rate.percent) : '');
  const [isDefault, setDefault] = useState(rate?.isDefault ?? false);
  const [ownErrors, setErrors] = useState<TaxRateErrors>({});
  const { errors: answered, clearField } = useFieldErrors('taxRate');
  const errors = { name: ownErrors.name ?? answered.name, percent: ownErrors.percent ?? answered.percent };
  const prefix = rate ? `rate-${rate._id}` : 'rate-new';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = { name: name.trim(), percent: percent.trim() === '' ? Number.NaN : Number(percent) };
    const found = validateTaxRate(fields);
    setErrors(found);
    const first = (['name', 'percent'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    onSubmit({ rate, ...fields, isDefault });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={rate ? `Edit ${rate.name}` : 'Add a tax rate'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${prefix}-name`}
          name="name"
          label="Name"
          required
          autoComplete="off"
          value={name}
          error={errors.name}
          hint="e.g. Standard, Reduced, Zero"
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
            clearField('name');
          }}
        />
        <TextField
          id={`${prefix}-percent`}
          name="percent"
          label="Rate (%)"
          required
          inputMode="decimal"
          autoComplete="off"
          value={percent}
          error={errors.percent}
          hint="0 to 100, up to 4 decimals (8.875)"
          onChange={(event) => {
            setPercent(event.target.value);
            setErrors((current) => ({ ...current, percent: undefined }));
            clearField('percent');
          }}
        />
      </div>
      {rate?.isDefault ? null : (
        <label className="flex items-center gap-3 text-ink pointer-coarse:min-h-11" htmlFor={`${prefix}-default`}>
          <input
            id={`${prefix}-default`}
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={isDefault}
            onChange={(event) => setDefault(event.target.checked)}
          />
          Make it the default rate
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {rate ? 'Save tax rate' : 'Add tax rate'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
