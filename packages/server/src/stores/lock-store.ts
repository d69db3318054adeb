import { MESSAGES } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { isPostgres } from '../db/json-rows';
import { HttpError } from '../http/errors';

/**
 * In a write transaction, first: the store still exists, or 404 (it was deleted after the request was let in). On
 * PostgreSQL its row is held (`for key share`: renames go on) until the transaction ends, so a deletion, which locks
 * the row first (remove-store.ts), waits for the write or the write for it; on SQLite the transaction already holds
 * the database's write lock. A write that depends on its store lasting takes this lock before any other.
 */
export async function lockStore(trx: Kysely<Database>, storeId: string): Promise<void> {
  let query = trx.selectFrom('stores').select('id').where('id', '=', storeId);
  if (isPostgres(trx)) query = query.forKeyShare();
  if (!(await query.executeTakeFirst())) throw new HttpError(404, MESSAGES.storeNotFound);
}
