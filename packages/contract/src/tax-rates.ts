import { percentToPpm, PPM_PER_PERCENT } from './document-totals';
import { MESSAGES } from './messages';
import { isBlank, singleLineProblem } from './validation';

/**
 * A store's tax rates (docs/decisions/0038-store-details-and-tax-rates.md): a name and a percent, at most one the
 * default. A percent has at most 4 decimals (8.875 %, 9.975 %) and is kept as an integer of millionths (`rate_ppm`:
 * 23 % = 230000), so no rate is ever a float in a total.
 */
export interface TaxRateFields {
  name: string;
  percent: number;
}

export type TaxRateField = keyof TaxRateFields;
export type TaxRateErrors = Partial<Record<TaxRateField, string>>;

export const TAX_RATE_NAME_MAX = 50;
export const TAX_RATE_MAX_PERCENT = 100;
/** Decimals a percent may have (the ppm unit holds 4). */
export const TAX_RATE_DECIMALS = 4;
/** A store keeps at most this many rates: the list is answered whole. */
export const MAX_TAX_RATES = 50;

/** Whether `percent` has at most 4 decimals (8.875 yes, 8.87501 no), read the way the number is written. */
function hasAtMostFourDecimals(percent: number): boolean {
  return Math.abs(percent * PPM_PER_PERCENT - percentToPpm(percent)) < 1e-6;
}

/** The rules of a tax rate's form: a name (one line, at most 50 characters) and a percent from 0 to 100 with at most 4 decimals. */
export function validateTaxRate(fields: Partial<Record<TaxRateField, unknown>>, { presentOnly = false } = {}): TaxRateErrors {
  const errors: TaxRateErrors = {};
  const { name, percent } = fields;
  if (!(presentOnly && name === undefined)) {
    if (typeof name !== 'string' || isBlank(name)) errors.name = MESSAGES.taxRateNameRequired;
    else {
      const problem = singleLineProblem('Name', name.trim());
      if (problem) errors.name = problem;
      else if (name.trim().length > TAX_RATE_NAME_MAX) errors.name = MESSAGES.fieldTooLong('Name', TAX_RATE_NAME_MAX);
    }
  }
  if (!(presentOnly && percent === undefined)) {
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > TAX_RATE_MAX_PERCENT) errors.percent = MESSAGES.taxRatePercentInvalid;
    else if (!hasAtMostFourDecimals(percent)) errors.percent = MESSAGES.taxRatePercentDecimals;
  }
  return errors;
}

export function firstTaxRateError(errors: TaxRateErrors): string | null {
  return errors.name ?? errors.percent ?? null;
}

/** A percent as people read it: `23 %`, `8.875 %`, `0 %`. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(TAX_RATE_DECIMALS))} %`;
}

/** The order a store's rates are listed in: highest percent first, then by name, then by id. */
export function compareTaxRates(a: { percent: number; name: string; _id: string }, b: { percent: number; name: string; _id: string }): number {
  return b.percent - a.percent || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/** A refusal of a tax-rate write: the status and message the API answers. */
export interface TaxRateRefusal {
  status: 409;
  message: string;
}

/** Whether the store may add another rate (it has `count`): at most MAX_TAX_RATES, so the list stays small and whole. */
export function taxRateCreationRefusal(count: number): TaxRateRefusal | null {
  return count >= MAX_TAX_RATES ? { status: 409, message: MESSAGES.tooManyTaxRates(MAX_TAX_RATES) } : null;
}
