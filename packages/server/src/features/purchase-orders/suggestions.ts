import {
  MESSAGES,
  orderProductRefusal,
  type ReorderCandidate,
  reorderSuggestion,
  type ReorderSuggestionAnswer,
  type ReorderSuggestionRequest,
} from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { idIn } from '../../db/json-rows';
import { productsToReorder, type ReorderProduct, withOnOrder } from '../../purchasing/on-order';
import { insertDrafts } from './draft-batch';

export interface SuggestionOptions {
  db: Db;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** At most this many product ids per read: they go as one JSON parameter (db/json-rows.ts), not one each. */
const IDS_PER_READ = 5000;

/** The chosen products of the store, in the order chosen (each once), with when each was archived; 404 when one is not the store's. */
async function chosenProducts(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<{ products: ReorderProduct[]; archivedAt: Map<string, string> }> {
  const unique = [...new Set(ids)];
  const rows = [];
  for (let start = 0; start < unique.length; start += IDS_PER_READ) {
    const part = unique.slice(start, start + IDS_PER_READ);
    rows.push(
      ...(await trx
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'quantity', 'reorder_point', 'cost', 'archived_at'])
        .where('store_id', '=', storeId)
        .where(idIn(trx, 'id', part))
        .execute()),
    );
  }
  if (rows.length !== unique.length) throw new HttpError(404, MESSAGES.productNotFound);
  const byId = new Map((await withOnOrder(trx, storeId, rows)).map((product) => [product.id, product]));
  const archivedAt = new Map(rows.filter((row) => row.archived_at !== null).map((row) => [row.id, row.archived_at!]));
  return { products: unique.map((id) => byId.get(id)!), archivedAt };
}

/** Each product's preferred supplier who is not archived (an archived one is no supplier to order from), with the link. */
async function preferredSuppliers(trx: Kysely<Database>, storeId: string, ids: readonly string[]) {
  const links = new Map<string, NonNullable<ReorderCandidate['supplier']> & { leadTimeDays: number | null }>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const rows = await trx
      .selectFrom('product_suppliers as l')
      .innerJoin('suppliers as s', 's.id', 'l.supplier_id')
      .select(['l.product_id', 'l.supplier_id', 'l.pack_size', 'l.last_cost_cents', 's.name', 's.lead_time_days'])
      .where('l.store_id', '=', storeId)
      .where('l.preferred', '=', 1)
      .where('s.archived_at', 'is', null)
      .where(idIn(trx, 'l.product_id', ids.slice(start, start + IDS_PER_READ)))
      .execute();
    for (const row of rows) {
      links.set(row.product_id, {
        supplierId: row.supplier_id,
        name: row.name,
        packSize: Number(row.pack_size),
        lastCostCents: row.last_cost_cents === null ? null : Number(row.last_cost_cents),
        leadTimeDays: row.lead_time_days === null ? null : Number(row.lead_time_days),
      });
    }
  }
  return links;
}

/**
 * "Order these" (docs/decisions/0042): the chosen products (or every product the reorder list names) weighed by the
 * contract's reorderSuggestion with what is on order and their preferred suppliers, and its drafts written in one
 * transaction (numbers reserved at once, consecutive), in a few statements (draft-batch.ts), expected after the supplier's lead time when they state one.
 */
export function createSuggestions({ db, now = () => new Date() }: SuggestionOptions) {
  return {
    orderThese(store: StoreContext, body: ReorderSuggestionRequest): Promise<ReorderSuggestionAnswer> {
      return writeTransaction(db, async (trx) => {
        const chosen = body.all ? { products: await productsToReorder(trx, store.storeId), archivedAt: new Map<string, string>() } : await chosenProducts(trx, store.storeId, body.productIds ?? []);
        const { products } = chosen;
        const suppliers = await preferredSuppliers(trx, store.storeId, products.map((product) => product.id));
        const candidates: ReorderCandidate[] = products.map((product) => {
          const link = suppliers.get(product.id);
          return {
            productId: product.id,
            name: product.name,
            onHand: product.quantity,
            reorderPoint: product.reorderPoint,
            onOrder: product.onOrder.quantity,
            costCents: product.costCents,
            supplier: link ? { supplierId: link.supplierId, name: link.name, packSize: link.packSize, lastCostCents: link.lastCostCents } : null,
          };
        });
        const suggestion = reorderSuggestion(candidates);
        const skuOf = new Map(products.map((product) => [product.id, product.sku]));
        const at = now();
        const drafts = suggestion.orders.map((order) => {
          // An archived product is refused as a single create refuses it (checkLineProducts), naming its line.
          for (const [index, line] of order.lines.entries()) {
            const refusal = orderProductRefusal({ name: line.name, archivedAt: chosen.archivedAt.get(line.productId) ?? null });
            if (refusal) throw new HttpError(refusal.status, `Line ${index + 1}: ${refusal.message}`);
          }
          const leadTime = suppliers.get(order.lines[0]!.productId)?.leadTimeDays ?? null;
          const expectedDate = leadTime === null ? null : new Date(at.getTime() + leadTime * DAY_MS).toISOString().slice(0, 10);
          const lines = order.lines.map((line) => ({ productId: line.productId, name: line.name, sku: skuOf.get(line.productId)!, quantity: line.quantity, unitCostCents: line.unitCostCents }));
          return { supplierId: order.supplierId, expectedDate, lines };
        });
        const created = await insertDrafts(trx, store, drafts, at);
        return { created, withoutSupplier: suggestion.withoutSupplier, nothingToOrder: suggestion.nothingToOrder };
      });
    },
  };
}

export type Suggestions = ReturnType<typeof createSuggestions>;
