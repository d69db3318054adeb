import { identityKeys } from '@inventory/contract';
import type { Kysely, SelectExpression } from 'kysely';
import type { Database } from '../../db';
import { asciiLower } from '../../db/ascii-lower';
import { isPostgres } from '../../db/json-rows';

/**
 * The store's products named by any of `keys` (SKUs as the contract's `skuMatchKey` folds them, at most a thousand at
 * a time), read through the index of migrations 0016 and 0017 on the lowered SKU (0017's unique one on PostgreSQL): an import looks its rows up by SKU whatever
 * their ASCII case, and the lookup costs the same in a store of a million products. On PostgreSQL the SKU is lowered
 * in the "C" collation, which folds ASCII letters only, as `skuMatchKey` and SQLite's `lower()` do (and keeps the
 * lookup off the SKU's trigram index).
 */
export function productsBySku(db: Kysely<Database>, storeId: string, keys: readonly string[]) {
  return db.selectFrom('products').where('store_id', '=', storeId).where(asciiLower(db, 'sku'), 'in', keys);
}

/**
 * The store's products whose names match any of `keys` (the contract's `nameMatchKey`: ASCII letters lowered; names
 * are stored trimmed), for a dry run's likely duplicates, through the lowered name's index of migration 0006.
 */
export function productsByName(db: Kysely<Database>, storeId: string, keys: readonly string[]) {
  return db.selectFrom('products').where('store_id', '=', storeId).where(asciiLower(db, 'name'), 'in', keys);
}

type ProductColumn = SelectExpression<Database, 'products'>;
interface MatchedRow {
  id: string;
  sku: string;
  barcode: string | null;
  mpn: string | null;
  created_at: string;
}

/**
 * The store's products any of `keys` names (the contract's `identityKeys`: `s:` a SKU's key, `b:` a barcode, `m:` a
 * part number's key), each key to its product: one indexed lookup per kind of key (migrations 0016, 0017, 0018); of
 * products sharing a key (a part number), the oldest. `columns` are read too; `lock` locks the rows (PostgreSQL).
 */
export async function productsByKeys<Row extends MatchedRow>(
  db: Kysely<Database>,
  storeId: string,
  keys: readonly string[],
  columns: readonly ProductColumn[],
  lock = false,
): Promise<Map<string, Row>> {
  const postgres = isPostgres(db);
  const of = (prefix: string) => keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(2));
  const [skus, barcodes, mpns] = [of('s:'), of('b:'), of('m:')];
  const selected = [...new Set<ProductColumn>(['id', 'sku', 'barcode', 'mpn', 'created_at', ...columns])];
  const queries = [
    skus.length > 0 ? productsBySku(db, storeId, skus) : null,
    barcodes.length > 0 ? db.selectFrom('products').where('store_id', '=', storeId).where('barcode', 'in', barcodes) : null,
    mpns.length > 0 ? db.selectFrom('products').where('store_id', '=', storeId).where('mpn', 'is not', null).where(asciiLower(db, 'mpn'), 'in', mpns) : null,
  ];
  const found = new Map<string, Row>();
  const wanted = new Set(keys);
  for (const query of queries) {
    if (!query) continue;
    let select = query.select(selected);
    if (lock && postgres) select = select.forUpdate();
    for (const row of (await select.execute()) as unknown as Row[]) {
      // Sorted here, not in SQL: an ORDER BY would lead SQLite to walk the store's whole newest-first index.
      for (const key of identityKeys(row)) {
        if (!wanted.has(key)) continue;
        const seen = found.get(key);
        if (seen && (seen.created_at < row.created_at || (seen.created_at === row.created_at && seen.id < row.id))) continue;
        found.set(key, row);
      }
    }
  }
  return found;
}
