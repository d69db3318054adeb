import { asciiLower } from '../../db/ascii-lower';
import { randomUUID } from 'node:crypto';
import {
  createCustomerImportChecker,
  CUSTOMER_IMPORT_MESSAGES,
  type CustomerFields,
  type CustomerImportMapping,
  newCustomerValues,
} from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { changedBy, createdBy } from '../../stores/audit';
import { customerColumns } from '../../customers/mapping';
import { createRecordImport } from './record-import';

/** The store's customers whose emails have these match keys (the unique index of migration 0022): key to id. */
async function customersByEmail(reader: Kysely<Database>, storeId: string, keys: string[], lock: boolean): Promise<ReadonlyMap<string, string>> {
  if (keys.length === 0) return new Map();
  const key = asciiLower(reader, 'email');
  let query = reader.selectFrom('customers').select(['id', key.as('key')]).where('store_id', '=', storeId).where("email", '<>', '').where(key, 'in', keys);
  if (lock && isPostgres(reader)) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key, row.id]));
}

/**
 * Customers from a CSV file (docs/decisions/0035-customers.md), by the shared record import (record-import.ts): a
 * row whose email names a customer of the store updates the fields the file maps; any other row is a new customer.
 */
export function createCustomerImport({ db, now }: { db: Db; now?: () => Date }) {
  return createRecordImport<Partial<CustomerFields>, CustomerImportMapping>(
    {
      checker: createCustomerImportChecker,
      existingAmong: customersByEmail,
      async insert(trx, rows, store, at) {
        const newRows = rows.map((row) => {
          const values = newCustomerValues(row);
          return { id: randomUUID(), store_id: store.storeId, ...customerColumns(values), name: values.name, archived_at: null, ...createdBy(store.actor, at), version: 1 };
        });
        await trx.insertInto('customers').values(newRows).execute();
      },
      async update(trx, row, store, at) {
        await trx
          .updateTable('customers')
          .set((eb) => ({ ...customerColumns(row.values), ...changedBy(store.actor, at), version: eb('version', '+', 1) }))
          .where('id', '=', row.id)
          .where('store_id', '=', store.storeId)
          .execute();
      },
      keyTaken: CUSTOMER_IMPORT_MESSAGES.emailTaken,
    },
    { db, now },
  );
}

export type CustomerImport = ReturnType<typeof createCustomerImport>;
