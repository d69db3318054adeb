import {
  type CurrencyFormat,
  type DocumentLine,
  documentTotals,
  type DocumentTotals,
  type StoreSettingsFields,
  type TaxRate,
  validateStoreSettings,
} from '@inventory/contract/rules';

/** The sample document of the preview: the lines of odoo#36675 (55.55 and 11.11) at each of up to three rates. */
export const SAMPLE_LINE_CENTS = [5555, 1111] as const;
/** The sample amount printed in the store's currency. */
export const SAMPLE_AMOUNT_CENTS = 123_456_789;

export interface SamplePreview {
  currency: CurrencyFormat;
  totals: DocumentTotals;
  pricesIncludeTax: boolean;
}

/**
 * What the preview shows for the settings as typed: the store's currency and the sample's totals by the contract's
 * documentTotals (the rates shown first: the default, then the list's order). While the typed symbol or decimals do
 * not pass the contract's rules, the saved ones are used.
 */
export function samplePreview(typed: StoreSettingsFields, saved: CurrencyFormat, rates: readonly TaxRate[]): SamplePreview {
  const problems = validateStoreSettings(typed);
  const currency: CurrencyFormat = {
    symbol: problems.currencySymbol ? saved.symbol : typed.currencySymbol.trim(),
    decimals: problems.currencyDecimals ? saved.decimals : typed.currencyDecimals,
  };
  const shown = [...rates].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).slice(0, 3);
  const lines: DocumentLine[] = shown.flatMap((rate) => SAMPLE_LINE_CENTS.map((cents) => ({ quantity: 1, unitPriceCents: cents, taxRateId: rate._id })));
  return { currency, totals: documentTotals(lines, shown, typed.pricesIncludeTax, { decimals: currency.decimals }), pricesIncludeTax: typed.pricesIncludeTax };
}
