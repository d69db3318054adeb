import { randomUUID } from 'node:crypto';
import { createSupplierImportChecker, newSupplierValues, SUPPLIER_IMPORT_MESSAGES, type SupplierFields, type SupplierImportMapping } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { changedBy, createdBy } from '../../stores/audit';
import { suppliersByName } from '../../suppliers/links';
import { supplierColumns } from '../../suppliers/mapping';
import { createRecordImport } from './record-import';

/** The store's suppliers of these name keys (the unique index of migration 0030), locked on PostgreSQL: key to id. */
async function suppliersAmong(reader: Kysely<Database>, storeId: string, keys: string[], lock: boolean): Promise<ReadonlyMap<string, string>> {
  const found = await suppliersByName(reader, storeId, keys);
  if (lock && isPostgres(reader) && found.size > 0)
    await reader.selectFrom('suppliers').select('id').where('id', 'in', [...found.values()].map((s) => s.id)).forUpdate().execute();
  return new Map([...found].map(([key, supplier]) => [key, supplier.id]));
}

/**
 * Suppliers from a CSV file (docs/decisions/0037-suppliers.md), by the shared record import (record-import.ts): a
 * row whose name names a supplier of the store (whatever its case, archived ones too, who stay archived) updates the
 * fields the file maps; any other row is a new supplier.
 */
export function createSupplierImport({ db, now }: { db: Db; now?: () => Date }) {
  return createRecordImport<Partial<SupplierFields>, SupplierImportMapping>(
    {
      checker: createSupplierImportChecker,
      existingAmong: suppliersAmong,
      async insert(trx, rows, store, at) {
        const newRows = rows.map((row) => {
          const values = newSupplierValues(row);
          return { id: randomUUID(), store_id: store.storeId, ...supplierColumns(values), name: values.name, archived_at: null, ...createdBy(store.actor, at), version: 1 };
        });
        await trx.insertInto('suppliers').values(newRows).execute();
      },
      async update(trx, row, store, at) {
        await trx
          .updateTable('suppliers')
          .set((eb) => ({ ...supplierColumns(row.values), ...changedBy(store.actor, at), version: eb('version', '+', 1) }))
          .where('id', '=', row.id)
          .where('store_id', '=', store.storeId)
          .execute();
      },
      keyTaken: SUPPLIER_IMPORT_MESSAGES.nameTaken,
    },
    { db, now },
  );
}

export type SupplierImport = ReturnType<typeof createSupplierImport>;
