import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { sortExpressions } from './0008_list_counters';

/**
 * Migration 0009: a category's out-of-stock and low-stock products as one index range in every sort
 * (docs/decisions/0015-lists-at-scale.md, "Filters"): partial indexes `(store_id, category, <sort expression>, id)`
 * of the out-of-stock and of the low-stock rows. These rows are few, so the indexes are small, and they are where a
 * walk of the category's (or the stock filter's) range goes wrong: stock and sort are correlated (a category's
 * low-stock rows can all lie behind thousands of others in a sort by value), and no walk of a bounded length finds
 * them. In-stock rows are most of a category, found by a short walk of its range.
 */
export const stockInCategory: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const [sort, expression] of Object.entries(sortExpressions(postgres))) {
      const key = sql.raw(expression);
      await sql`create index ${sql.raw(`products_category_out_${sort}_idx`)} on products (store_id, category, ${key}, id)
        where quantity = 0`.execute(db);
      await sql`create index ${sql.raw(`products_category_low_${sort}_idx`)} on products (store_id, category, ${key}, id)
        where reorder_point is not null and quantity <= reorder_point`.execute(db);
    }
  },
  async down() {
    throw new Error('0009_stock_in_category cannot be undone: restore a backup taken before it instead');
  },
};
