import { parseSupplierImportMapping, SUPPLIER_EXPORT_COLUMNS, type SupplierImportMapping } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import type { StoreAccessDeps } from '../../stores/access';
import { toSupplier } from '../../suppliers/mapping';
import { recordCsvRoutes } from './record-routes';
import { recordsCsv } from './records-export';
import type { SupplierImport } from './suppliers-import';

export interface SupplierCsvRoutesOptions {
  supplierImport: SupplierImport;
  access: StoreAccessDeps;
  db: Db;
  /** IMPORT_MAX_BYTES (config.ts). */
  maxBytes: number;
  now: () => Date;
}

/**
 * Suppliers as CSV (docs/decisions/0037-suppliers.md): POST /api/suppliers/import and GET /api/suppliers/export, by
 * the shared record CSV routes (record-routes.ts); rows matched by name.
 */
export async function supplierCsvRoutes(app: FastifyInstance, { supplierImport, ...options }: SupplierCsvRoutesOptions) {
  await recordCsvRoutes<SupplierImportMapping>(app, {
    ...options,
    table: 'suppliers',
    permissions: { read: 'suppliers:read', create: 'suppliers:create', update: 'suppliers:update' },
    parseMapping: parseSupplierImportMapping,
    run: supplierImport.run,
    exportFile: (db, storeId, context) => recordsCsv(db, 'suppliers', storeId, SUPPLIER_EXPORT_COLUMNS, toSupplier, context),
  });
}
