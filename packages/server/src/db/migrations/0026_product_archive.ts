import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { sortExpressions } from './0008_list_counters';

/**
 * Migration 0026: archived products (docs/decisions/0033-archived-products-and-bulk-actions.md).
 *
 * - `products.archived_at`, `archived_by`: when and by whom a product with a history was deleted, which archives it;
 *   null while it is active.
 * - The lists' index ranges hold active products only. Every index a product page reads (0008, 0009: each sort within
 *   each stock filter, for the store and within a category) is made again with `archived_at is null` added to its
 *   condition, so archived rows never lie inside a range an active page walks, however many there are: a page still
 *   costs one index range at any depth. SQLite names them with `indexed by`, whose query carries the same condition.
 * - `products_archived_<sort>_idx`: `(store_id, <sort key>, id) where archived_at is not null`, the archived list's
 *   range in each sort (`include` merges it with the active ranges). Only archived rows are in them, so active writes
 *   never touch them.
 * - The figures count active products only: the triggers of 0006/0008/0012 are made again so that a row counts in
 *   `store_stats` and `store_categories` while `archived_at is null`, and in `store_stats.archived_products` while it is
 *   set; archiving or restoring (an update of `archived_at`) moves it from one to the other in the writing transaction.
 */
export const productArchive: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable('products').addColumn('archived_at', 'text').execute();
    await db.schema.alterTable('products').addColumn('archived_by', 'text').execute();
    await sql`alter table store_stats add column archived_products integer not null default 0`.execute(db);
    for (const [sort, expression] of Object.entries(sortExpressions(postgres))) {
      const key = sql.raw(expression);
      for (const [stock, where] of Object.entries(STOCK_CONDITIONS)) {
        const condition = sql.raw(`${where} and archived_at is null`);
        const store = sql.raw(`products_${stock}_${sort}_idx`);
        const category = sql.raw(`products_category_${stock}_${sort}_idx`);
        await sql`drop index ${store}`.execute(db);
        await sql`create index ${store} on products (store_id, ${key}, id) where ${condition}`.execute(db);
        await sql`drop index ${category}`.execute(db);
        await sql`create index ${category} on products (store_id, category, ${key}, id) where ${condition}`.execute(db);
      }
      await sql`create index ${sql.raw(`products_archived_${sort}_idx`)} on products (store_id, ${key}, id) where archived_at is not null`.execute(db);
    }
    if (postgres) await postgresTrigger(db, true);
    else await sqliteTriggers(db, true);
  },
  /** The triggers, indexes and columns as 0008, 0009 and 0012 left them; undone only on a database without products. */
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await postgresTrigger(db, false);
    else await sqliteTriggers(db, false);
    for (const [sort, expression] of Object.entries(sortExpressions(postgres))) {
      const key = sql.raw(expression);
      await sql`drop index ${sql.raw(`products_archived_${sort}_idx`)}`.execute(db);
      for (const [stock, where] of Object.entries(STOCK_CONDITIONS)) {
        const condition = sql.raw(where);
        const store = sql.raw(`products_${stock}_${sort}_idx`);
        const category = sql.raw(`products_category_${stock}_${sort}_idx`);
        await sql`drop index ${store}`.execute(db);
        await sql`create index ${store} on products (store_id, ${key}, id) where ${condition}`.execute(db);
        await sql`drop index ${category}`.execute(db);
        await sql`create index ${category} on products (store_id, category, ${key}, id) where ${condition}`.execute(db);
      }
    }
    await sql`alter table store_stats drop column archived_products`.execute(db);
    await db.schema.alterTable('products').dropColumn('archived_by').execute();
    await db.schema.alterTable('products').dropColumn('archived_at').execute();
  },
};

/** The stock filters' conditions of 0008 and 0009, by the name their indexes carry. */
const STOCK_CONDITIONS = {
  in: 'quantity > 0',
  out: 'quantity = 0',
  low: 'reorder_point is not null and quantity <= reorder_point',
};

const out = (row: string) => `(case when ${row}.quantity = 0 then 1 else 0 end)`;
const low = (row: string) => `(case when ${row}.reorder_point is not null and ${row}.quantity <= ${row}.reorder_point then 1 else 0 end)`;

/**
 * SQLite: the product triggers again, each statement of the figures conditional on the row being active (a statement
 * of a trigger cannot be skipped otherwise), and the archived count beside them. The search entry is kept for every
 * row: an archived product is still found with `archived=only|include`.
 */
