import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { sortExpressions } from './0008_list_counters';

/**
 * Migration 0009: the product lists' indexes are those of the stock filters (docs/decisions/0015-lists-at-scale.md,
 * "Filters").
 *
 * - A category's in-stock, out-of-stock and low-stock products are one index range in every sort: partial indexes
 *   `(store_id, category, <sort expression>, id)` of the rows each stock filter keeps. Without them a stock filter
 *   within a category was the category's range filtered row by row (or the stock filter's range filtered by
 *   category), and stock, category and sort are often correlated: all of a category's products named "Laptop …" out
 *   of stock, its low-stock rows behind thousands of others in a sort by value. No walk of a bounded length finds
 *   those rows; an index range does, at any depth.
 * - Every product is in stock or out of it, so a list without a stock filter is the in-stock and the out-of-stock
 *   range merged, and the indexes of all the store's or all a category's products in each sort go (all but the
 *   newest-first one, which the whole-list stream reads): a product written updates each index it is in, and 58 of
 *   them made a 50,000-row import take 12 s.
 */
export const stockInCategory: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const filters = {
      in: sql`quantity > 0`,
      out: sql`quantity = 0`,
      low: sql`reorder_point is not null and quantity <= reorder_point`,
    };
    for (const [sort, expression] of Object.entries(sortExpressions(postgres))) {
      for (const [stock, where] of Object.entries(filters)) {
        const name = sql.raw(`products_category_${stock}_${sort}_idx`);
        await sql`create index ${name} on products (store_id, category, ${sql.raw(expression)}, id) where ${where}`.execute(db);
      }
      await sql`drop index ${sql.raw(`products_category_${sort}_idx`)}`.execute(db);
      if (sort !== 'newest') await sql`drop index ${sql.raw(`products_store_${sort}_idx`)}`.execute(db);
    }
    await sql`drop index products_low_idx`.execute(db);
    await sql`drop index products_store_category_quantity_idx`.execute(db);
  },
  async down() {
    throw new Error('0009_stock_in_category cannot be undone: restore a backup taken before it instead');
  },
};
