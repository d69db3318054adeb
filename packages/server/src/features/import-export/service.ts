import { type ImportErrorsAnswer, type ImportResult } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import type { StoreContext } from '../../stores/access';
import { parseImport } from './parse';
import { productsBySku } from './sku-lookup';
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
  /** Which of `skus` name products of the store (one indexed lookup; the store's other SKUs are never read). */
  async function existingAmong(storeId: string, skus: string[]): Promise<ReadonlySet<string>> {
    const rows = await productsBySku(db, storeId, skus).select('sku').execute();
    return new Set(rows.map((row) => row.sku));
  }

  return {
    async run(store: StoreContext, upload: ImportUpload, dryRun: boolean): Promise<ImportResult> {
      const outcome = await parseImport({
        file: upload.file,
        mapping: upload.mapping,
        existingAmong: (skus) => existingAmong(store.storeId, skus),
        sanitize,
      });
      if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
      if (dryRun) return { created: outcome.rows.length - outcome.updates, updated: outcome.updates };
      return writeTransaction(db, (trx) => writeImport(trx, store, outcome.rows, now()));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