async function sqliteTriggers(db: Kysely<unknown>, archive: boolean): Promise<void> {
  const value = (row: string) => `(${row}.price_cents * ${row}.quantity)`;
  const active = (row: string) => (archive ? `${row}.archived_at is null` : 'true');
  // An upsert from a select needs a where clause (SQLite's parser), which here is the condition itself.
  const add = (row: 'new') => `
    insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock)
      select ${row}.store_id, 1, ${value(row)}, ${out(row)}, ${low(row)} where ${active(row)}
      on conflict (store_id) do update set products = products + 1, value_cents = value_cents + ${value(row)},
        out_of_stock = out_of_stock + ${out(row)}, low_stock = low_stock + ${low(row)};
    insert into store_categories (store_id, category, products, out_of_stock, low_stock)
      select ${row}.store_id, ${row}.category, 1, ${out(row)}, ${low(row)} where ${active(row)}
      on conflict (store_id, category) do update set products = products + 1, out_of_stock = out_of_stock + ${out(row)},
        low_stock = low_stock + ${low(row)};
    ${archive ? `insert into store_stats (store_id, archived_products) select ${row}.store_id, 1 where ${row}.archived_at is not null
      on conflict (store_id) do update set archived_products = archived_products + 1;` : ''}`;
  const remove = (row: 'old') => `
    update store_stats set products = products - 1, value_cents = value_cents - ${value(row)},
      out_of_stock = out_of_stock - ${out(row)}, low_stock = low_stock - ${low(row)}
      where store_id = ${row}.store_id and ${active(row)};
    update store_categories set products = products - 1, out_of_stock = out_of_stock - ${out(row)}, low_stock = low_stock - ${low(row)}
      where store_id = ${row}.store_id and category = ${row}.category and ${active(row)};
    delete from store_categories where store_id = ${row}.store_id and category = ${row}.category and products <= 0;
    ${archive ? `update store_stats set archived_products = archived_products - 1 where store_id = ${row}.store_id and ${row}.archived_at is not null;` : ''}`;
  for (const name of ['store_stats_product_inserted', 'store_stats_product_deleted', 'store_stats_product_updated']) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await sql
    .raw(`create trigger store_stats_product_inserted after insert on products when new.store_id is not null begin
      ${add('new')}
      insert into products_search (rowid, name, category, sku) values (new.rowid, new.name, new.category, new.sku);
    end`)
    .execute(db);
  await sql
    .raw(`create trigger store_stats_product_deleted after delete on products when old.store_id is not null begin
      ${remove('old')}
      delete from products_search where rowid = old.rowid;
    end`)
    .execute(db);
  // The search entry has its own trigger since 0012 (products_search_text_updated).
  await sql
    .raw(`create trigger store_stats_product_updated after update of store_id, category, price_cents, quantity, reorder_point${archive ? ', archived_at' : ''} on products begin
      ${remove('old')}
      ${add('new')}
    end`)
    .execute(db);
}

/**
 * PostgreSQL: the product trigger function again, counting active rows in the figures and archived ones apart; with
 * `archive` false, 0008's function and 0006's trigger (this migration undone).
 */
async function postgresTrigger(db: Kysely<unknown>, archive: boolean): Promise<void> {
  const value = (row: string) => `(${row}.price_cents::numeric * ${row}.quantity)`;
  const active = (row: string) => (archive ? `${row}.archived_at is null` : 'true');
  const archived = (statement: string) => (archive ? `else ${statement}` : '');
  await sql
    .raw(`create or replace function store_stats_product_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.store_id is not null then
        if ${active('old')} then
          update store_stats set products = products - 1, value_cents = value_cents - ${value('old')},
            out_of_stock = out_of_stock - ${out('old')}, low_stock = low_stock - ${low('old')} where store_id = old.store_id;
          update store_categories set products = products - 1, out_of_stock = out_of_stock - ${out('old')},
            low_stock = low_stock - ${low('old')} where store_id = old.store_id and category = old.category;
          delete from store_categories where store_id = old.store_id and category = old.category and products <= 0;
        ${archived('update store_stats set archived_products = archived_products - 1 where store_id = old.store_id;')}
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.store_id is not null then
        if ${active('new')} then
          insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (new.store_id, 1, ${value('new')}, ${out('new')}, ${low('new')})
            on conflict (store_id) do update set products = store_stats.products + 1, value_cents = store_stats.value_cents + ${value('new')},
              out_of_stock = store_stats.out_of_stock + ${out('new')}, low_stock = store_stats.low_stock + ${low('new')};
          insert into store_categories (store_id, category, products, out_of_stock, low_stock)
            values (new.store_id, new.category, 1, ${out('new')}, ${low('new')})
            on conflict (store_id, category) do update set products = store_categories.products + 1,
              out_of_stock = store_categories.out_of_stock + ${out('new')}, low_stock = store_categories.low_stock + ${low('new')};
        ${archived(`insert into store_stats (store_id, archived_products) values (new.store_id, 1)
            on conflict (store_id) do update set archived_products = store_stats.archived_products + 1;`)}
        end if;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`drop trigger store_stats_product_changed on products`.execute(db);
  await sql`create trigger store_stats_product_changed
    after insert or delete or update of store_id, category, price_cents, quantity, reorder_point${sql.raw(archive ? ', archived_at' : '')} on products
    for each row execute function store_stats_product_changed()`.execute(db);
}

/**
 * The product figures made again from the rows, active ones only, and the archived count: after a restore, once
 * rebuildStats (0006) and rebuildCategoryStock (0008) have counted every product.
 */
export async function rebuildProductFigures(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const value = postgres ? '(p.price_cents::numeric * p.quantity)' : '(p.price_cents * p.quantity)';
  const active = (what: string) => `(select ${what} from products p where p.store_id = store_stats.store_id and p.archived_at is null)`;
  await sql
    .raw(`update store_stats set
      products = ${active('count(*)')},
      value_cents = ${active(`coalesce(sum(${value}), 0)`)},
      out_of_stock = ${active(`coalesce(sum(${out('p')}), 0)`)},
      low_stock = ${active(`coalesce(sum(${low('p')}), 0)`)},
      archived_products = (select count(*) from products p where p.store_id = store_stats.store_id and p.archived_at is not null)`)
    .execute(db);
  await sql`delete from store_categories`.execute(db);
  await sql
    .raw(`insert into store_categories (store_id, category, products, out_of_stock, low_stock)
      select p.store_id, p.category, count(*), sum(${out('p')}), sum(${low('p')})
      from products p where p.store_id is not null and p.archived_at is null group by p.store_id, p.category`)
    .execute(db);
}
