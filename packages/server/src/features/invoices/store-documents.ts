import { DEFAULT_BILLING_NUMBERING, DEFAULT_STORE_SETTINGS, type BillingNumbering } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db';

/** The store's details as an invoice needs them: what it prints, its currency and whether prices include tax. */
export interface DocumentSettings {
  legalName: string;
  address: string;
  taxId: string;
  bankDetails: string;
  footerText: string;
  paymentTermsDays: number;
  currencySymbol: string;
  currencyDecimals: number;
  pricesIncludeTax: boolean;
  /** The logo's upload name; null for none. */
  logoUpload: string | null;
}

/** The store's settings (0038), or the contract's defaults while it saved none. */
export async function documentSettings(reader: Kysely<Database>, storeId: string): Promise<DocumentSettings> {
  const row = await reader.selectFrom('store_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  if (!row) return { ...DEFAULT_STORE_SETTINGS, logoUpload: null };
  return {
    legalName: row.legal_name,
    address: row.address,
    taxId: row.tax_id,
    bankDetails: row.bank_details,
    footerText: row.footer_text,
    paymentTermsDays: row.payment_terms_days,
    currencySymbol: row.currency_symbol,
    currencyDecimals: row.currency_decimals,
    pricesIncludeTax: row.prices_include_tax === 1,
    logoUpload: row.logo_upload,
  };
}

/** The store's numbering of invoices and credit notes, or the defaults (INV / CN, with the year). */
export async function billingNumbering(reader: Kysely<Database>, storeId: string): Promise<BillingNumbering> {
  const row = await reader.selectFrom('billing_numbering').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  if (!row) return DEFAULT_BILLING_NUMBERING;
  return { invoicePrefix: row.invoice_prefix, creditNotePrefix: row.credit_note_prefix, withYear: row.with_year === 1 };
}
