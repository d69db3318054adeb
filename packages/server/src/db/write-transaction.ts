import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, Db } from './index';

/**
 * A transaction for read-then-write rules (the last owner of a store, single-use links, stock): on PostgreSQL the
 * caller locks the rows it reads (`forUpdate`); on SQLite it starts with `BEGIN IMMEDIATE`, taking the database's write
 * lock before its first read, so another process cannot change what it read before it writes. The connection is held
 * for the whole transaction, so no other request of this process interleaves its statements.
 *
 * Lock order on PostgreSQL (docs/decisions/0023-hostile-input-and-lock-order.md): a write that names a category takes
 * the products table's ROW EXCLUSIVE lock and the category rows first (categories/resolve.ts, 0032); a write takes the
 * products it moves first, by id (lockProducts), then the order, then the store's counter rows (`store_stats`,
 * `store_categories`, which the triggers update), then the day's stock value row (`stock_value_days`, by a trigger that
 * fires after theirs) and last the sales figures (reports/sales-figures.ts, in key order). A write that cannot know its rows up front may still lose a deadlock or a serialization check;
 * PostgreSQL then rolls it back whole, and it is run again from the start, a few times at most, so the client never
 * sees one. `work` must therefore do nothing outside `trx` that it could not do twice.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return sqliteWriteTransaction(db, work);
  const slots = writeSlotsOf(db);
  await slots.take();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        // A short, random pause: the winner of the deadlock commits, and two victims do not collide again in step.
        await sleep(5 + Math.random() * 20 * attempt);
      }
    }
  } finally {
    slots.give();
  }
}

/**
 * How many write transactions of one process run at once on PostgreSQL: fewer than the pool's 10 connections. Writes
 * to one store queue on its counter rows anyway; without this, a burst of them held every connection while waiting
 * for those locks, and reads (and the writes behind them) waited past the pool's 2 s and answered 503. Beyond it they
 * wait here, in memory, for their turn.
 */
const CONCURRENT_WRITES = 6;

interface Slots {
  take(): Promise<void>;
  give(): void;
}

const slotsByDb = new WeakMap<Db, Slots>();

function writeSlotsOf(db: Db): Slots {
  let slots = slotsByDb.get(db);
  if (!slots) {
    let free = CONCURRENT_WRITES;
    const waiting: (() => void)[] = [];
    slots = {
      take: () => {
        if (free > 0) {
          free -= 1;
          return Promise.resolve();
        }
        return new Promise<void>((resolve) => waiting.push(resolve));
      },
      give: () => {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      },
    };
    slotsByDb.set(db, slots);
  }
  return slots;
}

/** How many times a deadlock or serialization victim runs in all before its error is answered (as a 500). */
const MAX_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const isRetryable = (error: unknown) =>
  typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code));

async function sqliteWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/**
 * Lock the products a write will move, in id order, before anything else it writes (the lock order above). SQLite's
 * write lock is already the whole database's.
 */
export async function lockProducts(trx: Kysely<Database>, storeId: string, ids: (string | null | undefined)[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
  if (wanted.length === 0) return;
  await trx.selectFrom('products').select('id').where('store_id', '=', storeId).where('id', 'in', wanted).orderBy('id').forUpdate().execute();
}
