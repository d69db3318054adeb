import type { Kysely } from 'kysely';
import type { Database } from '../../db';

/**
 * The store's products named by any of `skus` (at most a thousand at a time), read through the SKU index of
 * migration 0010: an import looks its rows up by SKU, and the lookup costs the same in a store of a million products.
 */
export function productsBySku(db: Kysely<Database>, storeId: string, skus: readonly string[]) {
  return db.selectFrom('products').where('store_id', '=', storeId).where('sku', 'in', skus);
}
