import { randomUUID } from 'node:crypto';
import { makeSku } from '@inventory/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../../db';
import type { StoreContext } from '../../stores/access';
import { createFigureChanges, isLow } from './figure-changes';
import { type ParsedRow, ROWS_PER_LOOKUP } from './parse';
import { productsBySku } from './sku-lookup';

/*
 * Write statements take their rows as one JSON parameter that the database reads as a table (PostgreSQL
 * jsonb_array_elements, SQLite json_each; `->>` is the same on both): one parameter instead of one per cell, so a
 * statement costs little to build and to bind, and its text is the same for every chunk. PostgreSQL reads it as
 * jsonb, parsed once: `->>` on json parses the row's text again for every cell it takes (4% of the database's time in
 * a re-import of 50,000 rows). On SQLite this is also faster than multi-row VALUES (2.5 against 3.0 s for 50,000
 * products) and keeps memory down: each VALUES statement of a thousand rows left a compiled program in native memory
 * until the garbage collector finalized it, and 50 of them took the server's RSS from 170 to 420 MB.
 */
/**
 * Rows per write statement on SQLite. A statement that changes many rows inside a transaction keeps the original of
 * every page it changes (its statement journal, in memory with `temp_store = memory`) until it ends: 5,000 updates
 * spread over a store of a million products changed pages of some twenty indexes each and took the server's RSS up
 * by 185 MB; 500 take it up by 40 MB, in a little less time. PostgreSQL writes each batch in one statement.
 */
const SQLITE_CHUNK = 500;
/** Cell i of the JSON row `j.value`, as text or as an integer. */
const cell = (i: number) => sql.raw(`(j.value ->> ${i})`);
const int = (i: number) => sql.raw(`cast(j.value ->> ${i} as integer)`);

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

/** A new product's own columns; those every new product shares (store, who, when) are added by the statement. */
type NewProduct = Pick<
  Database['products'],
  'id' | 'name' | 'sku' | 'category' | 'price_cents' | 'quantity' | 'reorder_point' | 'description'
> & {
  low_alerted: number;
};

