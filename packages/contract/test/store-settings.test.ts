import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  can,
  compareTaxRates,
  DEFAULT_CURRENCY,
  DEFAULT_STORE_SETTINGS,
  fieldOfMessage,
  firstIssueMessage,
  forbiddenMessage,
  formatMoneyIn,
  formatPercent,
  MAX_TAX_RATES,
  MESSAGES,
  storeSettingsUpdateSchema,
  taxRateCreateSchema,
  taxRateCreationRefusal,
  taxRateUpdateSchema,
  validateStoreSettings,
  validateTaxRate,
} from '../src';

const firstMessage = (result: { success: boolean; error?: ZodError }) => (result.error ? firstIssueMessage(result.error) : undefined);

describe('formatMoneyIn', () => {
  it('prints SPEC.md’s money by default: a $ prefix, 2 decimals, thousands separators', () => {
    expect(formatMoneyIn(123_456, DEFAULT_CURRENCY)).toBe('$1,234.56');
    expect(formatMoneyIn(0, DEFAULT_CURRENCY)).toBe('$0.00');
    expect(formatMoneyIn(5, DEFAULT_CURRENCY)).toBe('$0.05');
    expect(formatMoneyIn(-5, DEFAULT_CURRENCY)).toBe('-$0.05');
    expect(formatMoneyIn(123_456_789_012, DEFAULT_CURRENCY)).toBe('$1,234,567,890.12');
    expect(formatMoneyIn(1_230_000_000_000_062, DEFAULT_CURRENCY)).toBe('$12,300,000,000,000.62');
  });

  it('shows a currency’s own decimals, but never hides a cent of an amount that is not a whole unit', () => {
    expect(formatMoneyIn(150_000, { symbol: '¥', decimals: 0 })).toBe('¥1,500');
    expect(formatMoneyIn(1_550, { symbol: '¥', decimals: 0 })).toBe('¥15.50');
    expect(formatMoneyIn(1_250, { symbol: '€', decimals: 1 })).toBe('€12.5');
    expect(formatMoneyIn(1_255, { symbol: '€', decimals: 1 })).toBe('€12.55');
  });

  it('puts a no-break space after a symbol ending in a letter', () => {
    expect(formatMoneyIn(1_250, { symbol: 'CHF', decimals: 2 })).toBe('CHF\u00a012.50');
    expect(formatMoneyIn(-99_900, { symbol: 'kr', decimals: 2 })).toBe('-kr\u00a0999.00');
    expect(formatMoneyIn(1_250, { symbol: '£', decimals: 2 })).toBe('£12.50');
    expect(() => formatMoneyIn(1.5, DEFAULT_CURRENCY)).toThrow(RangeError);
  });
});

