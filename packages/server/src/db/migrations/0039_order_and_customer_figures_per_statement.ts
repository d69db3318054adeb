import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { createStatementTriggers, dropStatementTriggers, eachSide, sides, type StatementFigure, type TriggerEvent as Event } from '../statement-triggers';

/**
 * Migration 0039 (PostgreSQL only): the figures orders and customers keep — the store's order counts in its counter
 * row (0006), the orders' list version (0005) and the store's customer counts (0022) — are kept once per statement
 * instead of once per row, as 0037 did for products (docs/decisions/0057-order-and-customer-figures-per-statement.md).
 * Inside one transaction each update of a row leaves a version the next one walks past, so a statement writing n
 * orders or customers cost the square of n: a customers file of 50,000 rows, and the bench's million orders (52
 * minutes). What the statement triggers add up is what the row triggers added, row by row:
 * - orders count in `orders` and in the count of their status; customers in `active` while `archived_at is null`,
 *   in `archived` otherwise;
 * - the counter row is written by every statement that wrote an order of the store, even when its changes add up to
 *   nothing: the row trigger wrote it for every order inserted or deleted and every update naming the status, and it
 *   is locked before the version row, as the lock order of db/write-transaction.ts has it (0050's lesson);
 * - the customer counts are written only where an update changes them (nothing else locks that row after it);
 * - figures only taken away update rows that exist and never make new ones (a store's deletion removes its counters
 *   first, stores/remove-store.ts).
 * Trigger names sort in the lock order (counter row, then the version row). The row triggers' functions stay, so
 * `down` puts the row triggers back as they were. SQLite keeps its row triggers.
 */
/**
 * The per-store sums of `columns` the statement's rows add (`expression(column)` is a row's contribution), written
 * to `table`: upserted for stores its new rows name, only updated for stores only its old rows name; with
 * `onlyChanged`, stores whose sums are all zero are left alone.
 */
function addUp(event: Event, table: string, columns: Record<string, string>, onlyChanged: boolean): string {
  const names = Object.keys(columns);
  const changes = eachSide(
    event,
    (sign, side) => `store_id, ${names.map((name) => `${sign}${columns[name]} as ${name}`).join(', ')}, ${side === 'new_rows'} as added`,
  );
  const having = onlyChanged ? `having ${names.map((name) => `sum(${name}) <> 0`).join(' or ')}` : '';
  return `
    with d as (select store_id, ${names.map((name) => `sum(${name}) as ${name}`).join(', ')}, bool_or(added) as added
               from (${changes}) c group by store_id ${having}),
         taken as (update ${table} s set ${names.map((name) => `${name} = s.${name} + d.${name}`).join(', ')}
                   from d where s.store_id = d.store_id and not d.added)
    insert into ${table} (store_id, ${names.join(', ')})
      select store_id, ${names.join(', ')} from d where d.added order by store_id
      on conflict (store_id) do update set ${names.map((name) => `${name} = ${table}.${name} + excluded.${name}`).join(', ')};`;
}

const status = (value: string) => `(case when status = '${value}' then 1 else 0 end)`;
const ORDER_COUNTS = {
  orders: '1',
  orders_open: status('open'),
  orders_fulfilled: status('fulfilled'),
  orders_cancelled: status('cancelled'),
};
const CUSTOMER_COUNTS = {
  active: '(case when archived_at is null then 1 else 0 end)',
  archived: '(case when archived_at is null then 0 else 1 end)',
};

function versionBody(event: Event): string {
  const stores = sides(event)
    .map(([table]) => `select store_id from ${table}`)
    .join(' union ');
  return `update store_versions set orders = orders + 1 where store_id in (${stores});`;
}

/** Each figure: its table, functions' and triggers' name (`<name>_<event>`), and what a statement of an event does. */
const FIGURES: StatementFigure[] = [
  { table: 'orders', name: 'store_stats_orders', body: (event) => addUp(event, 'store_stats', ORDER_COUNTS, false) },
  { table: 'orders', name: 'store_versions_orders', body: versionBody },
  { table: 'customers', name: 'customer_counts', body: (event) => addUp(event, 'customer_counts', CUSTOMER_COUNTS, event === 'updated') },
];

/** The row triggers this replaces, as 0006, 0005 and 0022 left them (their functions stay). */
const ROW_TRIGGERS: { table: string; name: string; create: string }[] = [
  {
    table: 'orders',
    name: 'store_stats_order_changed',
    create: `create trigger store_stats_order_changed after insert or delete or update of store_id, status on orders
               for each row execute function store_stats_order_changed()`,
  },
  {
    table: 'orders',
    name: 'store_versions_orders_changed',
    create: `create trigger store_versions_orders_changed after insert or delete or update on orders
               for each row execute function store_versions_orders_changed()`,
  },
  {
    table: 'customers',
    name: 'customer_counts_changed',
    create: `create trigger customer_counts_changed after insert or delete or update of store_id, archived_at on customers
               for each row execute function customer_counts_changed()`,
  },
];

export const orderAndCustomerFiguresPerStatement: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const trigger of ROW_TRIGGERS) await sql.raw(`drop trigger ${trigger.name} on ${trigger.table}`).execute(db);
    await createStatementTriggers(db, FIGURES);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await dropStatementTriggers(db, FIGURES);
    for (const trigger of ROW_TRIGGERS) await sql.raw(trigger.create).execute(db);
  },
};
