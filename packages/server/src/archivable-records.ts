import { MESSAGES, type Removal, recordRemovalOf } from '@inventory/contract';
import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import type { Database, Db } from './db';
import { writeTransaction } from './db/write-transaction';
import { checkIfMatch, type IfMatch } from './http/etag';
import { HttpError } from './http/errors';
import type { StoreContext } from './stores/access';
import { changedBy } from './stores/audit';

/**
 * The writes every record that is archived rather than deleted shares (customers, suppliers: the contract's
 * archive.ts): an edit at the version read, a deletion that archives a record others name, decided under the record's
 * row lock in the transaction that writes it, and a restore. Each is one transaction; the record's own service maps
 * rows to answers and says what names the record.
 */
export type ArchivableTableName = 'customers' | 'suppliers';
type Row<T extends ArchivableTableName> = Selectable<Database[T]> & { version: number; archived_at: string | null };

/** How often an edit without If-Match re-reads after losing a race before giving up with 409. */
const UNCONDITIONAL_RETRIES = 3;

export interface ArchivableWrites<T extends ArchivableTableName, A> {
  table: T;
  notFound: () => HttpError;
  /** The single-item answer of a row, read in the same transaction. */
  answer: (reader: Kysely<Database>, row: Row<T>) => Promise<A>;
  /** How many records name this one (any at all: it is archived, not deleted). Runs under the record's lock. */
  references: (trx: Kysely<Database>, storeId: string, id: string) => Promise<number>;
}

export function archivableWrites<T extends ArchivableTableName, A>(db: Db, writes: ArchivableWrites<T, A>, now: () => Date) {
  const { notFound, answer } = writes;
  const table = writes.table as ArchivableTableName as 'customers';
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const findOwned = (reader: Kysely<Database>, storeId: string, id: string) =>
    reader.selectFrom(table).selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst() as Promise<Row<T> | undefined>;
  /** The record, locked for the rest of the transaction (PostgreSQL `for update`; SQLite's write lock is the database's). */
  const lockOwned = (trx: Kysely<Database>, storeId: string, id: string) => {
    let locked = trx.selectFrom(table).selectAll().where('id', '=', id).where('store_id', '=', storeId);
    if (postgres) locked = locked.forUpdate();
    return locked.executeTakeFirst() as Promise<Row<T> | undefined>;
  };

  return {
    findOwned,

    /**
     * The columns change at the version read: with If-Match a stale write is 409; without it, the write is tried again
     * on the newer version (last write wins). `onError` turns a write's failure into its answer (a unique clash).
     */
    async update(store: StoreContext, id: string, columns: object, ifMatch: IfMatch, onError: (error: unknown) => never | Promise<never>): Promise<A> {
      const { storeId } = store;
      let row = await findOwned(db, storeId, id);
      if (!row) throw notFound();
      checkIfMatch(ifMatch, row.version);
      for (let attempt = 0; ; attempt += 1) {
        const before = row;
        const written = await writeTransaction(db, async (trx) => {
          const result = await trx
            .updateTable(table)
            .set({ ...columns, ...changedBy(store.actor, now()), version: before.version + 1 })
            .where('id', '=', id)
            .where('store_id', '=', storeId)
            .where('version', '=', before.version)
            .returningAll()
            .executeTakeFirst();
          return result ? answer(trx, result as Row<T>) : null;
        }).catch(onError);
        if (written) return written;
        const latest = await findOwned(db, storeId, id);
        if (!latest) throw notFound();
        if ((ifMatch !== null && ifMatch !== '*') || attempt >= UNCONDITIONAL_RETRIES) throw new HttpError(409, MESSAGES.editConflict);
        row = latest;
      }
    },

    /**
     * Delete a record nothing names, or archive one that something does (recordRemovalOf), decided under its row lock in the
     * transaction that writes it: a reference made at the same moment, which takes that lock too, either committed
     * first (then it is counted: archived) or waits and then finds the record deleted or archived (and is refused).
     */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<Removal> {
      const { storeId } = store;
      return writeTransaction(db, async (trx) => {
        const row = await lockOwned(trx, storeId, id);
        if (!row) throw notFound();
        checkIfMatch(ifMatch, row.version);
        const outcome = recordRemovalOf(await writes.references(trx, storeId, id));
        if (outcome === 'delete') {
          await trx.deleteFrom(table).where('id', '=', id).where('store_id', '=', storeId).execute();
        } else if (row.archived_at === null) {
          const at = now();
          await trx
            .updateTable(table)
            .set({ archived_at: at.toISOString(), ...changedBy(store.actor, at), version: row.version + 1 })
            .where('id', '=', id)
            .where('store_id', '=', storeId)
            .execute();
        }
        return outcome;
      });
    },

    /** An archived record active again (an active one is answered as it is). */
    async restore(store: StoreContext, id: string, ifMatch: IfMatch): Promise<A> {
      const { storeId } = store;
      return writeTransaction(db, async (trx) => {
        const row = await lockOwned(trx, storeId, id);
        if (!row) throw notFound();
        checkIfMatch(ifMatch, row.version);
        if (row.archived_at === null) return answer(trx, row);
        const restored = await trx
          .updateTable(table)
          .set({ archived_at: null, ...changedBy(store.actor, now()), version: row.version + 1 })
          .where('id', '=', id)
          .where('store_id', '=', storeId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return answer(trx, restored as Row<T>);
      });
    },
  };
}
