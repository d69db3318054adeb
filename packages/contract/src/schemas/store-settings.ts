import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  CURRENCY_DECIMALS,
  firstStoreSettingsError,
  MAX_PAYMENT_TERMS_DAYS,
  STORE_SETTINGS_LABELS,
  STORE_SETTINGS_LIMITS,
  storeSettingsValues,
  validateStoreSettings,
} from '../store-settings';
import { firstTaxRateError, MAX_TAX_RATES, TAX_RATE_NAME_MAX, validateTaxRate } from '../tax-rates';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { actorSchema } from './responses';

/** The store settings and tax rates calls' requests and answers (their rules: store-settings.ts, tax-rates.ts). */

const text = (field: keyof typeof STORE_SETTINGS_LIMITS, description: string) =>
  z.string({ error: MESSAGES.textRequired(STORE_SETTINGS_LABELS[field]) }).describe(`${description}; at most ${STORE_SETTINGS_LIMITS[field]} characters`);

const settingsFields = {
  legalName: text('legalName', "The seller's legal name as documents print it; '' for none"),
  address: text('address', "Lines separated by \\n; '' for none"),
  taxId: text('taxId', "A VAT number or other tax id; '' for none"),
  paymentTermsDays: z.number({ error: MESSAGES.paymentTermsInvalid }).describe(`Days from issue to due date, 0 to ${MAX_PAYMENT_TERMS_DAYS} (0: due on receipt)`),
  bankDetails: text('bankDetails', "Where customers pay, lines separated by \\n; '' for none"),
  footerText: text('footerText', "Printed at the foot of every document, lines separated by \\n; '' for none"),
  currencySymbol: text('currencySymbol', 'Written before every amount (1 to 4 characters), e.g. $, €, £, CHF'),
  currencyDecimals: z.number({ error: MESSAGES.currencyDecimalsInvalid }).describe('Digits an amount shows: 0, 1 or 2 (amounts are kept in cents)'),
  pricesIncludeTax: z.boolean({ error: MESSAGES.pricesIncludeTaxInvalid }).describe('Prices are entered with tax included'),
};

/** Read-only fields the settings answer; sent back on a PUT (the whole object fetched), they are ignored. */
export const STORE_SETTINGS_ECHOED_FIELDS = ['logo', 'updatedAt', 'updatedBy'] as const;

/** PUT /api/stores/active/settings (JSON): every setting (a replacement); the logo has its own route. */
export const storeSettingsUpdateSchema = z
  .strictObject({ ...settingsFields, ...echoedFields(STORE_SETTINGS_ECHOED_FIELDS) })
  .superRefine((body, ctx) => {
    const message = firstStoreSettingsError(validateStoreSettings(body));
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((body) => storeSettingsValues(withoutEchoed(body, STORE_SETTINGS_ECHOED_FIELDS)));

export const storeLogoSchema = z.object({
  url: z.string().describe("Where the image loads from (absolute, on the API's PUBLIC_URL); members of the store only"),
  fileName: z.string().describe('The uploaded file name, as display text'),
});

export const storeSettingsSchema = z
  .object({
    legalName: z.string().max(STORE_SETTINGS_LIMITS.legalName),
    address: z.string().max(STORE_SETTINGS_LIMITS.address),
    taxId: z.string().max(STORE_SETTINGS_LIMITS.taxId),
    paymentTermsDays: z.number().int().min(0).max(MAX_PAYMENT_TERMS_DAYS),
    bankDetails: z.string().max(STORE_SETTINGS_LIMITS.bankDetails),
    footerText: z.string().max(STORE_SETTINGS_LIMITS.footerText),
    currencySymbol: z.string().min(1),
    currencyDecimals: z.union([z.literal(CURRENCY_DECIMALS[0]), z.literal(CURRENCY_DECIMALS[1]), z.literal(CURRENCY_DECIMALS[2])]),
    pricesIncludeTax: z.boolean(),
    logo: storeLogoSchema.nullable().describe('The logo documents print, or null'),
    updatedAt: z.iso.datetime().nullable().describe('When the settings were last saved; null while they are the defaults'),
    updatedBy: actorSchema.nullable().describe('Who saved them last; null while they are the defaults'),
  })
  .meta({
    examples: [
      {
        legalName: 'Byte Shop Ltd',
        address: '12 Market Street\nLeeds LS1 6DT\nUnited Kingdom',
        taxId: 'GB123456789',
        paymentTermsDays: 30,
        bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55\nBIC BUKBGB22',
        footerText: 'Thank you for your business.',
        currencySymbol: '£',
        currencyDecimals: 2,
        pricesIncludeTax: false,
        logo: null,
        updatedAt: '2024-03-02T08:30:00.000Z',
        updatedBy: { name: 'Ada Lovelace', token: null },
      },
    ],
  });
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export type StoreSettingsUpdateBody = z.infer<typeof storeSettingsUpdateSchema>;

/* Tax rates */

const rateName = z.string({ error: MESSAGES.taxRateNameRequired }).describe(`One line, at most ${TAX_RATE_NAME_MAX} characters`);
const ratePercent = z.number({ error: MESSAGES.taxRatePercentInvalid }).describe('0 to 100, at most 4 decimals (23, 8.875)');

function rateRules(presentOnly: boolean) {
  return (body: { name?: string; percent?: number }, ctx: z.RefinementCtx) => {
    const message = firstTaxRateError(validateTaxRate(body, { presentOnly }));
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** POST /api/tax-rates: a name, a percent, and whether it becomes the store's default (clearing the one before). */
export const taxRateCreateSchema = z
  .strictObject({ name: rateName, percent: ratePercent, isDefault: z.boolean().optional().describe('Make it the default (default false)') })
  .superRefine(rateRules(false))
  .transform(({ name, percent, isDefault }) => ({ name: name.trim(), percent, isDefault: isDefault ?? false }));

export const TAX_RATE_ECHOED_FIELDS = ['_id', 'isDefault', 'version', 'createdAt', 'updatedAt'] as const;

/** PATCH /api/tax-rates/{id}: the name or percent to change (a rate becomes the default through its own route). */
export const taxRateUpdateSchema = z
  .strictObject({ name: rateName.optional(), percent: ratePercent.optional(), ...echoedFields(TAX_RATE_ECHOED_FIELDS) })
  .superRefine(rateRules(true))
  .transform((body) => {
    const { name, percent } = withoutEchoed(body, TAX_RATE_ECHOED_FIELDS);
    return { ...(name === undefined ? {} : { name: name.trim() }), ...(percent === undefined ? {} : { percent }) };
  });

export const taxRateSchema = z
  .object({
    _id: z.uuid(),
    name: z.string().max(TAX_RATE_NAME_MAX),
    percent: z.number().min(0).max(100).describe('Percent, at most 4 decimals'),
    isDefault: z.boolean().describe("The store's default rate (at most one)"),
    version: z.number().int().min(1).describe("The rate's version: its ETag, for If-Match on an edit from the list"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        _id: '3d6f0a52-7c1e-4b8a-9f2d-1e0c4b5a6d7e',
        name: 'Standard',
        percent: 23,
        isDefault: true,
        version: 1,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-01T10:00:00.000Z',
      },
    ],
  });
export const taxRateListSchema = z.array(taxRateSchema).max(MAX_TAX_RATES);

export type TaxRate = z.infer<typeof taxRateSchema>;
export type TaxRateCreateBody = z.infer<typeof taxRateCreateSchema>;
export type TaxRateUpdateBody = z.infer<typeof taxRateUpdateSchema>;
