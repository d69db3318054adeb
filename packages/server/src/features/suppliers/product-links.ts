import { v7 as timeOrderedId } from 'uuid';
import {
  linkSupplierRefusal,
  MESSAGES,
  orderProductSuppliers,
  preferredOfNewLink,
  PRODUCT_SUPPLIER_DEFAULTS,
  type ProductSupplier,
  type ProductSupplierCreateBody,
  type ProductSupplierPutBody,
  toCents,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, Db } from '../../db';
import { lockProducts, writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { changedBy, createdBy } from '../../stores/audit';
import { clearPreferred, linksOf, productsWithPreferred } from '../../suppliers/links';

export interface ProductLinkServiceOptions {
  db: Db;
  now?: () => Date;
}

type LinkFields = Omit<ProductSupplierPutBody, never>;

/** The link's columns of the fields sent (cost in cents). */
function linkColumns(fields: LinkFields) {
  return {
    ...(fields.partNumber === undefined ? {} : { part_number: fields.partNumber }),
    ...(fields.packSize === undefined ? {} : { pack_size: fields.packSize }),
    ...(fields.lastCost === undefined ? {} : { last_cost_cents: fields.lastCost === null ? null : toCents(fields.lastCost) }),
  };
}

/**
 * A product's suppliers (docs/decisions/0037-suppliers.md). Each write is one transaction that takes the product's
 * row first (the lock order of 0023: products, then the supplier `for key share`, then the links), so two requests
 * changing one product's suppliers run one after the other: setting one preferred takes the flag from the other in
 * that transaction, and the database's partial unique index holds whatever path writes. The supplier's key-share lock
 * waits for (and is waited for by) a deletion of the supplier, which counts links under its own lock: a link is
 * never made to a supplier being deleted, and an archived one gets no new link (the contract's linkSupplierRefusal).
 */
export function createProductLinkService({ db, now = () => new Date() }: ProductLinkServiceOptions) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const productNotFound = () => new HttpError(404, MESSAGES.productNotFound);

  /** The product locked (PostgreSQL; SQLite's write lock is the database's), or 404. */
  async function lockProduct(trx: Kysely<Database>, storeId: string, productId: string): Promise<void> {
    await lockProducts(trx, storeId, [productId]);
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
    if (!product) throw productNotFound();
  }

  /** The link, as its product's list answers it. */
  async function linkAnswer(trx: Kysely<Database>, storeId: string, productId: string, supplierId: string): Promise<ProductSupplier> {
    const found = (await linksOf(trx, storeId, { productId })).find(({ link }) => link.supplier._id === supplierId);
    return found!.link;
  }

  /** A new link to a supplier of the store who is not archived (locked `for key share` until the commit). */
  async function addLink(trx: Kysely<Database>, store: StoreContext, productId: string, supplierId: string, fields: LinkFields, existsMessage: boolean) {
    const { storeId } = store;
    let supplierQuery = trx.selectFrom('suppliers').select(['id', 'name', 'archived_at']).where('id', '=', supplierId).where('store_id', '=', storeId);
    if (postgres) supplierQuery = supplierQuery.forKeyShare();
    const supplier = await supplierQuery.executeTakeFirst();
    const refusal = linkSupplierRefusal(supplier ? { name: supplier.name, archivedAt: supplier.archived_at } : null);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    if (existsMessage) {
      const existing = await trx.selectFrom('product_suppliers').select('id').where('product_id', '=', productId).where('supplier_id', '=', supplierId).executeTakeFirst();
      if (existing) throw new HttpError(409, MESSAGES.productSupplierExists(supplier!.name));
    }
    const at = now();
    const preferred = preferredOfNewLink(fields.preferred, (await productsWithPreferred(trx, storeId, [productId])).has(productId));
    if (preferred) await clearPreferred(trx, storeId, [productId], store.actor, at);
    const row = {
      id: timeOrderedId(),
      store_id: storeId,
      product_id: productId,
      supplier_id: supplierId,
      part_number: PRODUCT_SUPPLIER_DEFAULTS.partNumber,
      pack_size: PRODUCT_SUPPLIER_DEFAULTS.packSize,
      last_cost_cents: PRODUCT_SUPPLIER_DEFAULTS.lastCost,
      ...linkColumns(fields),
      preferred: preferred ? 1 : 0,
      ...createdBy(store.actor, at),
    };
    await trx.insertInto('product_suppliers').values(row).execute();
  }

  return {
    /** The product's suppliers: the preferred one first, then by name. */
    async list(storeId: string, productId: string): Promise<ProductSupplier[]> {
      const product = await db.selectFrom('products').select('id').where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
      if (!product) throw productNotFound();
      return orderProductSuppliers((await linksOf(db, storeId, { productId })).map(({ link }) => link));
    },

    /** POST: a new link (409 when the supplier is already one of the product's). */
    async create(store: StoreContext, productId: string, body: ProductSupplierCreateBody): Promise<ProductSupplier> {
      const { supplierId, ...fields } = body;
      return writeTransaction(db, async (trx) => {
        await lockProduct(trx, store.storeId, productId);
        await addLink(trx, store, productId, supplierId, fields, true);
        return linkAnswer(trx, store.storeId, productId, supplierId);
      });
    },

    /** PUT: the link made (as POST) when there is none, else the fields sent changed. */
    async put(store: StoreContext, productId: string, supplierId: string, body: ProductSupplierPutBody): Promise<ProductSupplier> {
      const { storeId } = store;
      return writeTransaction(db, async (trx) => {
        await lockProduct(trx, storeId, productId);
        const existing = await trx
          .selectFrom('product_suppliers')
          .select(['id', 'preferred'])
          .where('product_id', '=', productId)
          .where('supplier_id', '=', supplierId)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
        if (!existing) {
          await addLink(trx, store, productId, supplierId, body, false);
          return linkAnswer(trx, storeId, productId, supplierId);
        }
        const at = now();
        if (body.preferred === true) await clearPreferred(trx, storeId, [productId], store.actor, at, supplierId);
        const changes = { ...linkColumns(body), ...(body.preferred === undefined ? {} : { preferred: body.preferred ? 1 : 0 }), ...changedBy(store.actor, at) };
        await trx.updateTable('product_suppliers').set(changes).where('id', '=', existing.id).execute();
        return linkAnswer(trx, storeId, productId, supplierId);
      });
    },

    /** DELETE: the link goes (404 when there is none); the supplier stays. */
    async remove(store: StoreContext, productId: string, supplierId: string): Promise<void> {
      const { storeId } = store;
      await writeTransaction(db, async (trx) => {
        await lockProduct(trx, storeId, productId);
        const removed = await trx
          .deleteFrom('product_suppliers')
          .where('product_id', '=', productId)
          .where('supplier_id', '=', supplierId)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw new HttpError(404, MESSAGES.productSupplierNotFound);
      });
    },
  };
}

export type ProductLinkService = ReturnType<typeof createProductLinkService>;
