import { multiLineProblem } from './text-fields';
import { MESSAGES } from './messages';
import { DEFAULT_CURRENCY } from './money-format';
import { isBlank, singleLineProblem } from './validation';

/**
 * A store's details for its documents and how it prices (docs/decisions/0038-store-details-and-tax-rates.md): what an
 * invoice prints about the seller, and the settings its totals follow. The server, the mocks and the settings screen
 * all check them by these rules; the request and response schemas are in schemas/store-settings.ts.
 */
export interface StoreSettingsFields {
  legalName: string;
  address: string;
  taxId: string;
  /** An invoice is due this many days after it is issued (0: on receipt). */
  paymentTermsDays: number;
  bankDetails: string;
  footerText: string;
  currencySymbol: string;
  currencyDecimals: number;
  /** Prices are entered with tax included (the tax is then taken out of each rate's summed gross). */
  pricesIncludeTax: boolean;
}

export type StoreSettingsField = keyof StoreSettingsFields;
export type StoreSettingsErrors = Partial<Record<StoreSettingsField, string>>;

/** The settings form's fields, in its order. */
export const STORE_SETTINGS_FIELD_KEYS = [
  'legalName',
  'address',
  'taxId',
  'paymentTermsDays',
  'bankDetails',
  'footerText',
  'currencySymbol',
  'currencyDecimals',
  'pricesIncludeTax',
] as const satisfies readonly StoreSettingsField[];

export const STORE_SETTINGS_LABELS: Record<StoreSettingsField, string> = {
  legalName: 'Legal name',
  address: 'Address',
  taxId: 'Tax ID',
  paymentTermsDays: 'Payment terms',
  bankDetails: 'Bank details',
  footerText: 'Footer text',
  currencySymbol: 'Currency symbol',
  currencyDecimals: 'Decimals',
  pricesIncludeTax: 'Prices include tax',
};

/** The longest text of each text field. */
export const STORE_SETTINGS_LIMITS = {
  legalName: 200,
  address: 500,
  taxId: 50,
  bankDetails: 500,
  footerText: 1000,
  currencySymbol: 4,
} as const;

type TextField = keyof typeof STORE_SETTINGS_LIMITS;
const TEXT_FIELDS = Object.keys(STORE_SETTINGS_LIMITS) as TextField[];
/** Fields that may span lines; the others are single-line fields. */
export const MULTILINE_SETTINGS_FIELDS: ReadonlySet<StoreSettingsField> = new Set(['address', 'bankDetails', 'footerText']);

export const MAX_PAYMENT_TERMS_DAYS = 365;
/** Decimals a currency may show: amounts are whole cents (0006), so 0, 1 or 2. */
export const CURRENCY_DECIMALS = [0, 1, 2] as const;

/** A store that has saved nothing: no details, due on receipt, SPEC.md's `$` with 2 decimals, prices without tax. */
export const DEFAULT_STORE_SETTINGS: StoreSettingsFields = {
  legalName: '',
  address: '',
  taxId: '',
  paymentTermsDays: 0,
  bankDetails: '',
  footerText: '',
  currencySymbol: DEFAULT_CURRENCY.symbol,
  currencyDecimals: DEFAULT_CURRENCY.decimals,
  pricesIncludeTax: false,
};

/** A text field as it is kept: trimmed; a multi-line one with its line endings as `\n`. */
export function settingsText(field: StoreSettingsField, value: string): string {
  const text = value.trim();
  return MULTILINE_SETTINGS_FIELDS.has(field) ? text.replace(/\r\n?/g, '\n') : text;
}

/** The settings as kept: every text field trimmed (settingsText). */
export function storeSettingsValues(fields: StoreSettingsFields): StoreSettingsFields {
  const values = { ...fields };
  for (const key of TEXT_FIELDS) values[key] = settingsText(key, fields[key]);
  return values;
}

function textProblem(field: TextField, value: unknown): string | null {
  const label = STORE_SETTINGS_LABELS[field];
  if (typeof value !== 'string') return MESSAGES.textRequired(label);
  const text = settingsText(field, value);
  if (field === 'currencySymbol' && isBlank(text)) return MESSAGES.currencySymbolRequired;
  const problem = MULTILINE_SETTINGS_FIELDS.has(field) ? multiLineProblem(label, text) : singleLineProblem(label, text);
  if (problem) return problem;
  // A symbol is counted in what people see as characters (code points), so `€` and `CHF` both fit.
  const length = field === 'currencySymbol' ? [...text].length : text.length;
  if (length > STORE_SETTINGS_LIMITS[field]) return field === 'currencySymbol' ? MESSAGES.currencySymbolTooLong : MESSAGES.fieldTooLong(label, STORE_SETTINGS_LIMITS[field]);
  return null;
}

/**
 * The settings form's rules, an error per field in the form's order: texts of at most their length (the address,
 * bank details and footer may span lines, the others are one line); a currency symbol of 1 to 4 characters; payment
 * terms a whole number of days from 0 to 365; decimals 0, 1 or 2 (3 is refused with its own message: amounts are
 * kept to the cent); prices include tax true or false.
 */
export function validateStoreSettings(fields: Partial<Record<StoreSettingsField, unknown>>): StoreSettingsErrors {
  const errors: StoreSettingsErrors = {};
  for (const key of STORE_SETTINGS_FIELD_KEYS) {
    const value = fields[key];
    let problem: string | null;
    if (key === 'paymentTermsDays') {
      problem = Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_PAYMENT_TERMS_DAYS ? null : MESSAGES.paymentTermsInvalid;
    } else if (key === 'currencyDecimals') {
      problem = CURRENCY_DECIMALS.includes(value as 0) ? null : value === 3 ? MESSAGES.currencyDecimalsThree : MESSAGES.currencyDecimalsInvalid;
    } else if (key === 'pricesIncludeTax') {
      problem = typeof value === 'boolean' ? null : MESSAGES.pricesIncludeTaxInvalid;
    } else problem = textProblem(key, value);
    if (problem) errors[key] = problem;
  }
  return errors;
}

/** The first error of the settings form, in its order; null when every field passes. */
export function firstStoreSettingsError(errors: StoreSettingsErrors): string | null {
  for (const key of STORE_SETTINGS_FIELD_KEYS) if (errors[key]) return errors[key]!;
  return null;
}
