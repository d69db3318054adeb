import type { Readable } from 'node:stream';
import { can, type ExportContext, exportFileName, exportQuerySchema, forbiddenMessage, type Permission, recordImportQuerySchema } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { HttpError, parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, type StoreContext, storeOf } from '../../stores/access';
import type { RecordImport } from './record-import';
import { ImportRejected } from './service';
import { readUpload, type Upload } from './upload';

export interface RecordCsvRoutesOptions<M> {
  /** The records' path under /api (`customers`): its `import` and `export` routes. */
  table: 'customers' | 'suppliers';
  permissions: { read: Permission; create: Permission; update: Permission };
  /** The `mapping` part's parser (the contract's, for these records' fields). */
  parseMapping: (text: string) => M | null;
  run: (store: StoreContext, upload: Upload<M>, options: { dryRun: boolean }) => ReturnType<RecordImport['run']>;
  exportFile: (db: Db, storeId: string, context: ExportContext) => Readable;
  access: StoreAccessDeps;
  db: Db;
  /** IMPORT_MAX_BYTES (config.ts). */
  maxBytes: number;
  now: () => Date;
}

/**
 * A store's records as CSV (customers 0035, suppliers 0037): POST /api/<records>/import (multipart `file`, optional
 * `mapping`, `?dryRun=1`) answers `{created, updated}` or 422 `{message, errors}` with nothing written, as the
 * catalogue's import; GET /api/<records>/export streams them by the one export rule.
 */
export async function recordCsvRoutes<M>(app: FastifyInstance, options: RecordCsvRoutesOptions<M>) {
  const { table, permissions, access, db, maxBytes, now } = options;
  // Importing creates and edits records: the role must allow both.
  app.post(`/api/${table}/import`, { preHandler: requireStore(access, permissions.create) }, async (request, reply) => {
    const store = storeOf(request);
    if (!can(store.role, permissions.update)) throw new HttpError(403, forbiddenMessage(store.role, permissions.update));
    const { dryRun } = parse(recordImportQuerySchema, request.query);
    const upload = await readUpload(request, maxBytes, options.parseMapping);
    try {
      return await options.run(store, upload, { dryRun: dryRun === '1' || dryRun === 'true' });
    } catch (error) {
      if (error instanceof ImportRejected) return reply.status(422).send(error.answer);
      throw error;
    } finally {
      await upload.discard();
    }
  });

  app.get(`/api/${table}/export`, { preHandler: requireStore(access, permissions.read) }, async (request, reply) => {
    const context = { timeZone: parse(exportQuerySchema, request.query).timeZone ?? 'UTC' };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(table, now(), context.timeZone)}"`)
      .header('cache-control', 'no-store')
      .send(options.exportFile(db, storeOf(request).storeId, context));
  });
}
