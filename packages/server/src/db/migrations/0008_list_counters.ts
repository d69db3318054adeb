import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0008: every filter of the lists answered from an index or a counter at any size
 * (docs/decisions/0015-lists-at-scale.md, "Filters").
 *
 * - One index per filter and sort, `(store_id, <filter>, <sort expression>, id)`: a category, an order status, and
 *   partial indexes of the in-stock, out-of-stock and low-stock products. A filtered page is then one index range,
 *   however the filter and the sort are correlated (names that start like their category, stock levels sorted by
 *   quantity), at any depth.
 * - `store_categories.out_of_stock` and `low_stock`: a category's stock figures, kept by the same triggers as the
 *   store's, so a list filtered by category and stock has an exact total in constant time and an empty combination
 *   is known to be empty without reading a row.
 * - `products_low_idx` and `products_store_category_quantity_idx`: the rows of a category with a stock filter, when
 *   they are too few to be found by walking the category's index in the sort's order.
 */
export const listCounters: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`alter table store_categories add column out_of_stock integer not null default 0`.execute(db);
    await sql`alter table store_categories add column low_stock integer not null default 0`.execute(db);
    await sql`create index products_low_idx on products (store_id, category, id)
      where reorder_point is not null and quantity <= reorder_point`.execute(db);
    await sql`create index products_store_category_quantity_idx on products (store_id, category, quantity, id)`.execute(db);
    for (const [sort, expression] of Object.entries(sortExpressions(postgres))) {
      const key = sql.raw(expression);
      const name = (prefix: string) => sql.raw(`${prefix}_${sort}_idx`);
      await sql`create index ${name('products_category')} on products (store_id, category, ${key}, id)`.execute(db);
      await sql`create index ${name('products_in')} on products (store_id, ${key}, id) where quantity > 0`.execute(db);
      await sql`create index ${name('products_out')} on products (store_id, ${key}, id) where quantity = 0`.execute(db);
      await sql`create index ${name('products_low')} on products (store_id, ${key}, id)
        where reorder_point is not null and quantity <= reorder_point`.execute(db);
      await sql`create index ${name('orders_status')} on orders (store_id, status, ${key}, id)`.execute(db);
    }
    if (postgres) await postgresTrigger(db);
    else await sqliteTriggers(db);
    await rebuildCategoryStock(db);
  },
  async down() {
    throw new Error('0008_list_counters cannot be undone: restore a backup taken before it instead');
  },
};

/** The sort expressions of 0006's indexes, by the name the list's sort index carries (`<table>_store_<name>_idx`). */
export function sortExpressions(postgres: boolean): Record<string, string> {
  return {
    name: postgres ? 'lower(name collate "C")' : 'lower(name)',
    category: postgres ? 'lower(category collate "C")' : 'lower(category)',
    price: 'price_cents',
    quantity: 'quantity',
    value: postgres ? '(price_cents::bigint * quantity)' : '(price_cents * quantity)',
    sku: postgres ? '(sku collate "C")' : 'sku',
    newest: 'created_at',
  };
}

const OUT = (row: string) => `(case when ${row}.quantity = 0 then 1 else 0 end)`;
const LOW = (row: string) => `(case when ${row}.reorder_point is not null and ${row}.quantity <= ${row}.reorder_point then 1 else 0 end)`;

/** SQLite: the product triggers of 0006 again, now also counting each category's out-of-stock and low-stock rows. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const value = (row: string) => `(${row}.price_cents * ${row}.quantity)`;
  const addProduct = `
    insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (new.store_id, 1, ${value('new')}, ${OUT('new')}, ${LOW('new')})
      on conflict (store_id) do update set products = products + 1, value_cents = value_cents + ${value('new')},
        out_of_stock = out_of_stock + ${OUT('new')}, low_stock = low_stock + ${LOW('new')};
    insert into store_categories (store_id, category, products, out_of_stock, low_stock) values (new.store_id, new.category, 1, ${OUT('new')}, ${LOW('new')})
      on conflict (store_id, category) do update set products = products + 1, out_of_stock = out_of_stock + ${OUT('new')},
        low_stock = low_stock + ${LOW('new')};
    insert into products_search (rowid, name, category, sku) values (new.rowid, new.name, new.category, new.sku);`;
  const removeProduct = `
    update store_stats set products = products - 1, value_cents = value_cents - ${value('old')},
      out_of_stock = out_of_stock - ${OUT('old')}, low_stock = low_stock - ${LOW('old')} where store_id = old.store_id;
    update store_categories set products = products - 1, out_of_stock = out_of_stock - ${OUT('old')}, low_stock = low_stock - ${LOW('old')}
      where store_id = old.store_id and category = old.category;
    delete from store_categories where store_id = old.store_id and category = old.category and products <= 0;
    delete from products_search where rowid = old.rowid;`;
  for (const name of ['store_stats_product_inserted', 'store_stats_product_deleted', 'store_stats_product_updated']) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await sql.raw(`create trigger store_stats_product_inserted after insert on products when new.store_id is not null begin ${addProduct} end`).execute(db);
  await sql.raw(`create trigger store_stats_product_deleted after delete on products when old.store_id is not null begin ${removeProduct} end`).execute(db);
  await sql
    .raw(`create trigger store_stats_product_updated after update of store_id, name, category, sku, price_cents, quantity, reorder_point on products begin
      ${removeProduct}
      ${addProduct}
    end`)
    .execute(db);
}

/** PostgreSQL: the product trigger function of 0006 again, now also counting each category's stock figures. */
async function postgresTrigger(db: Kysely<unknown>): Promise<void> {
  const value = (row: string) => `(${row}.price_cents::numeric * ${row}.quantity)`;
  await sql
    .raw(`create or replace function store_stats_product_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.store_id is not null then
        update store_stats set products = products - 1, value_cents = value_cents - ${value('old')},
          out_of_stock = out_of_stock - ${OUT('old')}, low_stock = low_stock - ${LOW('old')} where store_id = old.store_id;
        update store_categories set products = products - 1, out_of_stock = out_of_stock - ${OUT('old')},
          low_stock = low_stock - ${LOW('old')} where store_id = old.store_id and category = old.category;
        delete from store_categories where store_id = old.store_id and category = old.category and products <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.store_id is not null then
        insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (new.store_id, 1, ${value('new')}, ${OUT('new')}, ${LOW('new')})
          on conflict (store_id) do update set products = store_stats.products + 1, value_cents = store_stats.value_cents + ${value('new')},
            out_of_stock = store_stats.out_of_stock + ${OUT('new')}, low_stock = store_stats.low_stock + ${LOW('new')};
        insert into store_categories (store_id, category, products, out_of_stock, low_stock)
          values (new.store_id, new.category, 1, ${OUT('new')}, ${LOW('new')})
          on conflict (store_id, category) do update set products = store_categories.products + 1,
            out_of_stock = store_categories.out_of_stock + ${OUT('new')}, low_stock = store_categories.low_stock + ${LOW('new')};
      end if;
      return null;
    end $$`)
    .execute(db);
}

/** Each category's stock figures again from the rows: after this migration and after a restore (after rebuildStats). */
export async function rebuildCategoryStock(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`update store_categories set
      out_of_stock = (select count(*) from products p where p.store_id = store_categories.store_id
        and p.category = store_categories.category and p.quantity = 0),
      low_stock = (select count(*) from products p where p.store_id = store_categories.store_id
        and p.category = store_categories.category and p.reorder_point is not null and p.quantity <= p.reorder_point)`)
    .execute(db);
}
