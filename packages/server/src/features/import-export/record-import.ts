import type { CsvDelimiter, CsvEncoding, RecordImportChecker } from '@inventory/contract';
import type { Kysely } from 'kysely';
import { type Database, type Db, isUniqueViolation } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import { type MatchedRecordRow, parseRecordImport } from './record-parse';
import { ImportRejected } from './service';
import type { Upload } from './upload';

/** What a store's records' import writes, and how it finds the records a file's rows name. */
export interface RecordImportDeclaration<V, M> {
  checker: (mapping: M | null) => RecordImportChecker<V>;
  /** The store's records whose match keys are these (`lock`: PostgreSQL `for update`): key to id. */
  existingAmong: (reader: Kysely<Database>, storeId: string, keys: string[], lock: boolean) => Promise<ReadonlyMap<string, string>>;
  /** A batch's new records, inserted in one statement. */
  insert: (trx: Kysely<Database>, rows: MatchedRecordRow<V>[], store: StoreContext, at: Date) => Promise<void>;
  /** A row that names a record of the store: the fields its file maps changed. */
  update: (trx: Kysely<Database>, row: MatchedRecordRow<V> & { id: string }, store: StoreContext, at: Date) => Promise<void>;
  /** 409: a key of the file was given to another record while it was imported. */
  keyTaken: string;
}

export interface RecordImportAnswer {
  created: number;
  updated: number;
}

/**
 * A store's records from a CSV file (customers 0035, suppliers 0037): checked as the file streams in, written a batch
 * at a time in one transaction that commits only once the last row has passed (the catalogue import's way, 0017). A
 * row whose match key names a record of the store updates the fields the file maps; any other row is a new record. A
 * dry run checks and counts, and writes nothing.
 */
export function createRecordImport<V, M>(declaration: RecordImportDeclaration<V, M>, { db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async run(
      store: StoreContext,
      upload: Upload<M>,
      { dryRun }: { dryRun: boolean },
    ): Promise<RecordImportAnswer | (RecordImportAnswer & { encoding: CsvEncoding; delimiter: CsvDelimiter })> {
      const { storeId } = store;
      if (dryRun) {
        const outcome = await parseRecordImport({
          file: upload.file,
          checker: declaration.checker(upload.mapping),
          existingAmong: (keys) => declaration.existingAmong(db, storeId, keys, false),
          onRows: () => Promise.resolve(),
        });
        if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
        return { created: outcome.rows - outcome.updates, updated: outcome.updates, encoding: outcome.encoding, delimiter: outcome.delimiter };
      }
      return writeTransaction(db, async (trx) => {
        await lockStore(trx, storeId);
        const at = now();
        const write = async (rows: MatchedRecordRow<V>[]) => {
          const created = rows.filter((row) => row.id === undefined);
          if (created.length > 0) await declaration.insert(trx, created, store, at);
          for (const row of rows) if (row.id !== undefined) await declaration.update(trx, row as MatchedRecordRow<V> & { id: string }, store, at);
        };
        const outcome = await parseRecordImport({
          file: upload.file,
          checker: declaration.checker(upload.mapping),
          existingAmong: (keys) => declaration.existingAmong(trx, storeId, keys, true),
          onRows: write,
        });
        // Thrown inside the transaction: it rolls back whatever the batches before the bad row wrote.
        if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
        return { created: outcome.rows - outcome.updates, updated: outcome.updates };
      }).catch((error: unknown) => {
        // A key a new row has was given to another record while the file was imported (PostgreSQL, between a batch's
        // lookup and its write): the unique index refused it and the whole import rolled back.
        throw isUniqueViolation(error) ? new HttpError(409, declaration.keyTaken) : error;
      });
    },
  };
}

export type RecordImport = ReturnType<typeof createRecordImport>;
