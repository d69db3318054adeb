import {
  can,
  forbiddenMessage,
  type ImportCheck,
  type ImportErrorsAnswer,
  type ImportMapping,
  type ImportResult,
  importMappingRefusal,
  MESSAGES,
  type NumberFormat,
} from '@inventory/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { BackgroundJobs } from '../../background-jobs';
import { type Db, isUniqueViolation } from '../../db';
import { HttpError } from '../../http/errors';
import { writeTransaction } from '../../db/write-transaction';
import type { StoreContext } from '../../stores/access';
import { categoriesByKey } from '../../categories/resolve';
import { parseImport } from './parse';
import { suppliersByName } from '../../suppliers/links';
import { productsByKeys, productsByName } from './sku-lookup';
import type { ImportUpload } from './upload';
import { startImportWrite } from './write';

export interface ImportServiceOptions {
  db: Db;
  /** The product API's description sanitizer (features/products), handed over by app.ts. */
  sanitize: (html: string) => string;
  /** Where the statistics refresh after a large import runs, once the answer has gone. */
  jobs: BackgroundJobs;
  now?: () => Date;
}

/**
 * Rows an import writes from which PostgreSQL's statistics of products are refreshed afterwards. The planner reads a
 * store's size from them, and autovacuum refreshes them only once a tenth of the whole table has changed: a store of
 * 50,000 products imported into a table of a million still counted as a store of one row, so the next import's
 * lookups by SKU read the store's every row instead of the SKUs' index entries (9 s instead of 0.3 for 50,000 rows).
 */
export const ANALYZE_AFTER_ROWS = 1000;

/** 422: the file's rows do not all pass; nothing was written. */
export class ImportRejected extends Error {
  constructor(readonly answer: ImportErrorsAnswer) {
    super(answer.message);
    this.name = 'ImportRejected';
  }
}

/**
 * The catalogue from a CSV file: every row checked as the file streams in (parse.ts) and written a batch at a time in
 * one transaction, which commits only once the last row has passed; a file with a bad row rolls back and writes
 * nothing (docs/decisions/0017-csv-import-export.md). A dry run checks and counts, and writes nothing.
 */
export function createImportService({ db, sanitize, jobs, now = () => new Date() }: ImportServiceOptions) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /**
   * Which products of the store `keys` name (the contract's `identityKeys`: SKU, barcode, part number; indexed lookups,
   * the store's other products are never read): key to product id.
   */
  async function existingAmong(storeId: string, keys: string[]): Promise<ReadonlyMap<string, string>> {
    if (keys.length === 0) return new Map();
    const found = await productsByKeys(db, storeId, keys, []);
    return new Map([...found].map(([key, product]) => [key, product.id]));
  }
  const rejected = (outcome: { message: string; errors: ImportErrorsAnswer['errors'] }) =>
    new ImportRejected({ message: outcome.message, errors: outcome.errors });
  /** A file with a Supplier column makes and edits suppliers' links (and suppliers): the role must allow both (0037). */
  const mayWriteSuppliers = (store: StoreContext) => {
    for (const permission of ['suppliers:create', 'suppliers:update'] as const)
      if (!can(store.role, permission)) throw new HttpError(403, forbiddenMessage(store.role, permission));
  };

  return {
    /**
     * Import the file, or (`dryRun`) check it and tell what would happen and how it was read. `numberFormat`: how its
     * numbers are written (absent: plain digits with a decimal point).
     */
    async run(
      store: StoreContext,
      upload: ImportUpload,
      { dryRun, numberFormat = null }: { dryRun: boolean; numberFormat?: NumberFormat | null },
    ): Promise<ImportResult | ImportCheck> {
      const read = {
        file: upload.file,
        mapping: upload.mapping,
        numberFormat,
        sanitize,
        // A column for the cost from a role that may not set it refuses the file, the dry run too (0031).
        refusal: (mapping: ImportMapping) => importMappingRefusal(store.role, mapping),
      };
      if (dryRun) {
        const outcome = await parseImport({
          ...read,
          existingAmong: (keys) => existingAmong(store.storeId, keys),
          namedAmong: (keys) => productsByName(db, store.storeId, keys).select(['name', 'sku']).execute(),
          categoriesAmong: (keys) => categoriesByKey(db, store.storeId, keys),
          onRows: () => Promise.resolve(),
          suppliersAmong: (keys) => suppliersByName(db, store.storeId, keys),
          onSupplierColumns: () => mayWriteSuppliers(store),
        });
        if (!outcome.ok) throw rejected(outcome);
        return {
          created: outcome.rows - outcome.updates,
          updated: outcome.updates,
          encoding: outcome.encoding,
          delimiter: outcome.delimiter,
          numberFormat,
          likelyDuplicates: outcome.likelyDuplicates,
          likelyDuplicateCount: outcome.likelyDuplicateCount,
          categories: outcome.categories,
          categoriesMapped: outcome.categoriesMapped,
          categoriesCreated: outcome.categoriesCreated,
          ...(outcome.suppliers ? { suppliers: outcome.suppliers } : {}),
        };
      }
      const result = await writeTransaction(db, async (trx) => {
        const write = await startImportWrite(trx, store, now());
        const outcome = await parseImport({
          ...read,
          existingAmong: write.lookUp,
          onRows: write.write,
          suppliersAmong: write.lookUpSuppliers,
          onSupplierColumns: (mapped) => {
            mayWriteSuppliers(store);
            write.supplierColumns(mapped);
          },
        });
        // Thrown inside the transaction: it rolls back whatever the batches before the bad row wrote.
        if (!outcome.ok) throw rejected(outcome);
        const written = await write.finish();
        if (!outcome.suppliers) return written;
        const { newNames: _names, ...suppliers } = outcome.suppliers;
        return { ...written, suppliers };
      }).catch((error: unknown) => {
        // A SKU or barcode a row writes is another product's: the barcode of another product than the one the row
        // matches (by SKU first), or taken meanwhile (on PostgreSQL, between a batch's lookup and its write). The
        // unique index refused it and the whole import rolled back.
        throw isUniqueViolation(error) ? new HttpError(409, MESSAGES.importCodeTaken) : error;
      });
      if (postgres && result.created + result.updated >= ANALYZE_AFTER_ROWS)
        jobs.run('refresh the statistics of products after an import', async () => {
          await sql`analyze products`.execute(db);
        });
      return result;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
