import { CATEGORY_LIST_LIMIT, type CatalogueSummary, type CategoryCount, fromCents } from '@inventory/contract';
import type { Db } from '../../db';

/**
 * The contract's `catalogueSummary` and `categoryCounts`, read from the store's counters (server/test/lists.test.ts
 * holds the two equal after every kind of write).
 */

/** The dashboard's figures from the store's counters: one primary-key read and one count, whatever the catalogue's size. */
export async function catalogueSummary(db: Db, storeId: string): Promise<CatalogueSummary> {
  const [stats, categories] = await Promise.all([
    db.selectFrom('store_stats').selectAll().where('store_id', '=', storeId).executeTakeFirst(),
    db
      .selectFrom('store_categories')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalProducts: Number(stats?.products ?? 0),
    totalStoreValue: fromCents(Number(stats?.value_cents ?? 0)),
    outOfStock: Number(stats?.out_of_stock ?? 0),
    lowStock: Number(stats?.low_stock ?? 0),
    categories: Number(categories.n),
  };
}

/** The store's categories by name, with their product counts. */
export async function categoryCounts(db: Db, storeId: string): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('store_categories')
    .select(['category', 'products'])
    .where('store_id', '=', storeId)
    .where('products', '>', 0)
    .orderBy('category')
    .limit(CATEGORY_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ name: row.category, products: Number(row.products) }));
}
