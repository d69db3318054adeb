import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, eachSide, sides, type StatementFigure, type TriggerEvent as Event } from '../statement-triggers';

/**
 * Migration 0037 (PostgreSQL only): the figures the products keep — the store's counter row (0006/0008/0026), its
 * categories' rows, the day's stock value (0035) and the list version (0005) — are kept once per statement instead of
 * once per row (docs/decisions/0050-product-figures-per-statement.md). A row trigger updated the store's one counter row,
 * the day's value row and the version row for every product a statement wrote; inside one transaction each update of a
 * row leaves a version the next one walks past, so an order of 100 lines or a receipt of 500 cost the square of its
 * lines. Statement triggers read what the statement changed from its transition tables (`old_rows`, `new_rows`), add it
 * up per store, category and day, and write each of those rows once, in key order. What they add up to is what the row
 * triggers added, row by row:
 * - a row counts in the figures while it is active (`archived_at is null`), in `archived_products` otherwise;
 * - the counter row is written by every statement that wrote a product of the store, even when its changes add up to
 *   nothing (an edit of a name): it is the first lock of every product write, as it was the row triggers', so those
 *   writes queue on it and never deadlock on the rows after it; a category's or a day's row whose changes add up to
 *   nothing is left untouched;
 * - figures only taken away (a store's rows deleted after its counters, stores/remove-store.ts) update rows that exist
 *   and never make new ones; a category left with no product is deleted;
 * - the stock value skips the store being deleted (`inventory.removing_store`).
 * PostgreSQL allows transition tables only on triggers without a column list, one event each: three triggers per
 * figure. Their names sort in the lock order of db/write-transaction.ts (counter row, then the day's value row, then
 * the version row). The row triggers' functions stay, so `down` puts the row triggers back as they were. SQLite's row
 * triggers stay: there a row updated again in one transaction costs nothing more.
 */
const ACTIVE = 'archived_at is null';
const OUT = `(case when ${ACTIVE} and quantity = 0 then 1 else 0 end)`;
const LOW = `(case when ${ACTIVE} and reorder_point is not null and quantity <= reorder_point then 1 else 0 end)`;

function storeStatsBody(event: Event): string {
  const changes = eachSide(
    event,
    (sign, table) => `store_id, ${sign}(case when ${ACTIVE} then 1 else 0 end) as products,
      ${sign}(case when ${ACTIVE} then price_cents::numeric * quantity else 0 end) as value_cents,
      ${sign}${OUT} as out_of_stock, ${sign}${LOW} as low_stock,
      ${sign}(case when ${ACTIVE} then 0 else 1 end) as archived_products, ${table === 'new_rows'} as added`,
  );
  const categoryChanges = eachSide(
    event,
    (sign, table) => `store_id, category, ${sign}1 as products, ${sign}${OUT} as out_of_stock, ${sign}${LOW} as low_stock, ${table === 'new_rows'} as added`,
    `store_id is not null and ${ACTIVE}`,
  );
  const stats = ['products', 'value_cents', 'out_of_stock', 'low_stock', 'archived_products'];
  const categories = ['products', 'out_of_stock', 'low_stock'];
  const sums = (columns: string[]) => columns.map((column) => `sum(${column}) as ${column}`).join(', ');
  const anyChange = (columns: string[]) => columns.map((column) => `sum(${column}) <> 0`).join(' or ');
  const addTo = (alias: string, columns: string[]) => columns.map((column) => `${column} = ${alias}.${column} + d.${column}`).join(', ');
  const addExcluded = (table: string, columns: string[]) => columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');
  const emptied =
    event === 'inserted'
      ? ''
      : `delete from store_categories s where s.products <= 0
          and (s.store_id, s.category) in (select store_id, category from old_rows where store_id is not null and ${ACTIVE});`;
  return `
    with d as (select store_id, ${sums(stats)}, bool_or(added) as added from (${changes}) c group by store_id),
         taken as (update store_stats s set ${addTo('s', stats)} from d where s.store_id = d.store_id and not d.added)
    insert into store_stats (store_id, ${stats.join(', ')})
      select store_id, ${stats.join(', ')} from d where d.added order by store_id
      on conflict (store_id) do update set ${addExcluded('store_stats', stats)};
    with d as (select store_id, category, ${sums(categories)}, bool_or(added) as added from (${categoryChanges}) c
               group by store_id, category having ${anyChange(categories)}),
         taken as (update store_categories s set ${addTo('s', categories)} from d
                   where s.store_id = d.store_id and s.category = d.category and not d.added)
    insert into store_categories (store_id, category, ${categories.join(', ')})
      select store_id, category, ${categories.join(', ')} from d where d.added order by store_id, category
      on conflict (store_id, category) do update set ${addExcluded('store_categories', categories)};
    ${emptied}`;
}

function stockValueBody(event: Event): string {
  const changes = eachSide(
    event,
    (sign) => `store_id, ${sign}(coalesce(cost, 0)::bigint * quantity) as cost_cents, ${sign}(price_cents::bigint * quantity) as price_cents`,
    // A store being deleted (stores/remove-store.ts names it) changes nothing: its figures go with it.
    `store_id is not null and quantity <> 0 and store_id is distinct from current_setting('inventory.removing_store', true)`,
  );
  return `
    insert into stock_value_days (store_id, day, cost_cents, price_cents)
      select store_id, to_char(now() at time zone 'utc', 'YYYY-MM-DD'), sum(cost_cents), sum(price_cents) from (${changes}) c
      group by store_id having sum(cost_cents) <> 0 or sum(price_cents) <> 0 order by store_id
      on conflict (store_id, day) do update set cost_cents = stock_value_days.cost_cents + excluded.cost_cents,
        price_cents = stock_value_days.price_cents + excluded.price_cents;`;
}

function versionBody(event: Event): string {
  const stores = sides(event)
    .map(([table]) => `select store_id from ${table}`)
    .join(' union ');
  return `update store_versions set products = products + 1 where store_id in (${stores});`;
}

/** Each figure: its functions' and triggers' name (trigger `<name>_<event>`), and what a statement of an event does. */
const FIGURES: StatementFigure[] = [
  { table: 'products', name: 'store_stats_products', body: storeStatsBody },
  { table: 'products', name: 'store_stats_then_stock_value', body: stockValueBody },
  { table: 'products', name: 'store_versions_products', body: versionBody },
];

/** The row triggers this replaces, as 0026, 0035 and 0005 left them (their functions stay). */
const ROW_TRIGGERS = [
  `create trigger store_stats_product_changed after insert or delete or update of store_id, category, price_cents, quantity, reorder_point, archived_at
     on products for each row execute function store_stats_product_changed()`,
  `create trigger store_stats_then_stock_value after insert or delete or update of store_id, quantity, price_cents, cost
     on products for each row execute function stock_value_product_changed()`,
  `create trigger store_versions_products_changed after insert or delete or update
     on products for each row execute function store_versions_products_changed()`,
];

export const productFiguresPerStatement: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const trigger of ['store_stats_product_changed', 'store_stats_then_stock_value', 'store_versions_products_changed'])
      await sql.raw(`drop trigger ${trigger} on products`).execute(db);
    await createStatementTriggers(db, FIGURES);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await dropStatementTriggers(db, FIGURES);
    for (const trigger of ROW_TRIGGERS) await sql.raw(trigger).execute(db);
  },
};
