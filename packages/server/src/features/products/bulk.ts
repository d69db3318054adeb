import {
  BULK_LIMIT,
  bulkSizeRefusal,
  can,
  forbiddenMessage,
  MESSAGES,
  type Permission,
  type ProductBulkBody,
  type ProductBulkResult,
  type ProductListQuery,
} from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import { matchingProductIds } from '../../list-query';
import type { StoreContext } from '../../stores/access';
import { changedBy } from '../../stores/audit';
import { resolveCategoryName } from '../../categories/resolve';
import { editedColumns } from './edited-columns';
import { lockedProducts, removeLocked } from './removal';

/** What each bulk action needs of the caller's role (the route itself asks for the edit permission). */
const PERMISSION: Record<ProductBulkBody['action'], Permission> = {
  'set-category': 'catalogue:update',
  archive: 'catalogue:delete',
};

export interface BulkDeps {
  db: Db;
  now: () => Date;
  removeImage: (name: string | null) => Promise<void>;
}

/**
 * POST /api/products/bulk (docs/decisions/0033-archived-products-and-bulk-actions.md): one action on the products named
 * by ids or by a list query, all or nothing in one transaction. The products are locked first, in id order (the lock
 * order of 0023, as every order write takes its product), then written; the counters last, by their triggers.
 */
export function createProductBulk({ db, now, removeImage }: BulkDeps) {
  return async function bulk(store: StoreContext, body: ProductBulkBody): Promise<ProductBulkResult> {
    const permission = PERMISSION[body.action];
    if (!can(store.role, permission)) throw new HttpError(403, forbiddenMessage(store.role, permission));
    const { storeId, actor } = store;
    const result = await writeTransaction(db, async (trx) => {
      // One more than the cap, to know when a query names too many.
      const ids = body.ids
        ? [...new Set(body.ids)]
        : await matchingProductIds(trx, storeId, { ...body.matching, sort: 'createdAt', limit: 1, skip: 0 } as ProductListQuery, BULK_LIMIT + 1);
      const refusal = bulkSizeRefusal(ids.length);
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      const at = now();
      // The store's spelling of the category written (0032), before the products: the lock order of categories/resolve.ts.
      const category = body.action === 'set-category' ? await resolveCategoryName(trx, storeId, body.category!, at) : undefined;
      const rows = await lockedProducts(trx, storeId, ids);
      // An id that is not one of the store's products (or was deleted meanwhile): nothing changes.
      if (rows.length !== ids.length) throw new HttpError(404, MESSAGES.productNotFound);
      if (body.action === 'archive') {
        return { kind: 'archive' as const, removed: await removeLocked(trx, storeId, rows, actor, at) };
      }
      // Set the category through the columns an edit writes (edited-columns.ts), stamped and versioned as an edit is.
      const changing = rows.filter((row) => row.category !== category).map((row) => row.id);
      for (let start = 0; start < changing.length; start += 500) {
        await trx
          .updateTable('products')
          .set((eb) => ({ ...editedColumns({ category }), ...changedBy(actor, at), version: eb('version', '+', 1) }))
          .where('store_id', '=', storeId)
          .where('id', 'in', changing.slice(start, start + 500))
          .execute();
      }
      return { kind: 'set-category' as const, categorised: changing.length };
    });
    if (result.kind === 'set-category') return { message: MESSAGES.bulkCategoryChanged(result.categorised), changed: result.categorised };
    const { removed } = result;
    for (const image of removed.images) await removeImage(image);
    return {
      message: MESSAGES.bulkArchived(removed.archived.length, removed.deleted.length),
      changed: removed.changed,
      archived: removed.archived,
      deleted: removed.deleted,
    };
  };
}
