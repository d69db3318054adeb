import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type Page,
  type ProductSupplier,
  type Removal,
  type Supplier,
  type SupplierBody,
  type SupplierListQuery,
  supplierNameKey,
  type SupplierProductsQuery,
  type SupplierUpdateBody,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { archivableWrites } from '../../archivable-records';
import { type Database, type Db, isUniqueViolation } from '../../db';
import type { ProductSuppliersTable, SuppliersTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import type { IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import { type ListSource, pageOfSource } from '../../list-query';
import type { StoreContext } from '../../stores/access';
import { auditOf, createdBy } from '../../stores/audit';
import { linksOf } from '../../suppliers/links';
import { supplierColumns, toSupplier } from '../../suppliers/mapping';
import { supplierListSource } from './list-source';

export interface SupplierServiceOptions {
  db: Db;
  now?: () => Date;
}

/** A supplier with the version its ETag names. */
export interface VersionedSupplier {
  supplier: Supplier;
  version: number;
}

/**
 * A supplier's products, the links made last first, as a keyset source (list-query.ts): one range of
 * `product_suppliers_supplier_idx` (`supplier_id, created_at, id`, migration 0030) at any depth, counted exactly.
 */
function supplierProductsSource(db: Db, storeId: string, id: string): ListSource {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const where = sql`supplier_id = ${id} and store_id = ${storeId}`;
  return {
    table: 'product_suppliers',
    key: sql`created_at`,
    numeric: false,
    parts: () => [{ hint: postgres ? sql`` : sql` indexed by product_suppliers_supplier_idx`, where }],
    where: () => where,
    exactTotal: async () => countLinks(db, storeId, id),
    countUpToCap: () => Promise.reject(new Error('a supplier’s products are counted exactly')),
  };
}

/** How many products name the supplier (one range of product_suppliers_supplier_idx). */
async function countLinks(reader: Kysely<Database>, storeId: string, id: string): Promise<number> {
  const counted = await reader
    .selectFrom('product_suppliers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('supplier_id', '=', id)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(counted?.n ?? 0);
}

/** How many purchase orders name the supplier (0042: one range of purchase_orders_supplier_idx). */
async function countPurchaseOrders(reader: Kysely<Database>, storeId: string, id: string): Promise<number> {
  const counted = await reader
    .selectFrom('purchase_orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('supplier_id', '=', id)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(counted?.n ?? 0);
}

/**
 * A store's suppliers (docs/decisions/0037-suppliers.md). Every write is one transaction; edits are written only at
 * the version read (ETag / If-Match). Deleting decides under the supplier's lock whether products name them
 * (archivable-records.ts, the contract's supplierRemoval): then they are archived, else deleted; a link made meanwhile
 * takes that lock too (suppliers/links.ts), so no link ever names a deleted supplier.
 */
export function createSupplierService({ db, now = () => new Date() }: SupplierServiceOptions) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const notFound = () => new HttpError(404, MESSAGES.supplierNotFound);

  /** A single-item answer: the supplier, how many products name them, who created and last changed them. */
  async function answer(reader: Kysely<Database>, row: Selectable<SuppliersTable>): Promise<VersionedSupplier> {
    const [products, audit] = await Promise.all([countLinks(reader, row.store_id, row.id), auditOf(reader, row)]);
    return { supplier: { ...toSupplier(row), products, ...audit }, version: row.version };
  }

  /** A name another supplier of the store has (the unique index refused the write): 409 naming that supplier. */
  async function nameClash(storeId: string, name: string | undefined, error: unknown): Promise<never> {
    if (!isUniqueViolation(error) || !name) throw error;
    const key = postgres ? sql<string>`lower(name collate "C")` : sql<string>`lower(name)`;
    const holder = await db.selectFrom('suppliers').select('name').where('store_id', '=', storeId).where(key, '=', supplierNameKey(name)).executeTakeFirst();
    if (!holder) throw error;
    throw Object.assign(new HttpError(409, MESSAGES.supplierNameTaken(holder.name)), { cause: error });
  }

  // Products and purchase orders name a supplier: either keeps them (archived), so an order's supplier never goes.
  const references = async (reader: Kysely<Database>, storeId: string, id: string) =>
    (await countLinks(reader, storeId, id)) + (await countPurchaseOrders(reader, storeId, id));
  const records = archivableWrites(db, { table: 'suppliers', notFound, answer, references }, now);

  return {
    async get(storeId: string, id: string): Promise<VersionedSupplier> {
      const row = await records.findOwned(db, storeId, id);
      if (!row) throw notFound();
      return answer(db, row);
    },

    /** One page of the store's suppliers (list-source.ts). */
    async page(storeId: string, query: SupplierListQuery): Promise<Page<Supplier>> {
      const { rows, ...page } = await pageOfSource<Selectable<SuppliersTable>>(db, supplierListSource(db, storeId, query), query);
      return { ...page, items: rows.map(toSupplier) };
    },

    /** The row and (with `remember`) the Idempotency-Key's answer, in one transaction. */
    async create(
      store: StoreContext,
      body: SupplierBody,
      remember?: (trx: Kysely<Database>, created: VersionedSupplier) => Promise<void>,
    ): Promise<VersionedSupplier> {
      const at = now();
      const newRow = { id: randomUUID(), store_id: store.storeId, ...supplierColumns(body), name: body.name, archived_at: null, ...createdBy(store.actor, at), version: 1 };
      return writeTransaction(db, async (trx) => {
        const inserted = await trx.insertInto('suppliers').values(newRow).returningAll().executeTakeFirstOrThrow();
        const created = await answer(trx, inserted);
        await remember?.(trx, created);
        return created;
      }).catch((error: unknown) => nameClash(store.storeId, body.name, error));
    },

    /** The fields sent change, at the version read (archivable-records.ts). */
    update(store: StoreContext, id: string, body: SupplierUpdateBody, ifMatch: IfMatch): Promise<VersionedSupplier> {
      return records.update(store, id, supplierColumns(body), ifMatch, (error) => nameClash(store.storeId, body.name, error));
    },

    /** Delete a supplier no product names, or archive one that products name (archivable-records.ts). */
    remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<Removal> {
      return records.remove(store, id, ifMatch);
    },

    /** An archived supplier active again. */
    restore(store: StoreContext, id: string, ifMatch: IfMatch): Promise<VersionedSupplier> {
      return records.restore(store, id, ifMatch);
    },

    /** A page of the products that name the supplier (archived or not), the links made last first. */
    async products(storeId: string, id: string, query: SupplierProductsQuery): Promise<Page<ProductSupplier>> {
      if (!(await records.findOwned(db, storeId, id))) throw notFound();
      const { rows, ...page } = await pageOfSource<Selectable<ProductSuppliersTable>>(db, supplierProductsSource(db, storeId, id), {
        ...query,
        sort: 'createdAt',
        dir: 'desc',
      });
      const byId = new Map((await linksOf(db, storeId, { ids: rows.map((row) => row.id) })).map((link) => [link.id, link.link]));
      return { ...page, items: rows.map((row) => byId.get(row.id)!) };
    },
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
