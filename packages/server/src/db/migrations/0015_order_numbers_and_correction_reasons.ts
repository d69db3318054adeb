import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0015: document numbers and reasons for stock corrections.
 *
 * - `store_sequences`: one counter row per store and kind of document (sales orders now; purchase orders, receipts and
 *   invoices next), taken in the transaction that writes the document (db/sequences.ts), so numbers are unique and,
 *   as far as a delete leaves them, without gaps.
 * - `orders.number`: existing orders are numbered per store in the order they were created (then by id), and each
 *   store's counter starts after its last one; a unique index holds one number per store.
 * - `stock_movements.correction_reason` and `.note`: why a correction was made (contract CORRECTION_REASONS) and what
 *   the member wrote. Corrections made before reasons existed get 'other'.
 */
export const orderNumbersAndCorrectionReasons: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_sequences')
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('last_value', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('store_sequences_pk', ['store_id', 'kind'])
      .execute();

    await db.schema.alterTable('orders').addColumn('number', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`
      update orders set number = numbered.n
      from (select id, row_number() over (partition by store_id order by created_at, id) as n from orders) as numbered
      where orders.id = numbered.id`.execute(db);
    await db.schema.createIndex('orders_store_number_idx').on('orders').columns(['store_id', 'number']).unique().execute();
    await sql`
      insert into store_sequences (store_id, kind, last_value)
      select store_id, 'sales_order', max(number) from orders where store_id is not null group by store_id`.execute(db);

    await db.schema.alterTable('stock_movements').addColumn('correction_reason', 'text').execute();
    await db.schema.alterTable('stock_movements').addColumn('note', 'text').execute();
    await sql`update stock_movements set correction_reason = 'other' where reason = 'correction'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('stock_movements').dropColumn('note').execute();
    await db.schema.alterTable('stock_movements').dropColumn('correction_reason').execute();
    await db.schema.dropIndex('orders_store_number_idx').execute();
    await db.schema.alterTable('orders').dropColumn('number').execute();
    await db.schema.dropTable('store_sequences').execute();
  },
};
