import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0028: a store's details for its documents, and its tax rates
 * (docs/decisions/0038-store-details-and-tax-rates.md).
 *
 * - `store_settings`: one row per store, made by the first save (a store without one has the contract's defaults,
 *   version 0): legal name, address, tax id, the logo (an upload of kind `logo`; deleting the upload clears it),
 *   payment terms in days (0–365), bank details, footer text, the currency symbol and decimals (0–3 here, the column
 *   holding what a currency may have; the contract takes 0–2 while amounts are kept in cents), whether prices include
 *   tax (0/1), who saved it last and its version (the ETag).
 * - `tax_rates`: per store, a name and a rate in millionths (`rate_ppm`, 0–1,000,000: 23 % = 230000, 8.875 % = 88750),
 *   whether it is the default, who made and changed it, and a version. At most one default per store is the
 *   database's rule too: a unique index of `store_id` over the rows `where is_default = 1`. Invoice lines will name
 *   rates (a foreign key without cascade); until then a rate is simply deleted.
 */
export const storeDocumentsAndTaxRates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_settings')
      .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
      .addColumn('legal_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tax_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('logo_upload', 'text', (col) => col.references('uploads.name').onDelete('set null'))
      .addColumn('logo_file_name', 'text')
      .addColumn('payment_terms_days', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('bank_details', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('footer_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('currency_symbol', 'text', (col) => col.notNull().defaultTo('$'))
      .addColumn('currency_decimals', 'integer', (col) => col.notNull().defaultTo(2))
      .addColumn('prices_include_tax', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('updated_at', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint('store_settings_payment_terms_check', sql`payment_terms_days between 0 and 365`)
      .addCheckConstraint('store_settings_decimals_check', sql`currency_decimals between 0 and 3`)
      .addCheckConstraint('store_settings_prices_include_tax_check', sql`prices_include_tax in (0, 1)`)
      .execute();
    await db.schema.createIndex('store_settings_logo_idx').on('store_settings').column('logo_upload').execute();

    await db.schema
      .createTable('tax_rates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('rate_ppm', 'integer', (col) => col.notNull())
      .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addCheckConstraint('tax_rates_rate_check', sql`rate_ppm between 0 and 1000000`)
      .addCheckConstraint('tax_rates_is_default_check', sql`is_default in (0, 1)`)
      .execute();
    await db.schema.createIndex('tax_rates_store_idx').on('tax_rates').columns(['store_id', 'id']).execute();
    await sql`create unique index tax_rates_one_default_idx on tax_rates (store_id) where is_default = 1`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tax_rates').execute();
    await db.schema.dropTable('store_settings').execute();
  },
};
