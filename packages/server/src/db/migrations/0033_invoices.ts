import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';

type Table = CreateTableBuilder<string, string>;

/**
 * Migration 0033: invoices by hand, credit notes and payments (docs/decisions/0043-invoices.md).
 *
 * - `invoices`: per store, for a customer (`customer_id`, cleared if the customer is ever deleted; `customer` keeps
 *   their name, email, address and tax id as the invoice was written), `draft` or `issued`. The number is null until
 *   issued: then `number` of the series `number_series` (`invoice`, or `invoice:2026` when the store numbers per
 *   year) and the text printed (`number_text`, INV-2026-000123); one number per series and store (a unique index).
 *   The issue and due dates, the currency and whether prices include tax, the store's details as printed (`seller`,
 *   JSON, at issue), the totals (cents; `totals` the rates' breakdown as JSON), what credit notes took off and what was
 *   paid (kept by the writes that add them), who made and changed it, its version. `source_order_id` is the seam for
 *   an invoice made from an order (null: by hand).
 * - `invoice_lines`: the lines in order, as order lines are (product or free text, quantity, unit price, discount in
 *   basis points, tax rate) with the rate's name and rate as written and each line's net, tax and gross.
 * - `credit_notes` (+ `credit_note_lines`): their own series per store (and year), the invoice line each line credits.
 * - `payments`: amount (cents), date, method, reference.
 * - `billing_numbering`: a store's prefixes and whether the year is in the number (absent: the contract's defaults).
 * Amounts are `bigint` (an invoice may pass 2^31 cents); rows never hold a float.
 */
export const invoices: Migration = {
  async up(db: Kysely<unknown>) {
    const audit = (table: Table): Table =>
      table
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('created_by_token', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull());
    const amounts = (table: Table): Table =>
      table
        .addColumn('net_cents', 'bigint', (col) => col.notNull())
        .addColumn('tax_cents', 'bigint', (col) => col.notNull())
        .addColumn('gross_cents', 'bigint', (col) => col.notNull());
    const lineColumns = (table: Table): Table =>
      amounts(
        table
          .addColumn('position', 'integer', (col) => col.notNull())
          .addColumn('product_id', 'text')
          .addColumn('description', 'text', (col) => col.notNull())
          .addColumn('quantity', 'integer', (col) => col.notNull())
          .addColumn('unit_price_cents', 'bigint', (col) => col.notNull())
          .addColumn('discount_bp', 'integer', (col) => col.notNull())
          .addColumn('tax_rate_id', 'text')
          .addColumn('tax_rate_name', 'text')
          .addColumn('tax_rate_ppm', 'integer'),
      );

    await amounts(
      audit(
        (db.schema.createTable('invoices') as Table)
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
          .addColumn('customer_id', 'text', (col) => col.references('customers.id').onDelete('set null'))
          .addColumn('customer', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('number', 'integer')
          .addColumn('number_series', 'text')
          .addColumn('number_text', 'text')
          .addColumn('issue_date', 'text')
          .addColumn('due_date', 'text')
          .addColumn('currency_symbol', 'text', (col) => col.notNull())
          .addColumn('currency_decimals', 'integer', (col) => col.notNull())
          .addColumn('prices_include_tax', 'integer', (col) => col.notNull())
          .addColumn('seller', 'text')
          .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
          .addColumn('totals', 'text', (col) => col.notNull())
          .addColumn('source_order_id', 'text'),
      ),
    )
      .addColumn('credited_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('issued_at', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addCheckConstraint('invoices_status_check', sql`status in ('draft', 'issued')`)
      .addCheckConstraint('invoices_number_check', sql`(status = 'draft') = (number is null)`)
      .execute();
    await db.schema.createIndex('invoices_store_number_idx').on('invoices').columns(['store_id', 'number_series', 'number']).unique().execute();
    await db.schema.createIndex('invoices_store_created_idx').on('invoices').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('invoices_store_status_idx').on('invoices').columns(['store_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('invoices_customer_idx').on('invoices').columns(['customer_id', 'created_at']).execute();
    await db.schema.createIndex('invoices_store_number_text_idx').on('invoices').columns(['store_id', 'number_text']).execute();

    await lineColumns(
      (db.schema.createTable('invoice_lines') as Table).addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade')),
    )
      .addPrimaryKeyConstraint('invoice_lines_pk', ['invoice_id', 'position'])
      .execute();

    await amounts(
      audit(
        (db.schema.createTable('credit_notes') as Table)
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
          .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
          .addColumn('number', 'integer', (col) => col.notNull())
          .addColumn('number_series', 'text', (col) => col.notNull())
          .addColumn('number_text', 'text', (col) => col.notNull())
          .addColumn('issue_date', 'text', (col) => col.notNull())
          .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
          .addColumn('totals', 'text', (col) => col.notNull()),
      ),
    ).execute();
    await db.schema.createIndex('credit_notes_store_number_idx').on('credit_notes').columns(['store_id', 'number_series', 'number']).unique().execute();
    await db.schema.createIndex('credit_notes_invoice_idx').on('credit_notes').columns(['invoice_id', 'created_at']).execute();

    await lineColumns(
      (db.schema.createTable('credit_note_lines') as Table)
        .addColumn('credit_note_id', 'text', (col) => col.notNull().references('credit_notes.id').onDelete('cascade'))
        .addColumn('invoice_line', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull()),
    )
      .addPrimaryKeyConstraint('credit_note_lines_pk', ['credit_note_id', 'position'])
      .execute();

    await audit(
      (db.schema.createTable('payments') as Table)
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
        .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('date', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('reference', 'text', (col) => col.notNull().defaultTo('')),
    )
      .addCheckConstraint('payments_amount_check', sql`amount_cents > 0`)
      .execute();
    await db.schema.createIndex('payments_invoice_idx').on('payments').columns(['invoice_id', 'date']).execute();

    await db.schema
      .createTable('billing_numbering')
      .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
      .addColumn('invoice_prefix', 'text', (col) => col.notNull())
      .addColumn('credit_note_prefix', 'text', (col) => col.notNull())
      .addColumn('with_year', 'integer', (col) => col.notNull())
      .addCheckConstraint('billing_numbering_with_year_check', sql`with_year in (0, 1)`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('billing_numbering').execute();
    await db.schema.dropTable('payments').execute();
    await db.schema.dropTable('credit_note_lines').execute();
    await db.schema.dropTable('credit_notes').execute();
    await db.schema.dropTable('invoice_lines').execute();
    await db.schema.dropTable('invoices').execute();
    await sql`delete from store_sequences where kind like 'invoice%' or kind like 'credit_note%'`.execute(db);
  },
};
