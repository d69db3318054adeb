import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb, type Db } from '../db';

export interface StockMismatch {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  /** What the product's movements add up to. */
  ledger: number;
  /** The quantity its newest movement says it was left at (null: no movement at all). */
  lastAfter: number | null;
}

/**
 * Every product whose ledger does not add up to its quantity, or whose newest movement does not end at it: a
 * stock change that bypassed the ledger, or a row edited by hand. One pass over the movements, grouped by product.
 */
export async function findStockMismatches(db: Db): Promise<StockMismatch[]> {
  const rows = await sql<{ id: string; name: string; sku: string; quantity: number; ledger: number | string | null; last_after: number | null }>`
    select p.id, p.name, p.sku, p.quantity, sums.ledger,
      (select m.quantity_after from stock_movements m where m.product_id = p.id order by m.id desc limit 1) as last_after
    from products p
    left join (select product_id, sum(change) as ledger from stock_movements group by product_id) sums on sums.product_id = p.id
    where p.store_id is not null
      and (sums.ledger is null or sums.ledger <> p.quantity
        or (select m.quantity_after from stock_movements m where m.product_id = p.id order by m.id desc limit 1) <> p.quantity)
    order by p.name`.execute(db);
  return rows.rows.map((row) => ({
    productId: row.id,
    name: row.name,
    sku: row.sku,
    quantity: Number(row.quantity),
    ledger: Number(row.ledger ?? 0),
    lastAfter: row.last_after === null ? null : Number(row.last_after),
  }));
}

/** `npm run check:stock`: 0 when every product's ledger adds up, 1 naming the products when some do not. */
export async function checkStock(config: Config, options: { db?: Db } = {}): Promise<{ checked: number; mismatches: StockMismatch[] }> {
  const db = options.db ?? createDb(config.database);
  try {
    const mismatches = await findStockMismatches(db);
    const { n } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { checked: Number(n), mismatches };
  } finally {
    if (!options.db) await db.destroy();
  }
}
