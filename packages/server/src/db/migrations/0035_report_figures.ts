import { type DocumentRate, ppmToPercent, saleAmountsOfLines, type SaleLine } from '@inventory/contract';
import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0035: the figures Bill Reports read, kept by the writes (docs/decisions/0045-bill-reports.md).
 *
 * - `sales_figures`: what sold, summed per store, grain (`day`: YYYY-MM-DD, `month`: YYYY-MM), dimension (`product`,
 *   `customer`, `total`) and key (a product's or customer's id, '' for none): net, tax, gross, units and cost, in
 *   cents. Written by every order write as the difference of the order's figures before and after it (additive
 *   upserts, reports/sales-figures.ts), so a year by product reads 12 month rows and a few edge days per product.
 * - `order_sales`: what an order's last write added to the figures (JSON: day, customer, figures per product), so
 *   the next write takes away exactly that even if the store's tax rates changed meanwhile; absent (orders before this
 *   migration), the order's figures are computed again from its rows.
 * - `stock_value_days`: the change of the store's stock value at cost and at price on each day (UTC, the database's
 *   clock), kept by triggers on `products` (quantity, price, cost, insert, delete), so every write that moves any of
 *   them, whatever its path, keeps it; the value at a date is the sum of the changes up to it.
 * - `stock_movements_order_idx`: an order's movements (the cost of what it took), `invoices_store_issue_idx` and
 *   `credit_notes_store_issue_idx`: taxes collected by issue date.
 * Existing data is summed once here: sales from the orders as they are (cost from the movements that recorded one:
 * none did before this migration), stock value from the ledger's movements at today's price and cost.
 */
