import { useState, type FormEvent } from 'react';
import { type BillingNumbering, type BillingNumberingErrors, billingNumber, validateBillingNumbering } from '@inventory/contract/rules';
import { Button, Card, TextField } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { numberingSaveRequested, selectStoreSettingsState } from './storeSettingsSlice';

/** How a number reads with these settings: the year of today, a number in the middle of a series. */
function example(prefix: string, withYear: boolean) {
  return billingNumber(prefix || '…', withYear ? new Date().getFullYear() : null, 123);
}

/**
 * How invoices and credit notes are numbered (docs/decisions/0043-invoices.md): a prefix each and whether the year is
 * in the number (each year a series of its own). Checked by the contract's rule as typed; owners change it, and the
 * next number issued follows it; issued numbers never change.
 */
export function NumberingCard({ numbering, readOnly }: { numbering: BillingNumbering; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectStoreSettingsState).numberingBusy;
  const [invoicePrefix, setInvoicePrefix] = useState(numbering.invoicePrefix);
  const [creditNotePrefix, setCreditNotePrefix] = useState(numbering.creditNotePrefix);
  const [withYear, setWithYear] = useState(numbering.withYear);
  const [ownErrors, setErrors] = useState<BillingNumberingErrors>({});
  const { errors: answered, clearField } = useFieldErrors('numbering');
  const errors = {
    invoicePrefix: ownErrors.invoicePrefix ?? answered.invoicePrefix,
    creditNotePrefix: ownErrors.creditNotePrefix ?? answered.creditNotePrefix,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = { invoicePrefix: invoicePrefix.trim(), creditNotePrefix: creditNotePrefix.trim(), withYear };
    const found = validateBillingNumbering(fields);
    setErrors(found);
    const first = (['invoicePrefix', 'creditNotePrefix'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`numbering-${first}`)?.focus();
      return;
    }
    dispatch(numberingSaveRequested(fields));
  };

  const field = (name: 'invoicePrefix' | 'creditNotePrefix', label: string, value: string, set: (next: string) => void) => (
    <TextField
      id={`numbering-${name}`}
      name={name}
      label={label}
      required
      autoComplete="off"
      value={value}
      readOnly={readOnly}
      error={errors[name]}
      hint={`Numbers read ${example(value.trim(), withYear)}`}
      onChange={(event) => {
        set(event.target.value);
        setErrors((current) => ({ ...current, [name]: undefined }));
        clearField(name);
      }}
    />
  );

  return (
    <Card title="Invoice numbers">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Invoice numbers">
        <p className="m-0 text-sm text-ink-muted">
          Issuing takes the next number of its series, with no gaps. Changes apply to the next number; issued ones never change.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('invoicePrefix', 'Invoice prefix', invoicePrefix, setInvoicePrefix)}
          {field('creditNotePrefix', 'Credit note prefix', creditNotePrefix, setCreditNotePrefix)}
        </div>
        <label className="flex items-center gap-3 text-ink pointer-coarse:min-h-11" htmlFor="numbering-withYear">
          <input
            id="numbering-withYear"
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={withYear}
            disabled={readOnly}
            onChange={(event) => setWithYear(event.target.checked)}
          />
          The year in the number (each year starts again at 1)
        </label>
        {readOnly ? null : (
          <div>
            <Button type="submit" loading={busy}>
              Save numbering
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
