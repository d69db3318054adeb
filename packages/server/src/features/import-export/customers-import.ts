import { asciiLower } from '../../db/ascii-lower';
import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_IMPORT_MESSAGES,
  type CustomerImportCheck,
  type CustomerImportResult,
  newCustomerValues,
} from '@inventory/contract';
import type { Kysely } from 'kysely';
import { type Database, type Db, isUniqueViolation } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { changedBy, createdBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';
import { type MatchedCustomerRow, parseCustomerImport } from './customers-parse';
import { ImportRejected } from './service';
import type { CustomerImportUpload } from './upload';

/** The store's customers whose emails have these match keys (the unique index of migration 0022): key to id. */
async function customersByEmail(reader: Kysely<Database>, storeId: string, keys: string[], lock: boolean): Promise<ReadonlyMap<string, string>> {
  if (keys.length === 0) return new Map();
  const key = asciiLower(reader, 'email');
  let query = reader.selectFrom('customers').select(['id', key.as('key')]).where('store_id', '=', storeId).where("email", '<>', '').where(key, 'in', keys);
  if (lock && isPostgres(reader)) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key, row.id]));
}

export interface CustomerImportOptions {
  db: Db;
  now?: () => Date;
}

/**
 * Customers from a CSV file (docs/decisions/0035-customers.md): checked as the file streams in, written a batch at a
 * time in one transaction that commits only once the last row has passed (the catalogue import's way, 0017). A row
 * whose email names a customer of the store updates the fields the file maps; any other row is a new customer. A dry
 * run checks and counts, and writes nothing.
 */
export function createCustomerImport({ db, now = () => new Date() }: CustomerImportOptions) {
  return {
    async run(store: StoreContext, upload: CustomerImportUpload, { dryRun }: { dryRun: boolean }): Promise<CustomerImportResult | CustomerImportCheck> {
      const { storeId } = store;
      if (dryRun) {
        const outcome = await parseCustomerImport({
          file: upload.file,
          mapping: upload.mapping,
          existingAmong: (keys) => customersByEmail(db, storeId, keys, false),
          onRows: () => Promise.resolve(),
        });
        if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
        return { created: outcome.rows - outcome.updates, updated: outcome.updates, encoding: outcome.encoding, delimiter: outcome.delimiter };
      }
      return writeTransaction(db, async (trx) => {
        await lockStore(trx, storeId);
        const at = now();
        const write = async (rows: MatchedCustomerRow[]) => {
          const created = rows.filter((row) => row.id === undefined);
          if (created.length > 0) {
            const newRows = created.map((row) => {
              const values = newCustomerValues(row);
              return {
                id: randomUUID(),
                store_id: storeId,
                name: values.name,
                company: values.company,
                email: values.email,
                phone: values.phone,
                billing_address: values.billingAddress,
                shipping_address: values.shippingAddress,
                tax_id: values.taxId,
                notes: values.notes,
                archived_at: null,
                ...createdBy(store.actor, at),
                version: 1,
              };
            });
            await trx.insertInto('customers').values(newRows).execute();
          }
          for (const row of rows) {
            if (row.id === undefined) continue;
            const { values } = row;
            await trx
              .updateTable('customers')
              .set((eb) => ({
                ...(values.name === undefined ? {} : { name: values.name }),
                ...(values.company === undefined ? {} : { company: values.company }),
                ...(values.email === undefined ? {} : { email: values.email }),
                ...(values.phone === undefined ? {} : { phone: values.phone }),
                ...(values.billingAddress === undefined ? {} : { billing_address: values.billingAddress }),
                ...(values.shippingAddress === undefined ? {} : { shipping_address: values.shippingAddress }),
                ...(values.taxId === undefined ? {} : { tax_id: values.taxId }),
                ...(values.notes === undefined ? {} : { notes: values.notes }),
                ...changedBy(store.actor, at),
                version: eb('version', '+', 1),
              }))
              .where('id', '=', row.id)
              .where('store_id', '=', storeId)
              .execute();
          }
        };
        const outcome = await parseCustomerImport({
          file: upload.file,
          mapping: upload.mapping,
          existingAmong: (keys) => customersByEmail(trx, storeId, keys, true),
          onRows: write,
        });
        // Thrown inside the transaction: it rolls back whatever the batches before the bad row wrote.
        if (!outcome.ok) throw new ImportRejected({ message: outcome.message, errors: outcome.errors });
        return { created: outcome.rows - outcome.updates, updated: outcome.updates };
      }).catch((error: unknown) => {
        // An email a new row has was given to another customer while the file was imported (PostgreSQL, between a
        // batch's lookup and its write): the unique index refused it and the whole import rolled back.
        throw isUniqueViolation(error) ? new HttpError(409, CUSTOMER_IMPORT_MESSAGES.emailTaken) : error;
      });
    },
  };
}

export type CustomerImport = ReturnType<typeof createCustomerImport>;