describe('store settings rules', () => {
  it('the defaults pass, and are SPEC.md’s $ with 2 decimals, due on receipt, prices without tax', () => {
    expect(validateStoreSettings(DEFAULT_STORE_SETTINGS)).toEqual({});
    expect(DEFAULT_STORE_SETTINGS).toMatchObject({ currencySymbol: '$', currencyDecimals: 2, paymentTermsDays: 0, pricesIncludeTax: false });
  });

  it('answers each field’s problem with its own message', () => {
    const cases: [Partial<typeof DEFAULT_STORE_SETTINGS>, keyof typeof DEFAULT_STORE_SETTINGS, string][] = [
      [{ legalName: 'x'.repeat(201) }, 'legalName', MESSAGES.fieldTooLong('Legal name', 200)],
      [{ legalName: 'Byte\nShop' }, 'legalName', MESSAGES.controlCharacters('Legal name')],
      [{ address: 'a\u0007b' }, 'address', MESSAGES.controlCharactersInText('Address')],
      [{ taxId: 'GB\u202e1' }, 'taxId', MESSAGES.directionControls('Tax ID')],
      [{ paymentTermsDays: 366 }, 'paymentTermsDays', MESSAGES.paymentTermsInvalid],
      [{ paymentTermsDays: -1 }, 'paymentTermsDays', MESSAGES.paymentTermsInvalid],
      [{ paymentTermsDays: 1.5 }, 'paymentTermsDays', MESSAGES.paymentTermsInvalid],
      [{ bankDetails: 'b'.repeat(501) }, 'bankDetails', MESSAGES.fieldTooLong('Bank details', 500)],
      [{ footerText: 'f'.repeat(1001) }, 'footerText', MESSAGES.fieldTooLong('Footer text', 1000)],
      [{ currencySymbol: '  ' }, 'currencySymbol', MESSAGES.currencySymbolRequired],
      [{ currencySymbol: '€€€€€' }, 'currencySymbol', MESSAGES.currencySymbolTooLong],
      [{ currencyDecimals: 3 }, 'currencyDecimals', MESSAGES.currencyDecimalsThree],
      [{ currencyDecimals: 4 }, 'currencyDecimals', MESSAGES.currencyDecimalsInvalid],
      [{ currencyDecimals: 1.5 }, 'currencyDecimals', MESSAGES.currencyDecimalsInvalid],
    ];
    for (const [change, field, message] of cases) {
      expect(validateStoreSettings({ ...DEFAULT_STORE_SETTINGS, ...change })).toEqual({ [field]: message });
      expect(fieldOfMessage(message), message).toBe(field);
    }
    expect(validateStoreSettings({ ...DEFAULT_STORE_SETTINGS, pricesIncludeTax: 'yes' })).toEqual({ pricesIncludeTax: MESSAGES.pricesIncludeTaxInvalid });
  });

  it('counts a symbol in characters people see: €, CHF, a four-letter code and 💶 fit; 365 days and 0–2 decimals pass', () => {
    for (const currencySymbol of ['€', 'CHF', 'US$ ', '💶', 'Kč']) expect(validateStoreSettings({ ...DEFAULT_STORE_SETTINGS, currencySymbol })).toEqual({});
    expect(validateStoreSettings({ ...DEFAULT_STORE_SETTINGS, paymentTermsDays: 365, currencyDecimals: 0 })).toEqual({});
  });

  it('the PUT schema trims, keeps line breaks as \\n, ignores the read-only fields sent back and refuses others', () => {
    const parsed = storeSettingsUpdateSchema.parse({
      ...DEFAULT_STORE_SETTINGS,
      legalName: '  Byte Shop Ltd ',
      address: '12 Market Street\r\nLeeds',
      currencySymbol: ' € ',
      logo: { url: 'x', fileName: 'y' },
      updatedAt: null,
      updatedBy: null,
    });
    expect(parsed).toEqual({ ...DEFAULT_STORE_SETTINGS, legalName: 'Byte Shop Ltd', address: '12 Market Street\nLeeds', currencySymbol: '€' });
    expect(firstMessage(storeSettingsUpdateSchema.safeParse({ ...DEFAULT_STORE_SETTINGS, owner: 'me' }))).toBe('Unexpected field: owner');
    expect(firstMessage(storeSettingsUpdateSchema.safeParse({ ...DEFAULT_STORE_SETTINGS, paymentTermsDays: '30' }))).toBe(MESSAGES.paymentTermsInvalid);
    const { legalName: _legalName, ...withoutName } = DEFAULT_STORE_SETTINGS;
    expect(firstMessage(storeSettingsUpdateSchema.safeParse(withoutName))).toBe(MESSAGES.textRequired('Legal name'));
  });

  it('every member reads the settings; only owners change them or the tax rates', () => {
    expect((['owner', 'manager', 'staff', 'viewer'] as const).map((role) => [can(role, 'settings:read'), can(role, 'settings:update')])).toEqual([
      [true, true],
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect(forbiddenMessage('manager', 'settings:update')).toBe('Your role (manager) does not allow you to change the store settings or tax rates.');
  });
});

describe('tax rate rules', () => {
  it('a name and a percent from 0 to 100 with at most 4 decimals', () => {
    expect(validateTaxRate({ name: 'Standard', percent: 23 })).toEqual({});
    expect(validateTaxRate({ name: 'NYC', percent: 8.875 })).toEqual({});
    expect(validateTaxRate({ name: 'Quebec QST', percent: 9.975 })).toEqual({});
    expect(validateTaxRate({ name: 'All of it', percent: 100 })).toEqual({});
    expect(validateTaxRate({ name: 'Zero', percent: 0 })).toEqual({});
    expect(validateTaxRate({ name: ' ', percent: 8.87501 })).toEqual({ name: MESSAGES.taxRateNameRequired, percent: MESSAGES.taxRatePercentDecimals });
    expect(validateTaxRate({ name: 'x'.repeat(51), percent: -1 })).toEqual({ name: MESSAGES.fieldTooLong('Name', 50), percent: MESSAGES.taxRatePercentInvalid });
    expect(validateTaxRate({ name: 'A\tB', percent: 100.5 })).toEqual({ name: MESSAGES.controlCharacters('Name'), percent: MESSAGES.taxRatePercentInvalid });
    expect(validateTaxRate({ percent: Number.NaN }, { presentOnly: true })).toEqual({ percent: MESSAGES.taxRatePercentInvalid });
    expect(validateTaxRate({}, { presentOnly: true })).toEqual({});
    for (const message of [MESSAGES.taxRateNameRequired, MESSAGES.fieldTooLong('Name', 50)]) expect(fieldOfMessage(message)).toBe('name');
    for (const message of [MESSAGES.taxRatePercentInvalid, MESSAGES.taxRatePercentDecimals]) expect(fieldOfMessage(message)).toBe('percent');
  });

  it('the schemas: a create is not the default unless asked; an edit changes what is sent and ignores what it answered', () => {
    expect(taxRateCreateSchema.parse({ name: ' Standard ', percent: 23 })).toEqual({ name: 'Standard', percent: 23, isDefault: false });
    expect(taxRateCreateSchema.parse({ name: 'Standard', percent: 23, isDefault: true }).isDefault).toBe(true);
    expect(firstMessage(taxRateCreateSchema.safeParse({ name: 'Standard', percent: '23' }))).toBe(MESSAGES.taxRatePercentInvalid);
    expect(taxRateUpdateSchema.parse({ percent: 21, _id: 'x', isDefault: false, version: 3, createdAt: 'then' })).toEqual({ percent: 21 });
    expect(firstMessage(taxRateUpdateSchema.safeParse({ rate: 21 }))).toBe('Unexpected field: rate');
  });

  it('lists the highest rate first, then by name; prints percents as people read them; caps a store at 50 rates', () => {
    const rates = [
      { _id: 'b', name: 'Reduced', percent: 8 },
      { _id: 'c', name: 'Zero', percent: 0 },
      { _id: 'a', name: 'Standard', percent: 23 },
      { _id: 'd', name: 'Books', percent: 8 },
    ];
    expect([...rates].sort(compareTaxRates).map((rate) => rate._id)).toEqual(['a', 'd', 'b', 'c']);
    expect([23, 8.875, 0, 7.7].map(formatPercent)).toEqual(['23 %', '8.875 %', '0 %', '7.7 %']);
    expect(taxRateCreationRefusal(MAX_TAX_RATES - 1)).toBeNull();
    expect(taxRateCreationRefusal(MAX_TAX_RATES)).toEqual({ status: 409, message: MESSAGES.tooManyTaxRates(50) });
  });
});
