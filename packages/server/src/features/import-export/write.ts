import { catalogueDefault, makeSku, matchImportRow, skuMatchKey } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Database } from '../../db';
import type { ProductsTable } from '../../db/types';
import { fieldToColumn, PLAIN_PRODUCT_COLUMNS, type PlainProductColumn, PRODUCT_COLUMNS, type ProductColumn } from '../../catalogue/columns';
import { isPostgres } from '../../db/json-rows';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import { resolveCategories } from '../../categories/resolve';
import { type BatchColumns, type StockBatchEntry, writeStockBatch } from '../../stock/ledger';
import { type ImportLink, writeImportLinks } from '../../suppliers/import-links';
import { suppliersByName } from '../../suppliers/links';
import { createFigureChanges } from './figure-changes';
import type { ParsedRow } from './parse';
import { productsByKeys, productsBySku } from './sku-lookup';

/** A product of the store an import's row names: its catalogue columns and what the ledger needs. */
type ExistingProduct = { [C in ProductColumn]: string | number | null } & {
  id: string;
  quantity: number;
  reorder_point: number | null;
  low_alerted: number;
  created_at: string;
  /** An archived product a row names is updated and stays archived, outside the figures (0026). */
  archived_at: string | null;
};

/**
 * The PostgreSQL triggers that update the store's counter and version rows for each statement that writes products
 * (migration 0037; see startImportWrite).
 */
const FIGURE_TRIGGERS = ['inserted', 'updated', 'deleted'].flatMap((event) => [`store_stats_products_${event}`, `store_versions_products_${event}`]);

/**
 * The columns an import writes beside the stock (the ledger writes that): a new product's, and an update's (the SKU
 * never changes). Every catalogue field the ledger does not keep (catalogue/columns.ts).
 */
const COLUMNS: BatchColumns = {
  created: PLAIN_PRODUCT_COLUMNS.map(({ name, type }) => ({ name, type })),
  updated: PLAIN_PRODUCT_COLUMNS.filter((column) => column.field !== 'sku').map(({ name, type }) => ({ name, type })),
};
const COLUMNS_UPDATED = PLAIN_PRODUCT_COLUMNS.filter((column) => column.field !== 'sku');
const EXISTING_COLUMNS = [
  ...new Set<keyof ProductsTable>(['id', 'low_alerted', 'created_at', 'archived_at', ...Object.values(PRODUCT_COLUMNS)]),
];

/** A row's value of a plain field as its column stores it; not mapped: the product's own (or a new one's default). */
function columnValue(
  column: PlainProductColumn,
  row: ParsedRow,
  current: ExistingProduct | undefined,
): string | number | null {
  const value = row[column.field];
  if (value !== undefined) return fieldToColumn(column.kind, value);
  return current ? current[column.name] : catalogueDefault(column.kind);
}

