import {
  compareBytes,
  nameMatchKey,
  type OnOrder,
  onOrderByProduct,
  outstandingToReceive,
  type PurchaseOrderStatus,
  type ReorderList,
  type ReorderListQuery,
  reorderShortfall,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db';
import { idIn } from '../db/json-rows';

/** At most this many product ids per statement: they go as one JSON parameter (db/json-rows.ts), not one each. */
const IDS_PER_STATEMENT = 5000;
/** Up to this many, ids go as parameters of their own (one product's screen, one stock move). */
const FEW_IDS = 100;

/**
 * What is on order of each product (docs/decisions/0042): the contract's onOrderByProduct over the lines of the
 * store's sent orders that name them, and the earliest date one of those orders with something outstanding is
 * expected. Products with nothing on order are absent.
 */
export async function onOrderOf(reader: Kysely<Database>, storeId: string, productIds: readonly string[]): Promise<Map<string, OnOrder>> {
  const answer = new Map<string, OnOrder>();
  for (let start = 0; start < productIds.length; start += IDS_PER_STATEMENT) {
    const ids = productIds.slice(start, start + IDS_PER_STATEMENT);
    const rows = await reader
      .selectFrom('purchase_order_lines as l')
      .innerJoin('purchase_orders as o', 'o.id', 'l.purchase_order_id')
      .select(['l.product_id', 'l.quantity', 'l.received', 'o.status', 'o.expected_date'])
      .where((eb) =>
        ids.length <= FEW_IDS ? eb('l.product_id', 'in', ids) : idIn(reader, 'l.product_id', ids),
      )
      .where('o.store_id', '=', storeId)
      .where('o.status', 'in', ['ordered', 'partly_received'])
      .execute();
    const lines = rows.map((row) => ({ productId: row.product_id!, quantity: Number(row.quantity), received: Number(row.received) }));
    const quantities = onOrderByProduct(rows.map((row, i) => ({ status: row.status as PurchaseOrderStatus, lines: [lines[i]!] })));
    for (const [productId, quantity] of quantities) answer.set(productId, { quantity, expectedDate: null });
    for (const [i, row] of rows.entries()) {
      const entry = answer.get(row.product_id!);
      if (!entry || row.expected_date === null || outstandingToReceive(lines[i]!) === 0) continue;
      if (entry.expectedDate === null || row.expected_date < entry.expectedDate) entry.expectedDate = row.expected_date;
    }
  }
  return answer;
}

/** A product as the reorder list and "Order these" weigh it. */
export interface ReorderProduct {
  id: string;
  name: string;
  sku: string;
  quantity: number;
  reorderPoint: number | null;
  costCents: number | null;
  onOrder: OnOrder;
}

type ProductRow = Parameters<typeof withOnOrder>[2][number];

/**
 * The store's active products at or below their reorder point by stock alone, with what is on order of each: one
 * range of `products_low_name_idx` (0026's partial index of the low-stock filter), whatever the store's size.
 */
async function lowProducts(reader: Kysely<Database>, storeId: string): Promise<ReorderProduct[]> {
  const postgres = reader.getExecutor().adapter instanceof PostgresAdapter;
  const hint = postgres ? sql`` : sql` indexed by products_low_name_idx`;
  const { rows } = await sql<ProductRow>`
    select id, name, sku, quantity, reorder_point, cost from products${hint}
    where store_id = ${storeId} and reorder_point is not null and quantity <= reorder_point and archived_at is null`.execute(reader);
  return withOnOrder(reader, storeId, rows);
}

/** Product rows with what is on order of each. */
export async function withOnOrder(
  reader: Kysely<Database>,
  storeId: string,
  rows: readonly { id: string; name: string; sku: string; quantity: number; reorder_point: number | null; cost: number | null }[],
): Promise<ReorderProduct[]> {
  const onOrder = await onOrderOf(reader, storeId, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    quantity: Number(row.quantity),
    reorderPoint: row.reorder_point === null ? null : Number(row.reorder_point),
    costCents: row.cost === null ? null : Number(row.cost),
    onOrder: onOrder.get(row.id) ?? { quantity: 0, expectedDate: null },
  }));
}

/**
 * What is low counting what is on order: the products whose stock and what is on order are at or below their point
 * (the contract's reorderShortfall is above 0), by name (any ASCII case), then id.
 */
export async function productsToReorder(reader: Kysely<Database>, storeId: string): Promise<ReorderProduct[]> {
  const low = await lowProducts(reader, storeId);
  // compareBytes's order with each name's key encoded once, not twice per comparison (10,000 products: 280,000 times).
  return low
    .filter((product) => reorderShortfall(product.quantity, product.reorderPoint, product.onOrder.quantity) > 0)
    .map((product) => ({ product, key: Buffer.from(nameMatchKey(product.name), 'utf8') }))
    .sort((a, b) => Buffer.compare(a.key, b.key) || compareBytes(a.product.id, b.product.id))
    .map(({ product }) => product);
}

/** GET /api/purchase-orders/reorder: a slice of that list and its length. */
export async function reorderList(reader: Kysely<Database>, storeId: string, query: ReorderListQuery): Promise<ReorderList> {
  const all = await productsToReorder(reader, storeId);
  return {
    total: all.length,
    items: all.slice(query.skip, query.skip + query.limit).map((product) => ({
      product: { _id: product.id, name: product.name, sku: product.sku },
      quantity: product.quantity,
      reorderPoint: product.reorderPoint!,
      onOrder: product.onOrder,
      shortfall: reorderShortfall(product.quantity, product.reorderPoint, product.onOrder.quantity),
    })),
  };
}
