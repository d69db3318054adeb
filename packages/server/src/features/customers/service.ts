import { asciiLower } from '../../db/ascii-lower';
import { randomUUID } from 'node:crypto';
import {
  type Customer,
  type CustomerBody,
  type CustomerListQuery,
  customerOrderFigures,
  type CustomerRemoval,
  type CustomerUpdateBody,
  emailMatchKey,
  MESSAGES,
  type OrderStatus,
  type Page,
} from '@inventory/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import { type Database, type Db, isUniqueViolation } from '../../db';
import type { CustomersTable } from '../../db/types';
import { notAnIndexTerm } from '../../db/not-an-index-term';
import { writeTransaction } from '../../db/write-transaction';
import { archivableWrites } from '../../archivable-records';
import type { IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import { pageOfSource } from '../../list-query';
import type { StoreContext } from '../../stores/access';
import { auditOf, createdBy } from '../../stores/audit';
import { customerListSource } from './list-source';
import { customerColumns, toCustomer } from '../../customers/mapping';

export interface CustomerServiceOptions {
  db: Db;
  now?: () => Date;
}

/** A customer with the version its ETag names. */
export interface VersionedCustomer {
  customer: Customer;
  version: number;
}

/**
 * A store's customers (docs/decisions/0035-customers.md). Every write is one transaction; edits are written only at
 * the version read (ETag / If-Match, as products and orders). Deleting decides in its transaction, under the
 * customer's lock, whether orders name them (archivable-records.ts, the contract's customerRemoval): then they are
 * archived, else deleted;
 * an order placed meanwhile waits for that lock (features/orders/service.ts), so no order ever names a deleted
 * customer.
 */
export function createCustomerService({ db, now = () => new Date() }: CustomerServiceOptions) {
  const notFound = () => new HttpError(404, MESSAGES.customerNotFound);

  /**
   * Their orders by status, for the contract's figures: one index range of orders_customer_idx. SQLite took the
   * store's orders index for the store term (it covers the status too): 2.8 s for a customer of a million-order store.
   */
  async function figuresOf(reader: Kysely<Database>, storeId: string, id: string) {
    const groups = await reader
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('orders'), sql<number | string>`coalesce(sum(price_cents * quantity), 0)`.as('value')])
      .where('customer_id', '=', id)
      .where(sql<boolean>`${notAnIndexTerm(reader, 'store_id')} = ${storeId}`)
      .groupBy('status')
      .execute();
    return customerOrderFigures(groups.map((group) => ({ status: group.status as OrderStatus, orders: Number(group.orders), valueCents: Number(group.value) })));
  }

  /** A single-item answer: the customer, their orders' figures, who created and last changed them. */
  async function answer(reader: Kysely<Database>, row: Selectable<CustomersTable>): Promise<VersionedCustomer> {
    const [orders, audit] = await Promise.all([figuresOf(reader, row.store_id, row.id), auditOf(reader, row)]);
    return { customer: { ...toCustomer(row), orders, ...audit }, version: row.version };
  }

  /** An email another customer of the store has (the unique index refused the write): 409 naming that customer. */
  async function emailClash(storeId: string, email: string | undefined, error: unknown): Promise<never> {
    if (!isUniqueViolation(error) || !email) throw error;
    const holder = await db.selectFrom('customers').select(['name', 'email']).where('store_id', '=', storeId).where(asciiLower(db, 'email'), '=', emailMatchKey(email)).executeTakeFirst();
    if (!holder) throw error;
    throw Object.assign(new HttpError(409, MESSAGES.customerEmailTaken(holder.email, holder.name)), { cause: error });
  }

  const records = archivableWrites(
    db,
    {
      table: 'customers',
      notFound,
      answer,
      references: async (trx, _storeId, id) => (await trx.selectFrom('orders').select('id').where('customer_id', '=', id).limit(1).execute()).length,
    },
    now,
  );

  return {
    async get(storeId: string, id: string): Promise<VersionedCustomer> {
      const row = await records.findOwned(db, storeId, id);
      if (!row) throw notFound();
      return answer(db, row);
    },

    /** One page of the store's customers (list-source.ts). */
    async page(storeId: string, query: CustomerListQuery): Promise<Page<Customer>> {
      const { rows, ...page } = await pageOfSource<Selectable<CustomersTable>>(db, customerListSource(db, storeId, query), query);
      return { ...page, items: rows.map(toCustomer) };
    },

    /** The row and (with `remember`) the Idempotency-Key's answer, in one transaction. */
    async create(
      store: StoreContext,
      body: CustomerBody,
      remember?: (trx: Kysely<Database>, created: VersionedCustomer) => Promise<void>,
    ): Promise<VersionedCustomer> {
      const at = now();
      const newRow = {
        id: randomUUID(),
        store_id: store.storeId,
        ...customerColumns(body),
        name: body.name,
        archived_at: null,
        ...createdBy(store.actor, at),
        version: 1,
      };
      return writeTransaction(db, async (trx) => {
        const inserted = await trx.insertInto('customers').values(newRow).returningAll().executeTakeFirstOrThrow();
        const created = await answer(trx, inserted);
        await remember?.(trx, created);
        return created;
      }).catch((error: unknown) => emailClash(store.storeId, body.email, error));
    },

    /**
     * The fields sent change, at the version read: with If-Match a stale write is 409; without it, the write is tried
     * again on the newer version (last write wins).
     */
    update(store: StoreContext, id: string, body: CustomerUpdateBody, ifMatch: IfMatch): Promise<VersionedCustomer> {
      return records.update(store, id, customerColumns(body), ifMatch, (error) => emailClash(store.storeId, body.email, error));
    },

    /**
     * Delete a customer no order names, or archive one some order does (customerRemoval), decided under the
     * customer's row lock (archivable-records.ts): an order placed for them at the same moment either committed first
     * (then it is counted: archived) or waits and then finds them deleted or archived (and is refused).
     */
    remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<CustomerRemoval> {
      return records.remove(store, id, ifMatch);
    },

    /** An archived customer active again (an active one is answered as they are). */
    restore(store: StoreContext, id: string, ifMatch: IfMatch): Promise<VersionedCustomer> {
      return records.restore(store, id, ifMatch);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
