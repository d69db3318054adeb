import { makeSku, skuMatchKey } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../../db';
import { isPostgres } from '../../db/json-rows';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import { type BatchColumns, type StockBatchEntry, writeStockBatch } from '../../stock/ledger';
import { createFigureChanges } from './figure-changes';
import type { ParsedRow } from './parse';
import { productsBySku } from './sku-lookup';

interface ExistingProduct {
  id: string;
  sku: string;
  name: string;
  category: string;
  price_cents: number;
  quantity: number;
  reorder_point: number | null;
  low_alerted: number;
  description: string;
  created_at: string;
}

/** The PostgreSQL triggers that update the store's one counter row per product written (see startImportWrite). */
const FIGURE_TRIGGERS = ['store_stats_product_changed', 'store_versions_products_changed'] as const;

/** The columns an import writes beside the stock (the ledger writes that): a new product's, and an update's. */
const COLUMNS: BatchColumns = {
  created: [
    { name: 'name', type: 'text' },
    { name: 'sku', type: 'text' },
    { name: 'category', type: 'text' },
    { name: 'price_cents', type: 'integer' },
    { name: 'description', type: 'text' },
  ],
  updated: [
    { name: 'name', type: 'text' },
    { name: 'category', type: 'text' },
    { name: 'price_cents', type: 'integer' },
    { name: 'description', type: 'text' },
  ],
};

/**
 * An import's writes in `trx` (one transaction), a batch of checked rows at a time as the file is read, so memory
 * holds one batch whatever the file's size (parse.ts). For each batch, `lookUp` first reads the store's products its
 * SKUs name (locked on PostgreSQL, so what another writer did meanwhile counts), then `write` updates those and
 * inserts the others, through the ledger's batch entry point (stock/ledger.ts `writeStockBatch`): every quantity change
 * is an `import` movement, reorder-point crossings are queued like any other stock change. Multi-row statements
 * throughout. A file with a bad row is written up to it, and the
 * caller then rolls the transaction back: nothing of it is ever seen.
 *
 * PostgreSQL: the triggers that keep the store's figures and list version (migrations 0005, 0006) update the store's
 * one counter row for every product written, and inside one transaction every update of a row adds a version the
 * next one walks past: 50,000 rows would cost minutes. So this transaction switches those two triggers off
 * (`alter table … disable trigger`, transactional: no other session ever sees them off; it takes a SHARE ROW
 * EXCLUSIVE lock, so other writers of products wait for the import while readers go on), and adds up what the rows
 * change in the store's figures itself (figure-changes.ts) until `finish` applies that and switches them on again.
 * SQLite runs its triggers (no row versions there).
 */
export async function startImportWrite(trx: Kysely<Database>, store: StoreContext, at: Date) {
  const postgres = isPostgres(trx);
  const { storeId, actor } = store;
  // The store first (stores/lock-store.ts): a store deleted meanwhile is 404, and one being deleted waits for this.
  await lockStore(trx, storeId);
  // Then, before any row lock: with the table lock taken, no other writer can be waiting on a row this one holds.
  if (postgres)
    for (const trigger of FIGURE_TRIGGERS)
      await sql`alter table products disable trigger ${sql.raw(trigger)}`.execute(trx);

  const figures = createFigureChanges();
  /** The products the current batch's SKUs name, by their `skuMatchKey`. */
  let existing = new Map<string, ExistingProduct>();
  let created = 0;
  let updated = 0;
  // Made SKUs follow the product API's rule (category prefix, a number); one millisecond apart, so none repeats.
  let madeAt = at.getTime();

  return {
    /**
     * Which of `keys` (one batch's SKUs, as `skuMatchKey` folds them) name products of the store; they are read for
     * `write`, and locked.
     */
    async lookUp(keys: string[]): Promise<ReadonlySet<string>> {
      existing = new Map();
      if (keys.length === 0) return new Set();
      let query = productsBySku(trx, storeId, keys).select([
        'id',
        'sku',
        'name',
        'category',
        'price_cents',
        'quantity',
        'reorder_point',
        'low_alerted',
        'description',
        'created_at',
      ]);
      if (postgres) query = query.forUpdate();
      for (const product of await query.execute()) {
        // Two products of one SKU (made before imports existed): the oldest is the one the import updates. (Sorted
        // here, not in SQL: an ORDER BY would lead SQLite to walk the store's whole newest-first index.)
        const key = skuMatchKey(product.sku);
        const seen = existing.get(key);
        if (
          seen &&
          (seen.created_at < product.created_at || (seen.created_at === product.created_at && seen.id < product.id))
        )
          continue;
        existing.set(key, {
          ...product,
          price_cents: Number(product.price_cents),
          quantity: Number(product.quantity),
          low_alerted: Number(product.low_alerted),
        });
      }
      return new Set(existing.keys());
    },

    /** Write one batch of checked rows, after `lookUp` of their SKUs: through the ledger, which writes the stock. */
    async write(rows: ParsedRow[]): Promise<void> {
      const entries: StockBatchEntry[] = [];
      for (const row of rows) {
        const current = row.sku === undefined ? undefined : existing.get(skuMatchKey(row.sku));
        if (!current) {
          // Ascending in the file's order across batches: the new products share their creation time, and lists
          // break ties by id, so a list by creation time shows them in the file's order (newest first: its last row).
          const id = timeOrderedId();
          const reorderPoint = row.reorderPoint ?? null;
          const product = {
            name: row.name,
            sku: row.sku ?? makeSku(row.category, madeAt++),
            category: row.category,
            price_cents: row.priceCents,
            description: row.description ?? '',
          };
          entries.push({ id, before: null, quantity: row.quantity, reorderPoint, values: product });
          figures.inserted({ ...product, quantity: row.quantity, reorder_point: reorderPoint });
          created += 1;
          continue;
        }
        updated += 1;
        const reorderPoint = row.reorderPoint === undefined ? current.reorder_point : row.reorderPoint;
        const description = row.description ?? current.description;
        const unchanged =
          current.name === row.name &&
          current.category === row.category &&
          current.price_cents === row.priceCents &&
          current.quantity === row.quantity &&
          current.reorder_point === reorderPoint &&
          current.description === description;
        // A row that changes nothing writes nothing: the product keeps its version (and its ETag).
        if (unchanged) continue;
        entries.push({
          id: current.id,
          before: { quantity: current.quantity, lowAlerted: current.low_alerted },
          quantity: row.quantity,
          reorderPoint,
          values: { name: row.name, category: row.category, price_cents: row.priceCents, description },
        });
        figures.updated(current, {
          category: row.category,
          price_cents: row.priceCents,
          quantity: row.quantity,
          reorder_point: reorderPoint,
        });
      }
      await writeStockBatch(trx, { storeId, actor, reason: 'import', at }, COLUMNS, entries);
    },

    /** After the last batch: the store's figures (PostgreSQL), and what the import did. */
    async finish(): Promise<{ created: number; updated: number }> {
      if (postgres) {
        await figures.apply(trx, storeId);
        for (const trigger of FIGURE_TRIGGERS)
          await sql`alter table products enable trigger ${sql.raw(trigger)}`.execute(trx);
      }
      return { created, updated };
    },
  };
}

export type ImportWrite = Awaited<ReturnType<typeof startImportWrite>>;
