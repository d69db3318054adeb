import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../packages/server/src/db/types';

const CATEGORIES = ['Laptops', 'Monitors', 'Networking', 'Storage', 'Printers', 'Peripherals', 'Servers', 'Cables'];
const KINDS = ['Laptop', 'Monitor', 'Router', 'SSD', 'Printer', 'Keyboard', 'Server', 'Cable', 'Switch', 'Dock'];

/** Deterministic pseudo-random numbers (mulberry32), so every bench run seeds the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whose rows they are: the store they belong to, and the member who made them. */
export interface Owner {
  userId: string;
  storeId: string;
}

/**
 * Inserts `count` products of one store straight into the server's database, in batches inside one transaction (the
 * database's triggers keep the store's figures, category counts and search index as for any write), each with its
 * opening stock movement. Names carry a
 * 5-digit serial so a search can narrow keystroke by keystroke.
 */
export async function seedProducts(db: Kysely<Database>, { userId, storeId }: Owner, count: number, seed = 7): Promise<void> {
  const next = random(seed);
  const base = Date.parse('2025-01-01T00:00:00.000Z');
  const rows = Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length] ?? 'Item';
    const serial = String(Math.floor(next() * 100_000)).padStart(5, '0');
    const at = new Date(base + i * 60_000).toISOString();
    return {
      id: randomUUID(),
      user_id: userId,
      store_id: storeId,
      created_by_token: null,
      updated_by: userId,
      updated_by_token: null,
      name: `${kind} ${serial}`,
      sku: `SKU-${String(i).padStart(6, '0')}`,
      category: CATEGORIES[i % CATEGORIES.length] ?? 'Other',
      price_cents: 500 + Math.floor(next() * 250_000),
      quantity: Math.floor(next() * 40),
      reorder_point: i % 3 === 0 ? 5 : null,
      description: `<p>${kind} ${serial}: a bench product.</p>`,
      image_name: null,
      image_file_name: null,
      image_type: null,
      image_size: null,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx.insertInto('products').values(rows.slice(i, i + 500)).execute();
    }
    // Each product's opening stock movement, so the ledger adds up (`npm run check:stock`).
    await sql`
      insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, created_at)
      select store_id, id, quantity, quantity, 'opening', user_id, null, null, created_at from products p
      where store_id = ${storeId} and not exists (select 1 from stock_movements m where m.product_id = p.id)`.execute(trx);
  });
}
