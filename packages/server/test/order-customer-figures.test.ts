import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db';
import type { Database } from '../src/db/types';
import { databases, type TestDatabase } from './support/databases';

const AT = '2026-11-30T12:00:00.000Z';
const id = (prefix: number, n: number) => `${prefix}0000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/**
 * The order and customer figures the triggers keep (row triggers on SQLite; statement triggers on PostgreSQL,
 * migration 0039) always equal what the rows say, after statements that write many rows at once as well as one: the
 * lists' totals and the dashboard's order counts are read from them.
 */
describe.each(databases)('order and customer figures on $name', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const stores = [id(1, 1), id(1, 2)];

  beforeAll(async () => {
    database = await kind.create();
    db = createDb(loadConfig(database.env).database) as Kysely<Database>;
    await db
      .insertInto('users')
      .values({ id: id(2, 1), name: 'Ada', email: 'ada@example.com', password_hash: 'x', phone: '', bio: '', photo: '', created_at: AT, updated_at: AT })
      .execute();
    await db.insertInto('stores').values(stores.map((store) => ({ id: store, name: 'Shop', created_at: AT, updated_at: AT }))).execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.cleanup();
  });

  const expectFigures = async () => {
    const counted = await db
      .selectFrom('orders')
      .select((eb) => [
        'store_id',
        eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(case when status = 'open' then 1 else 0 end)`.as('orders_open'),
        sql<number>`sum(case when status = 'fulfilled' then 1 else 0 end)`.as('orders_fulfilled'),
        sql<number>`sum(case when status = 'cancelled' then 1 else 0 end)`.as('orders_cancelled'),
      ])
      .groupBy('store_id')
      .execute();
    const kept = await db.selectFrom('store_stats').select(['store_id', 'orders', 'orders_open', 'orders_fulfilled', 'orders_cancelled']).execute();
    for (const store of stores) {
      const rows = counted.find((row) => row.store_id === store);
      const figures = kept.find((row) => row.store_id === store);
      const of = (row: typeof rows | typeof figures) =>
        [row?.orders, row?.orders_open, row?.orders_fulfilled, row?.orders_cancelled].map((n) => Number(n ?? 0));
      expect({ store, figures: of(figures) }).toEqual({ store, figures: of(rows) });
    }
    const customers = await db
      .selectFrom('customers')
      .select((eb) => [
        'store_id',
        sql<number>`sum(case when archived_at is null then 1 else 0 end)`.as('active'),
        sql<number>`sum(case when archived_at is null then 0 else 1 end)`.as('archived'),
        eb.fn.countAll<number>().as('all'),
      ])
      .groupBy('store_id')
      .execute();
    const counts = await db.selectFrom('customer_counts').select(['store_id', 'active', 'archived']).execute();
    for (const store of stores) {
      const rows = customers.find((row) => row.store_id === store);
      const figures = counts.find((row) => row.store_id === store);
      expect({ store, active: Number(figures?.active ?? 0), archived: Number(figures?.archived ?? 0) }).toEqual({
        store,
        active: Number(rows?.active ?? 0),
        archived: Number(rows?.archived ?? 0),
      });
    }
  };

  it('match the rows after statements of one row and of many: inserts, status changes, moves between stores, deletes', async () => {
    await expectFigures();
    // Many customers and orders in one statement each, in both stores.
    await db
      .insertInto('customers')
      .values(
        Array.from({ length: 40 }, (_, n) => ({
          id: id(3, n),
          store_id: stores[n % 2]!,
          name: `Buyer ${n}`,
          email: `buyer${n}@example.com`,
          user_id: id(2, 1),
          created_at: AT,
          updated_at: AT,
          archived_at: n % 5 === 0 ? AT : null,
        })),
      )
      .execute();
    await db
      .insertInto('orders')
      .values(
        Array.from({ length: 60 }, (_, n) => ({
          id: id(4, n),
          user_id: id(2, 1),
          store_id: stores[n % 2]!,
          updated_by: id(2, 1),
          name: `Order ${n}`,
          sku: `SO-${n}`,
          category: 'Docks',
          price_cents: 1000,
          quantity: 1,
          version: 1,
          created_at: AT,
          updated_at: AT,
          status: n % 3 === 0 ? 'cancelled' : 'open',
          number: n + 1,
        })),
      )
      .execute();
    await expectFigures();
    // Status changes of many rows, some unchanged; an update of no counted column; one row.
    await db.updateTable('orders').set({ status: 'fulfilled' }).where('number', '<=', 30).execute();
    await db.updateTable('orders').set({ name: sql`name || ' (edited)'` }).execute();
    await db.updateTable('orders').set({ status: 'open' }).where('id', '=', id(4, 3)).execute();
    await db.updateTable('customers').set({ archived_at: null }).where('archived_at', 'is not', null).where('store_id', '=', stores[0]!).execute();
    await db.updateTable('customers').set({ archived_at: AT }).where('name', 'in', ['Buyer 1', 'Buyer 2', 'Buyer 3']).execute();
    await expectFigures();
    // Rows moved from one store to the other, with their status changed in the same statement.
    await db.updateTable('orders').set({ store_id: stores[1]!, status: 'cancelled' }).where('store_id', '=', stores[0]!).where('number', '>', 50).execute();
    await db.updateTable('customers').set({ store_id: stores[0]! }).where('store_id', '=', stores[1]!).where('name', 'like', 'Buyer 1%').execute();
    await expectFigures();
    // Many deleted at once, then one.
    await db.deleteFrom('orders').where('number', '>', 40).execute();
    await db.deleteFrom('orders').where('id', '=', id(4, 0)).execute();
    await db.deleteFrom('customers').where('name', 'like', 'Buyer 2%').execute();
    await expectFigures();
    // A statement that changes no row writes nothing.
    await db.updateTable('orders').set({ status: 'open' }).where('id', '=', id(9, 9)).execute();
    await expectFigures();
  });
});
