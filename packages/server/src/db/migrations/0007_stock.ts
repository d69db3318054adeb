import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0007: stock that moves (docs/decisions/0016-stock-ledger.md).
 *
 * - `orders.product_id`: an order may name a catalogue product; placing it takes stock from that product.
 * - `stock_movements`: the ledger. Every change of a product's quantity writes one row in the same transaction:
 *   the change, the quantity after, why, who (member and API token), the order involved, when. Existing products get
 *   one opening movement each, so the ledger adds up from the start.
 * - `products.low_alerted`: the product is at or below its reorder point and its owners and managers were told (or are
 *   about to be); cleared when the stock goes back above, so one crossing gives one mail.
 * - `stock_alerts`: crossings waiting to be mailed, claimed by one process and sent grouped per store.
 * - `idempotency_keys`: the first answer to each `Idempotency-Key` of a store, kept at least 24 hours.
 */
export const stock: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema
      .alterTable('orders')
      .addColumn('product_id', 'text', (col) => col.references('products.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('orders_product_idx').on('orders').column('product_id').execute();
    await db.schema.alterTable('products').addColumn('low_alerted', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    // Already at or below the reorder point: not a crossing, so no mail for it until it has been above again.
    await sql`update products set low_alerted = 1 where reorder_point is not null and quantity <= reorder_point`.execute(db);

    let movements = db.schema.createTable('stock_movements');
    movements = postgres
      ? movements.addColumn('id', 'serial', (col) => col.primaryKey())
      : movements.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
    await movements
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      // The product's history goes with it; `check:stock` checks the products that exist.
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('change', 'integer', (col) => col.notNull())
      .addColumn('quantity_after', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text')
      .addColumn('token_id', 'text')
      .addColumn('order_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('stock_movements_product_idx').on('stock_movements').columns(['product_id', 'id']).execute();
    await db.schema.createIndex('stock_movements_store_idx').on('stock_movements').columns(['store_id', 'id']).execute();

    await openingMovements(db);

    await db.schema
      .createTable('stock_alerts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('reorder_point', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('claimed_at', 'text')
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('stock_alerts_pending_idx').on('stock_alerts').columns(['sent_at', 'created_at']).execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('fingerprint', 'text', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('etag', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['store_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  },
  async down() {
    throw new Error('0007_stock cannot be undone: restore a backup taken before it instead');
  },
};

/**
 * One opening movement for every product that has none, so each product's ledger adds up to its quantity: run by the
 * migration, and by restore for a backup made before the ledger. Idempotent.
 */
export async function openingMovements(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, created_at)
    select p.store_id, p.id, p.quantity, p.quantity, 'opening', p.user_id, null, null, p.updated_at from products p
    where p.store_id is not null and not exists (select 1 from stock_movements m where m.product_id = p.id)`.execute(db);
}
