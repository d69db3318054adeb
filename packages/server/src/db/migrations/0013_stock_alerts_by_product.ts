import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0013: a product's stock alerts are found from an index. Deleting a product deletes its alerts (the foreign
 * key cascades), and without this index each deletion read the whole table of alerts, which only grows (sent alerts
 * stay as the record of what was mailed): deleting a store of many products read it once per product.
 */
export const stockAlertsByProduct: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('stock_alerts_product_idx').on('stock_alerts').column('product_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('stock_alerts_product_idx').execute();
  },
};
