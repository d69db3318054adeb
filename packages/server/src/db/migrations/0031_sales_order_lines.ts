import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0031: orders of several lines, their shipments and returns (issue 27;
 * docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md, 0041-multi-line-orders-in-the-spec-calls.md).
 *
 * - `orders.line_count`: how many `order_lines` the order has; 0 for an order as SPEC.md §7 sends it, which stays one
 *   row and is mapped to its one line on read (0041): no data step, so an old backup restores and the SPEC calls
 *   answer exactly as before. A line order's row carries what the SPEC calls show of it (name, price = total, …).
 * - `order_lines`: per order, in `position` order: a product (null for free text; set null when the product goes),
 *   a description (free text or the product's name when placed), quantity, unit price in cents, discount in basis
 *   points, a tax rate (null: none; set null when the rate goes), and what shipped, was returned and was cancelled.
 * - `shipments` + `shipment_lines`: what left, when (date), with which carrier and tracking number, who recorded it.
 * - `returns` + `return_lines`: what came back, each part with a reason and whether it went back to stock;
 *   `stock_movements.return_id` links a restocked part's `order_returned` movement to its return.
 * Everything of an order goes with it (cascade); a store's deletion takes its orders first (remove-store.ts).
 */
export const salesOrderLines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('line_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
      .addColumn('discount_bp', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('tax_rate_id', 'text', (col) => col.references('tax_rates.id').onDelete('set null'))
      .addColumn('shipped', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('returned', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('cancelled', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint('order_lines_quantity_check', sql`quantity >= 1`)
      .addCheckConstraint('order_lines_discount_check', sql`discount_bp between 0 and 10000`)
      .addCheckConstraint('order_lines_fulfilment_check', sql`shipped >= 0 and cancelled >= 0 and shipped + cancelled <= quantity`)
      .addCheckConstraint('order_lines_returned_check', sql`returned between 0 and shipped`)
      .execute();
    await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'position']).execute();
    await db.schema.createIndex('order_lines_product_idx').on('order_lines').column('product_id').execute();
    await db.schema.createIndex('order_lines_tax_rate_idx').on('order_lines').column('tax_rate_id').execute();

    await db.schema
      .createTable('shipments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('shipped_on', 'text', (col) => col.notNull())
      .addColumn('carrier', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tracking_number', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('user_id', 'text')
      .addColumn('created_by_token', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('shipments_order_idx').on('shipments').columns(['order_id', 'created_at']).execute();
    await db.schema
      .createTable('shipment_lines')
      .addColumn('shipment_id', 'text', (col) => col.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (col) => col.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'line_id'])
      .addCheckConstraint('shipment_lines_quantity_check', sql`quantity >= 1`)
      .execute();
    await db.schema.createIndex('shipment_lines_line_idx').on('shipment_lines').column('line_id').execute();

    await db.schema
      .createTable('returns')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('user_id', 'text')
      .addColumn('created_by_token', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('returns_order_idx').on('returns').columns(['order_id', 'created_at']).execute();
    await db.schema
      .createTable('return_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('return_id', 'text', (col) => col.notNull().references('returns.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (col) => col.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('restock', 'integer', (col) => col.notNull())
      .addCheckConstraint('return_lines_quantity_check', sql`quantity >= 1`)
      .addCheckConstraint('return_lines_restock_check', sql`restock in (0, 1)`)
      .execute();
    await db.schema.createIndex('return_lines_return_idx').on('return_lines').columns(['return_id', 'position']).execute();
    await db.schema.createIndex('return_lines_line_idx').on('return_lines').column('line_id').execute();

    // Not a foreign key: a movement outlives its order (order_id is not one either, 0007), and the ledger stays whole.
    await db.schema.alterTable('stock_movements').addColumn('return_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_movements').dropColumn('return_id').execute();
    await db.schema.dropTable('return_lines').execute();
    await db.schema.dropTable('returns').execute();
    await db.schema.dropTable('shipment_lines').execute();
    await db.schema.dropTable('shipments').execute();
    await db.schema.dropTable('order_lines').execute();
    await db.schema.alterTable('orders').dropColumn('line_count').execute();
  },
};
