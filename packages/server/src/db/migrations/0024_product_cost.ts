import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0024: a product's unit cost, what the shop pays for one, in whole cents as `price_cents` is; null while it
 * is not known (every product before this migration). Who may see and set it is the contract's `cost:read` and
 * `cost:update` (docs/decisions/0031-product-cost.md). No index: nothing is looked up or sorted by cost yet.
 */
export const productCost: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('products').addColumn('cost', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('products').dropColumn('cost').execute();
  },
};
