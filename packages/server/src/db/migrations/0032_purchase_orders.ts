import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0032: purchase orders, their receipts, and what received stock cost
 * (docs/decisions/0042-purchase-orders-and-receiving.md).
 *
 * - `purchase_orders`: per store, its number from the store's `purchase_order` sequence (unique per store), a supplier
 *   of the store (no cascade: a supplier with orders is archived, never deleted), the status (contract
 *   PURCHASE_ORDER_STATUSES, a check), the expected date (YYYY-MM-DD or null), notes, when it was sent, who created and
 *   changed it and a version (the ETag). `(store_id, created_at, id)` serves the list newest first at any depth.
 * - `purchase_order_lines`: a product (set null when the product is deleted: the line stays as history), the quantity
 *   ordered (1 or more), the unit cost in cents (null on a draft until known) and how many were received (never more
 *   than ordered: a check, beside the contract's rule run in the receiving transaction). A product is on one line of
 *   an order at most. `(product_id)` finds what is on order of a product.
 * - `receipts` and `receipt_lines`: who received what, when, of which line, at which unit cost.
 * - `stock_movements.receipt_id` and `.unit_cost_cents`: a `received` movement names its receipt and carries what each
 *   unit cost, so a later report knows what that stock cost (null on every other movement).
 */
export const purchaseOrders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('purchase_orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('supplier_id', 'text', (col) => col.notNull().references('suppliers.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('expected_date', 'text')
      .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('ordered_at', 'text')
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'purchase_orders_status_check',
        sql`status in ('draft', 'ordered', 'partly_received', 'received', 'cancelled')`,
      )
      .execute();
    await sql`create unique index purchase_orders_number_idx on purchase_orders (store_id, number)`.execute(db);
    await sql`create index purchase_orders_store_idx on purchase_orders (store_id, created_at, id)`.execute(db);
    await sql`create index purchase_orders_supplier_idx on purchase_orders (supplier_id, created_at, id)`.execute(db);

    await db.schema
      .createTable('purchase_order_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('purchase_order_id', 'text', (col) => col.notNull().references('purchase_orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('unit_cost_cents', 'integer')
      .addColumn('received', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint('purchase_order_lines_quantity_check', sql`quantity >= 1`)
      .addCheckConstraint('purchase_order_lines_received_check', sql`received >= 0 and received <= quantity`)
      .addCheckConstraint('purchase_order_lines_cost_check', sql`unit_cost_cents is null or unit_cost_cents >= 0`)
      .execute();
    await sql`create unique index purchase_order_lines_order_idx on purchase_order_lines (purchase_order_id, position)`.execute(db);
    await sql`create unique index purchase_order_lines_product_once_idx on purchase_order_lines (purchase_order_id, product_id)`.execute(db);
    await sql`create index purchase_order_lines_product_idx on purchase_order_lines (product_id)`.execute(db);

    await db.schema
      .createTable('receipts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('purchase_order_id', 'text', (col) => col.notNull().references('purchase_orders.id').onDelete('cascade'))
      .addColumn('user_id', 'text')
      .addColumn('token_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create index receipts_order_idx on receipts (purchase_order_id, created_at)`.execute(db);

    await db.schema
      .createTable('receipt_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('receipt_id', 'text', (col) => col.notNull().references('receipts.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (col) => col.notNull().references('purchase_order_lines.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('unit_cost_cents', 'integer', (col) => col.notNull())
      .addCheckConstraint('receipt_lines_quantity_check', sql`quantity >= 1`)
      .addCheckConstraint('receipt_lines_cost_check', sql`unit_cost_cents >= 0`)
      .execute();
    await sql`create index receipt_lines_receipt_idx on receipt_lines (receipt_id, position)`.execute(db);
    await sql`create index receipt_lines_line_idx on receipt_lines (line_id)`.execute(db);

    await db.schema.alterTable('stock_movements').addColumn('receipt_id', 'text').execute();
    await db.schema.alterTable('stock_movements').addColumn('unit_cost_cents', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_movements').dropColumn('unit_cost_cents').execute();
    await db.schema.alterTable('stock_movements').dropColumn('receipt_id').execute();
    await db.schema.dropTable('receipt_lines').execute();
    await db.schema.dropTable('receipts').execute();
    await db.schema.dropTable('purchase_order_lines').execute();
    await db.schema.dropTable('purchase_orders').execute();
  },
};
