import {
  MESSAGES,
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
import { purchaseOrderAnswer } from './mapping';
import { productsToReorder, type ReorderProduct, withOnOrder } from '../../purchasing/on-order';
import { insertPurchaseOrder } from './service';

export interface SuggestionOptions {
  db: Db;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** The chosen products of the store, in the order chosen (each once); 404 when one is not the store's. */
async function chosenProducts(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<ReorderProduct[]> {
  const unique = [...new Set(ids)];
  const rows: Awaited<ReturnType<typeof selectProducts>> = [];
  for (let start = 0; start < unique.length; start += 500) rows.push(...(await selectProducts(trx, storeId, unique.slice(start, start + 500))));
  if (rows.length !== unique.length) throw new HttpError(404, MESSAGES.productNotFound);
  const byId = new Map((await withOnOrder(trx, storeId, rows)).map((product) => [product.id, product]));
  return unique.map((id) => byId.get(id)!);
}

const selectProducts = (trx: Kysely<Database>, storeId: string, ids: readonly string[]) =>
  trx.selectFrom('products').select(['id', 'name', 'sku', 'quantity', 'reorder_point', 'cost']).where('store_id', '=', storeId).where('id', 'in', ids).execute();

/** Each product's preferred supplier who is not archived (an archived one is no supplier to order from), with the link. */
async function preferredSuppliers(trx: Kysely<Database>, storeId: string, ids: readonly string[]) {
  const links = new Map<string, NonNullable<ReorderCandidate['supplier']> & { leadTimeDays: number | null }>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await trx
      .selectFrom('product_suppliers as l')
      .innerJoin('suppliers as s', 's.id', 'l.supplier_id')
      .select(['l.product_id', 'l.supplier_id', 'l.pack_size', 'l.last_cost_cents', 's.name', 's.lead_time_days'])
      .where('l.store_id', '=', storeId)
      .where('l.preferred', '=', 1)
      .where('s.archived_at', 'is', null)
      .where('l.product_id', 'in', ids.slice(start, start + 500))
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
 * transaction (each with its number), expected after the supplier's lead time when they state one.
 */
export function createSuggestions({ db, now = () => new Date() }: SuggestionOptions) {
  return {
    orderThese(store: StoreContext, body: ReorderSuggestionRequest): Promise<ReorderSuggestionAnswer> {
      return writeTransaction(db, async (trx) => {
        const products = body.all ? await productsToReorder(trx, store.storeId) : await chosenProducts(trx, store.storeId, body.productIds ?? []);
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
        const at = now();
        const created = [];
        for (const order of suggestion.orders) {
          const leadTime = suppliers.get(order.lines[0]!.productId)?.leadTimeDays ?? null;
          const expectedDate = leadTime === null ? null : new Date(at.getTime() + leadTime * DAY_MS).toISOString().slice(0, 10);
          const lines = order.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitCostCents: line.unitCostCents }));
          const row = await insertPurchaseOrder(trx, store, { supplierId: order.supplierId, expectedDate, notes: '', lines }, at);
          created.push((await purchaseOrderAnswer(trx, row)).purchaseOrder);
        }
        return { created, withoutSupplier: suggestion.withoutSupplier, nothingToOrder: suggestion.nothingToOrder };
      });
    },
  };
}

export type Suggestions = ReturnType<typeof createSuggestions>;
