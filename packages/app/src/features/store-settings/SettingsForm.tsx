import type { ChangeEvent, FormEvent } from 'react';
import {
  CURRENCY_DECIMALS,
  MAX_PAYMENT_TERMS_DAYS,
  STORE_SETTINGS_LABELS,
  STORE_SETTINGS_LIMITS,
  type StoreSettingsErrors,
} from '@inventory/contract/rules';
import { Button, Card, Select, TextArea, TextField } from '@inventory/ui';
import type { SettingsFormValues } from './settingsFormValues';

type Change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;

export interface SettingsFormProps {
  values: SettingsFormValues;
  errors: StoreSettingsErrors;
  onChange: Change;
  onSubmit: () => void;
  saving: boolean;
  /** Members who may not change the settings see them without a way to. */
  readOnly: boolean;
}

const DECIMAL_OPTIONS = CURRENCY_DECIMALS.map((decimals) => ({ value: String(decimals), label: decimals === 2 ? '2 (1,234.56)' : decimals === 1 ? '1 (1,234.5)' : '0 (1,235)' }));

/**
 * The store's details for its documents and how it invoices: business details (legal name, address, tax id), then
 * invoicing (payment terms, bank details, footer, currency symbol and decimals, prices with or without tax). Bad
 * values show under their fields and nothing is sent.
 */
export function SettingsForm({ values, errors, onChange, onSubmit, saving, readOnly }: SettingsFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving && !readOnly) onSubmit();
  };
  const text = (field: 'legalName' | 'taxId' | 'currencySymbol', extra: { hint?: string; autoComplete?: string; className?: string } = {}) => (
    <TextField
      id={`settings-${field}`}
      name={field}
      label={STORE_SETTINGS_LABELS[field]}
      value={values[field]}
      error={errors[field]}
      readOnly={readOnly}
      onChange={onChange}
      maxLength={field === 'currencySymbol' ? undefined : STORE_SETTINGS_LIMITS[field]}
      required={field === 'currencySymbol'}
      hint={extra.hint}
      autoComplete={extra.autoComplete ?? 'off'}
      wrapperClassName={extra.className}
    />
  );
  const lines = (field: 'address' | 'bankDetails' | 'footerText', hint: string) => (
    <TextArea
      id={`settings-${field}`}
      name={field}
      label={STORE_SETTINGS_LABELS[field]}
      value={values[field]}
      error={errors[field]}
      readOnly={readOnly}
      onChange={onChange}
      hint={hint}
      rows={3}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="Store settings">
      <Card title="Business details">
        <div className="flex flex-col gap-5">
          <div className="grid gap-5 md:grid-cols-2">
            {text('legalName', { hint: 'As your documents print it', autoComplete: 'organization' })}
            {text('taxId', { hint: 'A VAT number or other tax id' })}
          </div>
          {lines('address', 'One line each: street, town and postcode, country')}
        </div>
      </Card>
      <Card title="Invoicing">
        <div className="flex flex-col gap-5">
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              id="settings-paymentTermsDays"
              name="paymentTermsDays"
              label={STORE_SETTINGS_LABELS.paymentTermsDays}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PAYMENT_TERMS_DAYS}
              value={values.paymentTermsDays}
              error={errors.paymentTermsDays}
              readOnly={readOnly}
              onChange={onChange}
              hint="Days from the invoice to its due date (0: on receipt)"
            />
            {text('currencySymbol', { hint: 'Before every amount: $, €, £, CHF' })}
            <Select
              id="settings-currencyDecimals"
              name="currencyDecimals"
              label={STORE_SETTINGS_LABELS.currencyDecimals}
              options={DECIMAL_OPTIONS}
              value={values.currencyDecimals}
              error={errors.currencyDecimals}
              disabled={readOnly}
              onChange={onChange}
              hint="Amounts are kept to the cent"
            />
          </div>
          <label className="flex items-start gap-3 text-ink pointer-coarse:min-h-11" htmlFor="settings-pricesIncludeTax">
            <input
              id="settings-pricesIncludeTax"
              name="pricesIncludeTax"
              type="checkbox"
              className="mt-1 size-4 accent-brand-600"
              checked={values.pricesIncludeTax}
              disabled={readOnly}
              onChange={onChange}
              aria-describedby="settings-pricesIncludeTax-hint"
            />
            <span>
              <span className="font-medium">Prices include tax</span>
              <span id="settings-pricesIncludeTax-hint" className="block text-sm text-ink-muted">
                Prices are entered with tax in them; each rate&apos;s tax is taken out of its summed total
              </span>
            </span>
          </label>
          {errors.pricesIncludeTax ? (
            <p role="alert" className="m-0 text-sm text-danger">
              {errors.pricesIncludeTax}
            </p>
          ) : null}
          {lines('bankDetails', 'Where customers pay: bank, IBAN, BIC or account number')}
          {lines('footerText', 'Printed at the foot of every document')}
        </div>
      </Card>
      {readOnly ? null : (
        <div>
          <Button type="submit" loading={saving}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
