import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0006: lists of any size answered from indexes (docs/decisions/0015-lists-at-scale.md).
 *
 * - `products.reorder_point` (low stock: quantity at or below it) and `orders.status` (open, fulfilled, cancelled).
 * - One index per sortable column, each ending in `id`, so every sort pages by keyset.
 * - Substring search through a trigram index: SQLite FTS5 `trigram` (a contentless table keyed by the product's rowid,
 *   kept by triggers), PostgreSQL `pg_trgm` GIN indexes on name, category and SKU.
 * - `store_stats` and `store_categories`: the dashboard's figures and the category counts, kept exact by triggers in
 *   the same transaction as every write of products and orders, so they are read in constant time.
 */
export const catalogueAtScale: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema.alterTable('products').addColumn('reorder_point', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('status', 'text', (col) => col.notNull().defaultTo('open')).execute();

    // C-collation lower() on PostgreSQL lowercases ASCII only, as SQLite's does: both sort names the same way.
    const lower = (column: string) => (postgres ? sql.raw(`lower(${column} collate "C")`) : sql.raw(`lower(${column})`));
    const index = async (name: string, table: string, columns: ReturnType<typeof sql.raw>) =>
      sql`create index ${sql.raw(name)} on ${sql.table(table)} (store_id, ${columns}, id)`.execute(db);
    for (const table of ['products', 'orders'] as const) {
      await index(`${table}_store_name_idx`, table, lower('name'));
      await index(`${table}_store_category_idx`, table, lower('category'));
      await index(`${table}_store_price_idx`, table, sql.raw('price_cents'));
      await index(`${table}_store_quantity_idx`, table, sql.raw('quantity'));
      await index(`${table}_store_value_idx`, table, sql.raw(postgres ? '(price_cents::bigint * quantity)' : '(price_cents * quantity)'));
      await index(`${table}_store_sku_idx`, table, sql.raw(postgres ? '(sku collate "C")' : 'sku'));
      await index(`${table}_store_newest_idx`, table, sql.raw('created_at'));
      await db.schema.dropIndex(`${table}_store_created_idx`).execute();
    }
    await sql`create index orders_store_status_idx on orders (store_id, status, created_at, id)`.execute(db);
    await sql`create index products_store_exact_category_idx on products (store_id, category, id)`.execute(db);
    await sql`create index products_store_reorder_idx on products (store_id, reorder_point) where reorder_point is not null`.execute(db);

    await db.schema
      .createTable('store_stats')
      .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
      .addColumn('products', 'integer', (col) => col.notNull().defaultTo(0))
      // numeric on PostgreSQL: a million products of high price and quantity overflow bigint.
      .addColumn('value_cents', postgres ? 'numeric' : 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('out_of_stock', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('low_stock', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders_open', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders_fulfilled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders_cancelled', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('store_categories')
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('products', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('store_categories_pk', ['store_id', 'category'])
      .execute();

    if (postgres) await postgresTriggers(db);
    else await sqliteTriggers(db);
    await rebuildStats(db);
  },
  async down() {
    throw new Error('0006_catalogue_at_scale cannot be undone: restore a backup taken before it instead');
  },
};

/**
 * A product's contribution to its store's figures, as SQL over a row alias (`new` or `old`). Value in numeric on
 * PostgreSQL (integer × integer overflows there); SQLite's integers are 64-bit.
 */
const contribution = (row: 'new' | 'old', postgres = false) => ({
  value: postgres ? `(${row}.price_cents::numeric * ${row}.quantity)` : `(${row}.price_cents * ${row}.quantity)`,
  out: `(case when ${row}.quantity = 0 then 1 else 0 end)`,
  low: `(case when ${row}.reorder_point is not null and ${row}.quantity <= ${row}.reorder_point then 1 else 0 end)`,
});

const statusCount = (row: 'new' | 'old', status: string) => `(case when ${row}.status = '${status}' then 1 else 0 end)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // Contentless: the text lives in products only. Keyed by products' rowid, which the server never changes (no VACUUM).
  await sql`create virtual table products_search using fts5(name, category, sku, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`create virtual table orders_search using fts5(name, category, sku, content='', contentless_delete=1, tokenize='trigram')`.execute(db);

  const n = contribution('new');
  const o = contribution('old');
  const addProduct = `
    insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (new.store_id, 1, ${n.value}, ${n.out}, ${n.low})
      on conflict (store_id) do update set products = products + 1, value_cents = value_cents + ${n.value},
        out_of_stock = out_of_stock + ${n.out}, low_stock = low_stock + ${n.low};
    insert into store_categories (store_id, category, products) values (new.store_id, new.category, 1)
      on conflict (store_id, category) do update set products = products + 1;
    insert into products_search (rowid, name, category, sku) values (new.rowid, new.name, new.category, new.sku);`;
  const removeProduct = `
    update store_stats set products = products - 1, value_cents = value_cents - ${o.value},
      out_of_stock = out_of_stock - ${o.out}, low_stock = low_stock - ${o.low} where store_id = old.store_id;
    update store_categories set products = products - 1 where store_id = old.store_id and category = old.category;
    delete from store_categories where store_id = old.store_id and category = old.category and products <= 0;
    delete from products_search where rowid = old.rowid;`;
  await sql.raw(`create trigger store_stats_product_inserted after insert on products when new.store_id is not null begin ${addProduct} end`).execute(db);
  await sql.raw(`create trigger store_stats_product_deleted after delete on products when old.store_id is not null begin ${removeProduct} end`).execute(db);
  await sql
    .raw(`create trigger store_stats_product_updated after update of store_id, name, category, sku, price_cents, quantity, reorder_point on products begin
      ${removeProduct}
      ${addProduct}
    end`)
    .execute(db);

  const addOrder = `
    insert into store_stats (store_id, orders, orders_open, orders_fulfilled, orders_cancelled)
      values (new.store_id, 1, ${statusCount('new', 'open')}, ${statusCount('new', 'fulfilled')}, ${statusCount('new', 'cancelled')})
      on conflict (store_id) do update set orders = orders + 1, orders_open = orders_open + ${statusCount('new', 'open')},
        orders_fulfilled = orders_fulfilled + ${statusCount('new', 'fulfilled')}, orders_cancelled = orders_cancelled + ${statusCount('new', 'cancelled')};
    insert into orders_search (rowid, name, category, sku) values (new.rowid, new.name, new.category, new.sku);`;
  const removeOrder = `
    update store_stats set orders = orders - 1, orders_open = orders_open - ${statusCount('old', 'open')},
      orders_fulfilled = orders_fulfilled - ${statusCount('old', 'fulfilled')}, orders_cancelled = orders_cancelled - ${statusCount('old', 'cancelled')}
      where store_id = old.store_id;
    delete from orders_search where rowid = old.rowid;`;
  await sql.raw(`create trigger store_stats_order_inserted after insert on orders when new.store_id is not null begin ${addOrder} end`).execute(db);
  await sql.raw(`create trigger store_stats_order_deleted after delete on orders when old.store_id is not null begin ${removeOrder} end`).execute(db);
  await sql.raw(`create trigger store_stats_order_updated after update of store_id, name, category, sku, status on orders begin ${removeOrder} ${addOrder} end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension (any database owner may create it). Without it, search still works, by scanning.
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    for (const table of ['products', 'orders']) {
      for (const column of ['name', 'category', 'sku']) {
        await sql`create index ${sql.raw(`${table}_${column}_trgm_idx`)} on ${sql.table(table)} using gin (${sql.raw(column)} public.gin_trgm_ops)`.execute(db);
      }
    }
    await sql`release savepoint trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
  }

  const n = contribution('new', true);
  const o = contribution('old', true);
  await sql
    .raw(`create or replace function store_stats_product_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.store_id is not null then
        update store_stats set products = products - 1, value_cents = value_cents - ${o.value},
          out_of_stock = out_of_stock - ${o.out}, low_stock = low_stock - ${o.low} where store_id = old.store_id;
        update store_categories set products = products - 1 where store_id = old.store_id and category = old.category;
        delete from store_categories where store_id = old.store_id and category = old.category and products <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.store_id is not null then
        insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (new.store_id, 1, ${n.value}, ${n.out}, ${n.low})
          on conflict (store_id) do update set products = store_stats.products + 1, value_cents = store_stats.value_cents + ${n.value},
            out_of_stock = store_stats.out_of_stock + ${n.out}, low_stock = store_stats.low_stock + ${n.low};
        insert into store_categories (store_id, category, products) values (new.store_id, new.category, 1)
          on conflict (store_id, category) do update set products = store_categories.products + 1;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger store_stats_product_changed after insert or delete or update of store_id, category, price_cents, quantity, reorder_point on products
    for each row execute function store_stats_product_changed()`.execute(db);

  const s = (row: 'new' | 'old', status: string) => statusCount(row, status);
  await sql
    .raw(`create or replace function store_stats_order_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.store_id is not null then
        update store_stats set orders = orders - 1, orders_open = orders_open - ${s('old', 'open')},
          orders_fulfilled = orders_fulfilled - ${s('old', 'fulfilled')}, orders_cancelled = orders_cancelled - ${s('old', 'cancelled')}
          where store_id = old.store_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.store_id is not null then
        insert into store_stats (store_id, orders, orders_open, orders_fulfilled, orders_cancelled)
          values (new.store_id, 1, ${s('new', 'open')}, ${s('new', 'fulfilled')}, ${s('new', 'cancelled')})
          on conflict (store_id) do update set orders = store_stats.orders + 1, orders_open = store_stats.orders_open + ${s('new', 'open')},
            orders_fulfilled = store_stats.orders_fulfilled + ${s('new', 'fulfilled')}, orders_cancelled = store_stats.orders_cancelled + ${s('new', 'cancelled')};
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger store_stats_order_changed after insert or delete or update of store_id, status on orders
    for each row execute function store_stats_order_changed()`.execute(db);
}

/**
 * Make the figures, categories and (on SQLite) the search index again from the rows themselves: after this migration,
 * and after a restore (whose inserts run the triggers anyway; this makes it independent of the order rows arrive in).
 */
export async function rebuildStats(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from store_stats`.execute(db);
  await sql`delete from store_categories`.execute(db);
  const p = contribution('new', postgres);
  const row = (expression: string) => expression.replaceAll('new.', 'p.');
  await sql
    .raw(`insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock, orders, orders_open, orders_fulfilled, orders_cancelled)
    select s.id,
      (select count(*) from products p where p.store_id = s.id),
      (select coalesce(sum(${row(p.value)}), 0) from products p where p.store_id = s.id),
      (select coalesce(sum(${row(p.out)}), 0) from products p where p.store_id = s.id),
      (select coalesce(sum(${row(p.low)}), 0) from products p where p.store_id = s.id),
      (select count(*) from orders o where o.store_id = s.id),
      (select count(*) from orders o where o.store_id = s.id and o.status = 'open'),
      (select count(*) from orders o where o.store_id = s.id and o.status = 'fulfilled'),
      (select count(*) from orders o where o.store_id = s.id and o.status = 'cancelled')
    from stores s`)
    .execute(db);
  await sql`insert into store_categories (store_id, category, products)
    select store_id, category, count(*) from products where store_id is not null group by store_id, category`.execute(db);
  if (!postgres) {
    for (const table of ['products', 'orders'] as const) {
      const search = sql.raw(`${table}_search`);
      await sql`insert into ${search} (${search}) values ('delete-all')`.execute(db);
      await sql`insert into ${search} (rowid, name, category, sku) select rowid, name, category, sku from ${sql.table(table)}`.execute(db);
    }
  }
}
