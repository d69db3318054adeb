import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, Db } from './index';

/**
 * A transaction for read-then-write rules (the last owner of a store, single-use links): on PostgreSQL the caller
 * locks the rows it reads (`forUpdate`); on SQLite it starts with `BEGIN IMMEDIATE`, taking the database's write lock
 * before its first read, so another process cannot change what it read before it writes. The connection is held for
 * the whole transaction, so no other request of this process interleaves its statements.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return db.transaction().execute(work);
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
