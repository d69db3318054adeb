import {
  can,
  createSupplierImportChecker,
  forbiddenMessage,
  newSupplierValues,
  parseSupplierImportMapping,
  SUPPLIER_EXPORT_COLUMNS,
  supplierNameKey,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, newUuid, notifyMockDbChange, stampChange, type StoredSupplier, suppliersOf } from '../db';
import { api, errorResponse } from '../http';
import { requireStore } from '../store-auth';
import { csvResponse } from './import-export';
import { readRecordImport } from './record-csv';

/** The suppliers CSV routes with the server's rules (features/import-export supplier-routes.ts): rows matched by name. */
export const supplierCsvHandlers = [
  http.post(api('/suppliers/import'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:create');
    if (!auth.ok) return auth.response;
    if (!can(auth.role, 'suppliers:update')) return errorResponse(403, forbiddenMessage(auth.role, 'suppliers:update'));
    const read = await readRecordImport(request, parseSupplierImportMapping, createSupplierImportChecker);
    if (!read.ok) return read.response;
    const storeId = auth.store._id;
    const byName = new Map<string, StoredSupplier>(suppliersOf(storeId).map((supplier) => [supplierNameKey(supplier.name), supplier]));
    const matched = (key: string | null) => (key === null ? undefined : byName.get(key));
    const updated = read.rows.filter((row) => matched(row.matchKey) !== undefined).length;
    const counts = { created: read.rows.length - updated, updated };
    if (read.dryRun) return HttpResponse.json({ ...counts, encoding: read.encoding, delimiter: read.delimiter });
    const at = new Date().toISOString();
    for (const row of read.rows) {
      const current = matched(row.matchKey);
      if (current) {
        Object.assign(current, row.values);
        stampChange(current, auth.actor, at);
        continue;
      }
      mockDb.suppliers.push({ _id: newUuid(), ...newSupplierValues(row), archivedAt: null, createdAt: at, updatedAt: at, storeId, version: 1, creator: auth.actor, changer: auth.actor });
    }
    notifyMockDbChange();
    return HttpResponse.json(counts);
  }),

  http.get(api('/suppliers/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'suppliers:read');
    if (!auth.ok) return auth.response;
    return csvResponse(request, 'suppliers', SUPPLIER_EXPORT_COLUMNS, () => suppliersOf(auth.store._id));
  }),
];
