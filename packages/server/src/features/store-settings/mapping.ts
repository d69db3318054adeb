import { DEFAULT_STORE_SETTINGS, ppmToPercent, type StoreSettings, type StoreSettingsUpdateBody, type TaxRate } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { StoreSettingsTable, TaxRatesTable } from '../../db/types';
import type { PublicUrls } from '../../public-urls';

/** The settings a store answers before it saved any: the contract's defaults, at version 0. */
export const UNSAVED_SETTINGS: StoreSettings = { ...DEFAULT_STORE_SETTINGS, logo: null, updatedAt: null, updatedBy: null } as StoreSettings;

/** The only shape the settings leave the server in (who saved them is added by the service). */
export function toStoreSettings(row: Selectable<StoreSettingsTable>, urls: PublicUrls): Omit<StoreSettings, 'updatedBy'> {
  return {
    legalName: row.legal_name,
    address: row.address,
    taxId: row.tax_id,
    paymentTermsDays: row.payment_terms_days,
    bankDetails: row.bank_details,
    footerText: row.footer_text,
    currencySymbol: row.currency_symbol,
    currencyDecimals: row.currency_decimals as StoreSettings['currencyDecimals'],
    pricesIncludeTax: row.prices_include_tax === 1,
    logo: row.logo_upload === null ? null : { url: urls.upload(row.logo_upload), fileName: row.logo_file_name ?? 'logo' },
    updatedAt: row.updated_at,
  };
}

/** The columns of the settings a PUT replaces. */
export function storeSettingsColumns(body: StoreSettingsUpdateBody) {
  return {
    legal_name: body.legalName,
    address: body.address,
    tax_id: body.taxId,
    payment_terms_days: body.paymentTermsDays,
    bank_details: body.bankDetails,
    footer_text: body.footerText,
    currency_symbol: body.currencySymbol,
    currency_decimals: body.currencyDecimals,
    prices_include_tax: body.pricesIncludeTax ? 1 : 0,
  };
}

/** The only shape a tax rate leaves the server in. */
export function toTaxRate(row: Selectable<TaxRatesTable>): TaxRate {
  return {
    _id: row.id,
    name: row.name,
    percent: ppmToPercent(row.rate_ppm),
    isDefault: row.is_default === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
