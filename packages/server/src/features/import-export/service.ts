import { type ImportErrorsAnswer, type ImportResult } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import type { StoreContext } from '../../stores/access';
import { parseImport } from './parse';
import type { ImportUpload } from './upload';
import { writeImport } from './write';

export interface ImportServiceOptions {
  db: Db;
  /** The product API's description sanitizer (features/products), handed over by app.ts. */
  sanitize: (html: string) => string;
  now?: () => Date;
}

/** 422: the file's rows do not all pass; nothing was written. */
export class ImportRejected extends Error {
  constructor(readonly answer: ImportErrorsAnswer) {
    super(answer.message);
    this.name = 'ImportRejected';
  }
}

/**
 * The catalogue from a CSV file: every row checked first (streamed; see parse.ts), then all of them written in one
 * transaction, or none (docs/decisions/0017-csv-import-export.md).
 */
export function createImportService({ db, sanitize, now = () => new Date() }: ImportServiceOptions) {
  /** The SKUs of the store, for telling updates from new products while the file streams. */
  async function storeSkus(storeId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('products').select('sku').where('store_id', '=', storeId).execute();
    return new Set(rows.map((row) => row.sku));
  }

  return {
    async run(store: StoreContext, upload: ImportUpload, dryRun: boolean): Promise<ImportResult> {
      const skus = await storeSkus(store.storeId);
      const outcome = await parseImport({
        file: upload.file,
        mapping: upload.mapping,
        existing: (sku) => skus.has(sku),
        sanitize,
      });
      if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
      if (dryRun) {
        const updated = outcome.rows.filter((row) => row.sku !== undefined && skus.has(row.sku)).length;
        return { created: outcome.rows.length - updated, updated };
      }
      skus.clear();
      return writeTransaction(db, (trx) => writeImport(trx, store, outcome.rows, now()));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