export const reportFigures: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('sales_figures')
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('grain', 'text', (col) => col.notNull())
      .addColumn('dim', 'text', (col) => col.notNull())
      .addColumn('period', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('net_cents', 'bigint', (col) => col.notNull())
      .addColumn('tax_cents', 'bigint', (col) => col.notNull())
      .addColumn('gross_cents', 'bigint', (col) => col.notNull())
      .addColumn('units', 'bigint', (col) => col.notNull())
      .addColumn('cost_cents', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('sales_figures_pk', ['store_id', 'grain', 'dim', 'period', 'key'])
      .execute();
    await db.schema
      .createTable('order_sales')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('figures', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('stock_value_days')
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('cost_cents', 'bigint', (col) => col.notNull())
      .addColumn('price_cents', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('stock_value_days_pk', ['store_id', 'day'])
      .execute();
    await sql`create index stock_movements_order_idx on stock_movements (order_id, product_id) where order_id is not null`.execute(db);
    await sql`create index invoices_store_issue_idx on invoices (store_id, issue_date) where status = 'issued'`.execute(db);
    await sql`create index credit_notes_store_issue_idx on credit_notes (store_id, issue_date)`.execute(db);
    if (postgres) await postgresTrigger(db);
    else await sqliteTriggers(db);
    await rebuildReportFigures(db);
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`drop trigger if exists store_stats_then_stock_value on products`.execute(db);
      await sql`drop function if exists stock_value_product_changed()`.execute(db);
    } else {
      for (const name of ['stock_value_product_inserted', 'stock_value_product_deleted', 'stock_value_product_updated'])
        await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await sql`drop index if exists credit_notes_store_issue_idx`.execute(db);
    await sql`drop index if exists invoices_store_issue_idx`.execute(db);
    await sql`drop index if exists stock_movements_order_idx`.execute(db);
    await db.schema.dropTable('stock_value_days').execute();
    await db.schema.dropTable('order_sales').execute();
    await db.schema.dropTable('sales_figures').execute();
  },
};

/** A product's stock value at cost and at price; a product without a cost counts 0 at cost. */
const atCost = (row: string, postgres: boolean) => (postgres ? `(coalesce(${row}.cost, 0)::bigint * ${row}.quantity)` : `(coalesce(${row}.cost, 0) * ${row}.quantity)`);
const atPrice = (row: string, postgres: boolean) => (postgres ? `(${row}.price_cents::bigint * ${row}.quantity)` : `(${row}.price_cents * ${row}.quantity)`);

/**
 * SQLite: the day's change, old row out and new row in, each only when it has a store and some stock. A store being
 * deleted (one `delete from stores`, its products going by cascade after it) changes nothing.
 */
function sqliteChange(row: 'new' | 'old', sign: '' | '-'): string {
  return `insert into stock_value_days (store_id, day, cost_cents, price_cents)
        select ${row}.store_id, strftime('%Y-%m-%d', 'now'), ${sign}${atCost(row, false)}, ${sign}${atPrice(row, false)}
        where ${row}.store_id is not null and ${row}.quantity <> 0 and exists (select 1 from stores where id = ${row}.store_id)
        on conflict (store_id, day) do update set cost_cents = stock_value_days.cost_cents + excluded.cost_cents,
          price_cents = stock_value_days.price_cents + excluded.price_cents;`;
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create trigger stock_value_product_inserted after insert on products begin ${sqliteChange('new', '')} end`).execute(db);
  await sql.raw(`create trigger stock_value_product_deleted after delete on products begin ${sqliteChange('old', '-')} end`).execute(db);
  await sql
    .raw(`create trigger stock_value_product_updated after update of store_id, quantity, price_cents, cost on products
      when old.store_id is not new.store_id or old.quantity <> new.quantity or old.price_cents <> new.price_cents or old.cost is not new.cost
      begin ${sqliteChange('old', '-')} ${sqliteChange('new', '')} end`)
    .execute(db);
}

async function postgresTrigger(db: Kysely<unknown>): Promise<void> {
  const day = `to_char(now() at time zone 'utc', 'YYYY-MM-DD')`;
  const add = (row: 'new' | 'old', sign: '' | '-') => `
        insert into stock_value_days (store_id, day, cost_cents, price_cents)
          values (${row}.store_id, ${day}, ${sign}${atCost(row, true)}, ${sign}${atPrice(row, true)})
          on conflict (store_id, day) do update set cost_cents = stock_value_days.cost_cents + excluded.cost_cents,
            price_cents = stock_value_days.price_cents + excluded.price_cents;`;
  await sql
    .raw(`create or replace function stock_value_product_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.store_id is not distinct from new.store_id and old.quantity = new.quantity
        and old.price_cents = new.price_cents and old.cost is not distinct from new.cost then
        return null;
      end if;
      -- A store being deleted (stores/remove-store.ts names it) changes nothing: its figures go with it.
      if coalesce(old.store_id, new.store_id) = current_setting('inventory.removing_store', true) then
        return null;
      end if;
      if tg_op in ('DELETE', 'UPDATE') and old.store_id is not null and old.quantity <> 0 then ${add('old', '-')}
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.store_id is not null and new.quantity <> 0 then ${add('new', '')}
      end if;
      return null;
    end $$`)
    .execute(db);
  // PostgreSQL fires a table's triggers in the order of their names: this one's name sorts after
  // `store_stats_product_changed`, so the day's value row is locked after the store's counter row, as the lock order
  // wants (db/write-transaction.ts). Fired first, it deadlocked an order (whose insert takes the counter row before its
  // stock moves) with a product edit (value row, then counter row).
  await sql`create trigger store_stats_then_stock_value after insert or delete or update of store_id, quantity, price_cents, cost on products
    for each row execute function stock_value_product_changed()`.execute(db);
}

/**
 * The figures made again from the rows (this migration, and a restore, whose inserts the triggers counted as today's):
 * sales from every order as it is now, stock value per day from the ledger's movements at today's price and cost.
 */
export async function rebuildReportFigures(db: Kysely<unknown>): Promise<void> {
  const stores = await sql<{ id: string }>`select id from stores order by id`.execute(db);
  for (const { id } of stores.rows) await rebuildStoreReportFigures(db, id);
}

/** One store's figures made again from its rows (the migration, a restore, the bench's seeded store). */
export async function rebuildStoreReportFigures(db: Kysely<unknown>, storeId: string): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from stock_value_days where store_id = ${storeId}`.execute(db);
  await sql`delete from sales_figures where store_id = ${storeId}`.execute(db);
  await sql`delete from order_sales where order_id in (select id from orders where store_id = ${storeId})`.execute(db);
  const day = sql`substr(m.created_at, 1, 10)`;
  const big = postgres ? sql.raw('::bigint') : sql.raw('');
  await sql`
    insert into stock_value_days (store_id, day, cost_cents, price_cents)
    select m.store_id, ${day}, sum(m.change${big} * coalesce(p.cost, 0)), sum(m.change${big} * p.price_cents)
    from stock_movements m join products p on p.id = m.product_id
    where m.store_id = ${storeId}
    group by m.store_id, ${day}`.execute(db);
  await rebuildStoreSales(db, storeId, postgres);
}

interface OrderRow {
  id: string;
  created_at: string;
  customer_id: string | null;
  product_id: string | null;
  quantity: number;
  price_cents: number;
  status: string;
  line_count: number;
}

async function rebuildStoreSales(db: Kysely<unknown>, storeId: string, postgres: boolean): Promise<void> {
  const rates = await sql<{ id: string; name: string; rate_ppm: number }>`select id, name, rate_ppm from tax_rates where store_id = ${storeId}`.execute(db);
  const taxRates: DocumentRate[] = rates.rows.map((rate) => ({ _id: rate.id, name: rate.name, percent: ppmToPercent(Number(rate.rate_ppm)) }));
  const settings = await sql<{ prices_include_tax: number }>`select prices_include_tax from store_settings where store_id = ${storeId}`.execute(db);
  const pricesIncludeTax = Number(settings.rows[0]?.prices_include_tax ?? 0) === 1;
  const sums = new Map<string, number[]>();
  const add = (grain: string, dim: string, period: string, key: string, f: number[]) => {
    const id = `${grain}\u0000${dim}\u0000${period}\u0000${key}`;
    const sum = sums.get(id) ?? [0, 0, 0, 0, 0];
    f.forEach((value, i) => (sum[i]! += value));
    sums.set(id, sum);
  };
  let after = '';
  for (;;) {
    const page = await sql<OrderRow>`
      select id, created_at, customer_id, product_id, quantity, price_cents, status, line_count from orders
      where store_id = ${storeId} and id > ${after} order by id limit 1000`.execute(db);
    if (page.rows.length === 0) break;
    after = page.rows[page.rows.length - 1]!.id;
    const ids = page.rows.map((row) => row.id);
    const lines = await sql<SaleLine & { order_id: string }>`
      select order_id, product_id as "productId", quantity, unit_price_cents as "unitPriceCents", discount_bp as "discountBp",
        tax_rate_id as "taxRateId", cancelled, returned
      from order_lines where order_id in (${sql.join(ids)}) order by order_id, position`.execute(db);
    const costs = await sql<{ order_id: string; product_id: string; cost: number }>`
      select order_id, product_id, sum(cast(change as bigint) * unit_cost_cents) as cost from stock_movements
      where order_id in (${sql.join(ids)}) and unit_cost_cents is not null group by order_id, product_id`.execute(db);
    const linesOf = new Map<string, SaleLine[]>();
    for (const line of lines.rows) {
      const list = linesOf.get(line.order_id) ?? [];
      list.push({ ...line, quantity: Number(line.quantity), unitPriceCents: Number(line.unitPriceCents), discountBp: Number(line.discountBp), cancelled: Number(line.cancelled), returned: Number(line.returned) });
      linesOf.set(line.order_id, list);
    }
    const costOf = new Map<string, Map<string, number>>();
    for (const cost of costs.rows) {
      const map = costOf.get(cost.order_id) ?? new Map<string, number>();
      map.set(cost.product_id, -Number(cost.cost));
      costOf.set(cost.order_id, map);
    }
    for (const order of page.rows) {
      const saleLines: SaleLine[] =
        Number(order.line_count) > 0
          ? (linesOf.get(order.id) ?? [])
          : [
              {
                productId: order.product_id,
                quantity: Number(order.quantity),
                unitPriceCents: Number(order.price_cents),
                discountBp: 0,
                taxRateId: null,
                cancelled: order.status === 'cancelled' ? Number(order.quantity) : 0,
                returned: 0,
              },
            ];
      const amounts = saleAmountsOfLines(saleLines, taxRates, pricesIncludeTax);
      const cost = costOf.get(order.id) ?? new Map<string, number>();
      for (const key of cost.keys()) if (!amounts.has(key)) amounts.set(key, { netCents: 0, taxCents: 0, grossCents: 0, units: 0 });
      const day = order.created_at.slice(0, 10);
      const total = [0, 0, 0, 0, 0];
      for (const [key, a] of amounts) {
        const f = [a.netCents, a.taxCents, a.grossCents, a.units, cost.get(key) ?? 0];
        f.forEach((value, i) => (total[i]! += value));
        add('day', 'product', day, key, f);
        add('month', 'product', day.slice(0, 7), key, f);
      }
      for (const [grain, period] of [['day', day], ['month', day.slice(0, 7)]] as const) {
        add(grain, 'total', period, '', total);
        add(grain, 'customer', period, order.customer_id ?? '', total);
      }
    }
  }
  const rows = [...sums].filter(([, f]) => f.some((value) => value !== 0)).map(([id, f]) => [...id.split('\u0000'), ...f]);
  const big = postgres ? 'bigint' : 'integer';
  const json = postgres ? (rows: unknown[][]) => sql`jsonb_array_elements(cast(${JSON.stringify(rows)} as jsonb)) as j(value)` : (rows: unknown[][]) => sql`json_each(${JSON.stringify(rows)}) as j`;
  for (let i = 0; i < rows.length; i += 500)
    await sql`
      insert into sales_figures (store_id, grain, dim, period, key, net_cents, tax_cents, gross_cents, units, cost_cents)
      select ${storeId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, cast(j.value ->> 4 as ${sql.raw(big)}),
        cast(j.value ->> 5 as ${sql.raw(big)}), cast(j.value ->> 6 as ${sql.raw(big)}), cast(j.value ->> 7 as ${sql.raw(big)}), cast(j.value ->> 8 as ${sql.raw(big)})
      from ${json(rows.slice(i, i + 500))}`.execute(db);
}
