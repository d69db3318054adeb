import { MESSAGES, type ProductHistory, type ProductRemovalAnswer, removalOf, removalOutlook } from '@inventory/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, Db } from '../../db';
import type { ProductsTable } from '../../db/types';
import { lockProducts, writeTransaction } from '../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { Actor, StoreContext } from '../../stores/access';
import { changedBy } from '../../stores/audit';

/**
 * Deleting a product, which archives one with a history (docs/decisions/0033-archived-products-and-bulk-actions.md):
 * the history is read and the outcome written under the product's lock (PostgreSQL `for update`, taken first as every
 * order write takes it; SQLite's write lock), so an order placed at the same moment either committed first (then it is
 * counted: archived) or waits and then finds the product archived (409) or gone (400).
 */

type ProductRow = Selectable<ProductsTable>;

/** The histories of some products of a store: the orders naming each (on their row or a line) and its ledger rows. */
export async function historiesOf(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<Map<string, ProductHistory>> {
  const histories = new Map(ids.map((id) => [id, { orders: 0, movements: 0 }]));
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    // An order names a product on its own row (as SPEC.md sends it) or on its lines (0041): each order once.
    const orders = await trx
      .selectFrom((eb) =>
        eb
          .selectFrom('orders')
          .select(['product_id', 'id as order_id'])
          .where('store_id', '=', storeId)
          .where('product_id', 'in', chunk)
          .union(
            eb
              .selectFrom('order_lines')
              .select(['product_id', 'order_id'])
              .where('store_id', '=', storeId)
              .where('product_id', 'in', chunk),
          )
          .as('named'),
      )
      .select(['product_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('product_id')
      .execute();
    for (const row of orders) histories.get(row.product_id!)!.orders = Number(row.n);
    const movements = await trx
      .selectFrom('stock_movements')
      .select(['product_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('product_id', 'in', chunk)
      .groupBy('product_id')
      .execute();
    for (const row of movements) histories.get(row.product_id)!.movements = Number(row.n);
    // A purchase order naming the product is an order of it too (0042): the product is archived, its lines keep it.
    const purchases = await trx
      .selectFrom('purchase_order_lines')
      .select(['product_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('store_id', '=', storeId)
      .where('product_id', 'in', chunk)
      .groupBy('product_id')
      .execute();
    for (const row of purchases) histories.get(row.product_id!)!.orders += Number(row.n);
  }
  return histories;
}

/** Ids per statement: well within both databases' limits on bound parameters. */
const CHUNK = 500;

/** The store's products of `ids`, locked (in id order, the lock order of 0023) in `trx`. */
export async function lockedProducts(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<ProductRow[]> {
  await lockProducts(trx, storeId, [...ids]);
  const rows: ProductRow[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    rows.push(...(await trx.selectFrom('products').selectAll().where('store_id', '=', storeId).where('id', 'in', ids.slice(start, start + CHUNK)).execute()));
  }
  return rows;
}

/** What a removal did: the rows archived (now or before), those deleted with the images they named, how many it wrote. */
export interface Removed {
  archived: string[];
  deleted: string[];
  images: string[];
  changed: number;
}

/**
 * Archive or delete each of the locked `rows` by its history (`removalOf`), in `trx`. An archived product stays as it
 * is (it has a history, so deleting it again archives it again: nothing to write).
 */
export async function removeLocked(trx: Kysely<Database>, storeId: string, rows: readonly ProductRow[], actor: Actor, at: Date): Promise<Removed> {
  const histories = await historiesOf(trx, storeId, rows.map((row) => row.id));
  const removed: Removed = { archived: [], deleted: [], images: [], changed: 0 };
  const toArchive: string[] = [];
  for (const row of rows) {
    if (removalOf(histories.get(row.id)!) === 'delete') {
      removed.deleted.push(row.id);
      if (row.image_name) removed.images.push(row.image_name);
    } else {
      removed.archived.push(row.id);
      if (row.archived_at === null) toArchive.push(row.id);
    }
  }
  for (let start = 0; start < toArchive.length; start += CHUNK) {
    await trx
      .updateTable('products')
      .set((eb) => ({ archived_at: at.toISOString(), archived_by: actor.userId, ...changedBy(actor, at), version: eb('version', '+', 1) }))
      .where('store_id', '=', storeId)
      .where('id', 'in', toArchive.slice(start, start + CHUNK))
      .execute();
  }
  for (let start = 0; start < removed.deleted.length; start += CHUNK) {
    // No order names these (counted under their locks), so the foreign key's `set null` has nothing to change.
    await trx.deleteFrom('products').where('store_id', '=', storeId).where('id', 'in', removed.deleted.slice(start, start + CHUNK)).execute();
  }
  return { ...removed, changed: toArchive.length + removed.deleted.length };
}

export interface RemovalDeps {
  db: Db;
  now: () => Date;
  removeImage: (name: string | null) => Promise<void>;
}

export function createProductRemoval({ db, now, removeImage }: RemovalDeps) {
  const notFound = () => new HttpError(404, MESSAGES.productNotFound);

  /** The product locked in `trx`, checked against If-Match; 404 when it is not the store's. */
  async function lockedOne(trx: Kysely<Database>, storeId: string, id: string, ifMatch: IfMatch): Promise<ProductRow> {
    const [row] = await lockedProducts(trx, storeId, [id]);
    if (!row) throw notFound();
    checkIfMatch(ifMatch, row.version);
    return row;
  }

  return {
    /** What deleting the product would do now (the delete dialog asks before it asks the user). */
    async removal(storeId: string, id: string): Promise<ProductRemovalAnswer> {
      const found = await db.selectFrom('products').select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!found) throw notFound();
      const history = (await historiesOf(db, storeId, [id])).get(id)!;
      return removalOutlook(history);
    },

    /** DELETE /api/products/{id}: archived (it has a history) or deleted, decided and written under its lock. */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<'archived' | 'deleted'> {
      const removed = await writeTransaction(db, async (trx) => {
        const row = await lockedOne(trx, store.storeId, id, ifMatch);
        return removeLocked(trx, store.storeId, [row], store.actor, now());
      });
      // Only now that the row is gone does its image go.
      for (const image of removed.images) await removeImage(image);
      return removed.deleted.length > 0 ? 'deleted' : 'archived';
    },

    /** POST /api/products/{id}/restore: an archived product active again (an active one is answered as it is). */
    async restore(store: StoreContext, id: string, ifMatch: IfMatch): Promise<ProductRow> {
      return writeTransaction(db, async (trx) => {
        const row = await lockedOne(trx, store.storeId, id, ifMatch);
        if (row.archived_at === null) return row;
        const at = now();
        return trx
          .updateTable('products')
          .set({ archived_at: null, archived_by: null, ...changedBy(store.actor, at), version: sql<number>`version + 1` })
          .where('id', '=', id)
          .where('store_id', '=', store.storeId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },
  };
}

export type ProductRemovalService = ReturnType<typeof createProductRemoval>;
