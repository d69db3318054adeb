import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0034: invoices made from orders (docs/decisions/0044-invoices-from-orders.md). `invoice_lines.order_line_id`
 * names the order line a line bills (null: a line by hand; an order as SPEC.md sends it has one line whose id is the
 * order's), so what an order's invoices bill is a sum per order line; `invoices_source_order_idx` finds an order's
 * invoices. No data step: every invoice before this was made by hand.
 */
export const invoiceOrderLines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoice_lines').addColumn('order_line_id', 'text').execute();
    await db.schema.createIndex('invoices_source_order_idx').on('invoices').columns(['source_order_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('invoices_source_order_idx').execute();
    await db.schema.alterTable('invoice_lines').dropColumn('order_line_id').execute();
  },
};