/** The PostgreSQL triggers that update the store's one counter row per product written (see startImportWrite). */
const FIGURE_TRIGGERS = ['store_stats_product_changed', 'store_versions_products_changed'] as const;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * An import's writes in `trx` (one transaction), a batch of checked rows at a time as the file is read, so memory
 * holds one batch whatever the file's size (parse.ts). For each batch, `lookUp` first reads the store's products its
 * SKUs name (locked on PostgreSQL, so what another writer did meanwhile counts), then `write` updates those and
 * inserts the others; every quantity change is an `import` movement; reorder-point crossings are queued like any other
 * stock change (stock/ledger.ts). Multi-row statements throughout. A file with a bad row is written up to it, and the
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
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const { storeId, actor } = store;
  const stamp = at.toISOString();
  // First, before any row lock: with the table lock taken, no other writer can be waiting on a row this one holds.
  if (postgres)
    for (const trigger of FIGURE_TRIGGERS)
      await sql`alter table products disable trigger ${sql.raw(trigger)}`.execute(trx);

  const figures = createFigureChanges();
  /** The products the current batch's SKUs name. */
  let existing = new Map<string, ExistingProduct>();
  let created = 0;
  let updated = 0;
  // Made SKUs follow the product API's rule (category prefix, a number); one millisecond apart, so none repeats.
  let madeAt = at.getTime();

  const from = (rows: unknown[][]) =>
    postgres
      ? sql`jsonb_array_elements(cast(${JSON.stringify(rows)} as jsonb)) as j(value)`
      : sql`json_each(${JSON.stringify(rows)}) as j`;
  const text = (value: string | null) => sql`cast(${value} as text)`;
  // A batch is at most ROWS_PER_LOOKUP rows: one statement each on PostgreSQL.
  const perStatement = postgres ? ROWS_PER_LOOKUP : SQLITE_CHUNK;

  return {
    /** Which of `skus` (one batch's) name products of the store; they are read for `write`, and locked. */
    async lookUp(skus: string[]): Promise<ReadonlySet<string>> {
      existing = new Map();
      if (skus.length === 0) return new Set();
      let query = productsBySku(trx, storeId, skus).select([
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
        const seen = existing.get(product.sku);
        if (
          seen &&
          (seen.created_at < product.created_at || (seen.created_at === product.created_at && seen.id < product.id))
        )
          continue;
        existing.set(product.sku, {
          ...product,
          price_cents: Number(product.price_cents),
          quantity: Number(product.quantity),
          low_alerted: Number(product.low_alerted),
        });
      }
      return new Set(existing.keys());
    },

    /** Write one batch of checked rows, after `lookUp` of their SKUs. */
    async write(rows: ParsedRow[]): Promise<void> {
      const inserts: NewProduct[] = [];
      const updates: {
        id: string;
        row: ParsedRow;
        reorderPoint: number | null;
        description: string;
        lowAlerted: number;
      }[] = [];
      const movements: { productId: string; change: number; quantityAfter: number }[] = [];
      const alerts: Database['stock_alerts'][] = [];
      const movement = (productId: string, change: number, quantityAfter: number) =>
        movements.push({ productId, change, quantityAfter });
      const alert = (productId: string, quantity: number, reorderPoint: number) =>
        alerts.push({
          id: randomUUID(),
          store_id: storeId,
          product_id: productId,
          quantity,
          reorder_point: reorderPoint,
          created_at: stamp,
          claimed_at: null,
          sent_at: null,
        });

      for (const row of rows) {
        const current = row.sku === undefined ? undefined : existing.get(row.sku);
        if (!current) {
          // Ascending in the file's order across batches: the new products share their creation time, and lists
          // break ties by id, so a list by creation time shows them in the file's order (newest first: its last row).
          const id = timeOrderedId();
          const reorderPoint = row.reorderPoint ?? null;
          const low = isLow(row.quantity, reorderPoint);
          const product: NewProduct = {
            id,
            name: row.name,
            sku: row.sku ?? makeSku(row.category, madeAt++),
            category: row.category,
            price_cents: row.priceCents,
            quantity: row.quantity,
            reorder_point: reorderPoint,
            low_alerted: low ? 1 : 0,
            description: row.description ?? '',
          };
          inserts.push(product);
          figures.inserted(product);
          movement(id, row.quantity, row.quantity);
          if (low) alert(id, row.quantity, reorderPoint!);
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
        // As the ledger's reorder watch: alerted while at or below the point (a new crossing queues its alert), armed above.
        const low = isLow(row.quantity, reorderPoint);
        const lowAlerted = low ? 1 : 0;
        if (low && !current.low_alerted) alert(current.id, row.quantity, reorderPoint!);
        if (row.quantity !== current.quantity) movement(current.id, row.quantity - current.quantity, row.quantity);
        updates.push({ id: current.id, row, reorderPoint, description, lowAlerted });
        figures.updated(current, {
          category: row.category,
          price_cents: row.priceCents,
          quantity: row.quantity,
          reorder_point: reorderPoint,
        });
      }
      created += inserts.length;

      // In id order (new products are already: their ids ascend in the file's order): rows written in key order touch
      // each index page once instead of all over the primary key and every index that ends in id.
      updates.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (const part of chunks(inserts, perStatement)) {
        await sql`
          insert into products (id, user_id, store_id, created_by_token, updated_by, updated_by_token, name, sku, category,
            price_cents, quantity, reorder_point, low_alerted, description, created_at, updated_at)
          select ${cell(0)}, ${text(actor.userId)}, ${text(storeId)}, ${text(actor.tokenId)}, ${text(actor.userId)}, ${text(actor.tokenId)},
            ${cell(1)}, ${cell(2)}, ${cell(3)}, ${int(4)}, ${int(5)}, ${int(6)}, ${int(7)}, ${cell(8)}, ${text(stamp)}, ${text(stamp)}
          from ${from(part.map((p) => [p.id, p.name, p.sku, p.category, p.price_cents, p.quantity, p.reorder_point, p.low_alerted, p.description]))}`.execute(
          trx,
        );
      }
      for (const part of chunks(updates, perStatement)) {
        // The ids are of this store's products, read by lookUp in this transaction.
        await sql`
          update products set name = ${cell(1)}, category = ${cell(2)}, price_cents = ${int(3)}, quantity = ${int(4)},
            reorder_point = ${int(5)}, description = ${cell(6)}, low_alerted = ${int(7)},
            updated_by = ${text(actor.userId)}, updated_by_token = ${text(actor.tokenId)}, version = version + 1, updated_at = ${text(stamp)}
          from ${from(part.map((u) => [u.id, u.row.name, u.row.category, u.row.priceCents, u.row.quantity, u.reorderPoint, u.description, u.lowAlerted]))}
          where products.id = ${cell(0)}`.execute(trx);
      }
      for (const part of chunks(movements, perStatement)) {
        await sql`
          insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, created_at)
          select ${text(storeId)}, ${cell(0)}, ${int(1)}, ${int(2)}, 'import', ${text(actor.userId)}, ${text(actor.tokenId)}, null, ${text(stamp)}
          from ${from(part.map((m) => [m.productId, m.change, m.quantityAfter]))}`.execute(trx);
      }
      if (alerts.length > 0) await trx.insertInto('stock_alerts').values(alerts).execute();
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