/**
 * An import's writes in `trx` (one transaction), a batch of checked rows at a time as the file is read, so memory
 * holds one batch whatever the file's size (parse.ts). For each batch, `lookUp` first reads the store's products its
 * SKUs name (locked on PostgreSQL, so what another writer did meanwhile counts), then `write` updates those and
 * inserts the others, through the ledger's batch entry point (stock/ledger.ts `writeStockBatch`): every quantity change
 * is an `import` movement, reorder-point crossings are queued like any other stock change. Multi-row statements
 * throughout. A file with a bad row is written up to it, and the
 * caller then rolls the transaction back: nothing of it is ever seen.
 *
 * PostgreSQL: the triggers that keep the store's figures and list version (migrations 0005, 0006; once per statement
 * since 0037) update the store's one counter row for every batch written, and inside one transaction every update of a
 * row adds a version the next one walks past (with row triggers, 50,000 rows cost minutes). So this transaction
 * switches those triggers off
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
  /** The suppliers the current batch's Supplier cells name, by name key; and which link columns the file maps. */
  let suppliers = new Map<string, { id: string; name: string; archived_at: string | null }>();
  let linkColumns = { partNumber: false, packSize: false, lastCost: false };
  // Made SKUs follow the product API's rule (category prefix, a number); one millisecond apart, so none repeats.
  let madeAt = at.getTime();

  /**
   * SKUs made for a batch's rows without one (`makeSku`, a millisecond apart), past any the store has: SKUs are unique
   * in the store (migration 0017), and an earlier import or create in the same moment may have made the same.
   */
  async function makeSkus(categories: string[]): Promise<string[]> {
    const skus = categories.map((category) => makeSku(category, madeAt++));
    for (;;) {
      if (skus.length === 0) return skus;
      const keys = [...new Set(skus.map(skuMatchKey))];
      const taken = new Set((await productsBySku(trx, storeId, keys).select('sku').execute()).map((product) => skuMatchKey(product.sku)));
      if (taken.size === 0) return skus;
      skus.forEach((sku, index) => {
        if (taken.has(skuMatchKey(sku))) skus[index] = makeSku(categories[index]!, madeAt++);
      });
    }
  }

  return {
    /**
     * Which of `keys` (one batch's SKUs, as `skuMatchKey` folds them) name products of the store; they are read for
     * `write`. Not locked row by row: on PostgreSQL this transaction holds the products table in SHARE ROW EXCLUSIVE
     * mode since it switched the figure triggers off, so no other writer changes a product until it ends (locking each
     * row too would write every tuple a second time); SQLite has one writer at a time.
     */
    async lookUp(keys: string[], more = false): Promise<ReadonlyMap<string, string>> {
      // A batch's first lookup replaces the last batch's products; its second (`more`: part numbers) adds to them.
      if (!more) existing = new Map();
      if (keys.length === 0) return new Map();
      const found = await productsByKeys<ExistingProduct & { sku: string; barcode: string | null; mpn: string | null; created_at: string }>(trx, storeId, keys, EXISTING_COLUMNS);
      for (const [key, product] of found) {
        const { price_cents: price, quantity, reorder_point: point, low_alerted: lowAlerted, cost } = product;
        existing.set(key, {
          ...product,
          price_cents: Number(price),
          cost: cost === null ? null : Number(cost),
          quantity: Number(quantity),
          reorder_point: point === null ? null : Number(point),
          low_alerted: Number(lowAlerted),
        } as ExistingProduct);
      }
      return new Map([...existing].map(([key, product]) => [key, product.id]));
    },

    /**
     * The store's suppliers of a batch's Supplier cells (by supplierNameKey), read for `write` and locked `for key
     * share` (PostgreSQL), so none is deleted before the import's links to them commit.
     */
    async lookUpSuppliers(keys: string[]) {
      suppliers = await suppliersByName(trx, storeId, keys, true);
      return suppliers;
    },

    /** Which of the supplier link's columns the file maps (an existing link keeps the others). */
    supplierColumns(mapped: typeof linkColumns): void {
      linkColumns = mapped;
    },

    /** Write one batch of checked rows, after `lookUp` of their SKUs: through the ledger, which writes the stock. */
    async write(written: ParsedRow[]): Promise<void> {
      const entries: StockBatchEntry[] = [];
      // Each row's category in the store's spelling, made when new (0032): "laptops" is written as "Laptops".
      const categories = await resolveCategories(trx, storeId, written.map((row) => row.category), at);
      const rows = written.map((row) => ({ ...row, category: categories.get(row.category)! }));
      const links: ImportLink[] = [];
      const made = await makeSkus(rows.filter((row) => row.sku === undefined).map((row) => row.category));
      for (const row of rows) {
        // By SKU, then barcode, then part number (the contract's matchImportRow), as parse.ts counted it.
        const current = matchImportRow(row, (key) => existing.get(key));
        const values: Record<string, string | number | null> = {};
        for (const column of current ? COLUMNS_UPDATED : PLAIN_PRODUCT_COLUMNS)
          values[column.name] = columnValue(column, row, current);
        if (!current) {
          // Ascending in the file's order across batches: the new products share their creation time, and lists
          // break ties by id, so a list by creation time shows them in the file's order (newest first: its last row).
          const id = timeOrderedId();
          if (row.supplier) links.push({ productId: id, link: row.supplier });
          const reorderPoint = row.reorderPoint ?? null;
          values.sku = row.sku ?? made.shift()!;
          entries.push({ id, before: null, quantity: row.quantity, reorderPoint, values });
          figures.inserted({ category: row.category, price_cents: values.price_cents as number, quantity: row.quantity, reorder_point: reorderPoint });
          created += 1;
          continue;
        }
        updated += 1;
        if (row.supplier) links.push({ productId: current.id, link: row.supplier });
        const reorderPoint = row.reorderPoint === undefined ? current.reorder_point : row.reorderPoint;
        const unchanged =
          current.quantity === row.quantity &&
          current.reorder_point === reorderPoint &&
          COLUMNS_UPDATED.every((column) => current[column.name] === values[column.name]);
        // A row that changes nothing writes nothing: the product keeps its version (and its ETag).
        if (unchanged) continue;
        entries.push({
          id: current.id,
          before: { quantity: current.quantity, lowAlerted: current.low_alerted },
          quantity: row.quantity,
          reorderPoint,
          values,
        });
        if (current.archived_at === null)
          figures.updated(
            { category: String(current.category), price_cents: Number(current.price_cents), quantity: current.quantity, reorder_point: current.reorder_point },
            { category: row.category, price_cents: values.price_cents as number, quantity: row.quantity, reorder_point: reorderPoint },
          );
      }
      await writeStockBatch(trx, { storeId, actor, reason: 'import', at }, COLUMNS, entries);
      // After the products: a new product's link names it.
      await writeImportLinks(trx, store, at, links, suppliers, linkColumns);
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
