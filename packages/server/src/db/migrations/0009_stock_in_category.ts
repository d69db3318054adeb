import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { sortExpressions } from './0008_list_counters';

/**
 * Migration 0009: a category's in-stock, out-of-stock and low-stock products as one index range in every sort
 * (docs/decisions/0015-lists-at-scale.md, "Filters"): partial indexes `(store_id, category, <sort expression>, id)`
 * of the rows each stock filter keeps. Without them a stock filter within a category was the category's range
 * filtered row by row (or the stock filter's range filtered by category), and stock, category and sort are often
 * correlated: all of a category's products named "Laptop …" out of stock, its low-stock rows behind thousands of
 * others in a sort by value. No walk of a bounded length finds those rows; an index range does, at any depth.
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
    }
  },
  async down() {
    throw new Error('0009_stock_in_category cannot be undone: restore a backup taken before it instead');
  },
};
