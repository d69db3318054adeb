import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0012: on SQLite a product's or an order's trigram search entry is rewritten only when its searchable text
 * changes. Until now the update triggers of 0006 and 0008 deleted and re-inserted the entry on every change of the
 * figures too, so each stock movement (an order, a re-import of quantities) also rewrote some forty trigrams of
 * the row's name, category and SKU. The figures keep their triggers, as they were; the search entry gets one of its
 * own, fired when the name, category or SKU is set to a different value. PostgreSQL searches the tables themselves
 * (pg_trgm), so nothing changes there.
 */
export const searchIndexOnTextChange: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql`drop trigger store_stats_product_updated`.execute(db);
    await sql
      .raw(
        `create trigger store_stats_product_updated after update of store_id, category, price_cents, quantity, reorder_point on products begin
          ${productFigures('old', -1)}
          ${productFigures('new', 1)}
        end`,
      )
      .execute(db);
    await sql`drop trigger store_stats_order_updated`.execute(db);
    await sql
      .raw(
        `create trigger store_stats_order_updated after update of store_id, status on orders begin
          ${orderFigures('old', -1)}
          ${orderFigures('new', 1)}
        end`,
      )
      .execute(db);
    for (const table of ['products', 'orders']) {
      await sql
        .raw(
          `create trigger ${table}_search_text_updated after update of name, category, sku on ${table}
            when old.name is not new.name or old.category is not new.category or old.sku is not new.sku begin
            delete from ${table}_search where rowid = old.rowid;
            insert into ${table}_search (rowid, name, category, sku) values (new.rowid, new.name, new.category, new.sku);
          end`,
        )
        .execute(db);
    }
  },
  async down() {
    throw new Error('0012_search_index_on_text_change cannot be undone: restore a backup taken before it instead');
  },
};

const out = (row: string) => `(case when ${row}.quantity = 0 then 1 else 0 end)`;
const low = (row: string) =>
  `(case when ${row}.reorder_point is not null and ${row}.quantity <= ${row}.reorder_point then 1 else 0 end)`;
const value = (row: string) => `(${row}.price_cents * ${row}.quantity)`;

/** The statements of 0008's product triggers that take a row out of (-1) or add it to (1) its store's figures. */
function productFigures(row: 'old' | 'new', sign: -1 | 1): string {
  if (sign === -1)
    return `
      update store_stats set products = products - 1, value_cents = value_cents - ${value(row)},
        out_of_stock = out_of_stock - ${out(row)}, low_stock = low_stock - ${low(row)} where store_id = ${row}.store_id;
      update store_categories set products = products - 1, out_of_stock = out_of_stock - ${out(row)}, low_stock = low_stock - ${low(row)}
        where store_id = ${row}.store_id and category = ${row}.category;
      delete from store_categories where store_id = ${row}.store_id and category = ${row}.category and products <= 0;`;
  return `
    insert into store_stats (store_id, products, value_cents, out_of_stock, low_stock) values (${row}.store_id, 1, ${value(row)}, ${out(row)}, ${low(row)})
      on conflict (store_id) do update set products = products + 1, value_cents = value_cents + ${value(row)},
        out_of_stock = out_of_stock + ${out(row)}, low_stock = low_stock + ${low(row)};
    insert into store_categories (store_id, category, products, out_of_stock, low_stock) values (${row}.store_id, ${row}.category, 1, ${out(row)}, ${low(row)})
      on conflict (store_id, category) do update set products = products + 1, out_of_stock = out_of_stock + ${out(row)},
        low_stock = low_stock + ${low(row)};`;
}

const status = (row: string, name: string) => `(case when ${row}.status = '${name}' then 1 else 0 end)`;

/** The statements of 0006's order triggers that take a row out of (-1) or add it to (1) its store's figures. */
function orderFigures(row: 'old' | 'new', sign: -1 | 1): string {
  if (sign === -1)
    return `
      update store_stats set orders = orders - 1, orders_open = orders_open - ${status(row, 'open')},
        orders_fulfilled = orders_fulfilled - ${status(row, 'fulfilled')}, orders_cancelled = orders_cancelled - ${status(row, 'cancelled')}
        where store_id = ${row}.store_id;`;
  return `
    insert into store_stats (store_id, orders, orders_open, orders_fulfilled, orders_cancelled)
      values (${row}.store_id, 1, ${status(row, 'open')}, ${status(row, 'fulfilled')}, ${status(row, 'cancelled')})
      on conflict (store_id) do update set orders = orders + 1, orders_open = orders_open + ${status(row, 'open')},
        orders_fulfilled = orders_fulfilled + ${status(row, 'fulfilled')}, orders_cancelled = orders_cancelled + ${status(row, 'cancelled')};`;
}
