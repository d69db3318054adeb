import { randomUUID } from 'node:crypto';
import { v7 as timeOrderedId } from 'uuid';
import { MESSAGES, PURCHASE_MESSAGES, type PurchaseOrder } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db';
import { isPostgres, jsonCell, jsonRows, statementChunks, textValue } from '../../db/json-rows';
import { reserveDocumentNumbers } from '../../db/sequences';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { auditOf, createdBy } from '../../stores/audit';
import { type LineRow, summaryOf, type SupplierRef, toPurchaseOrder } from './mapping';

/** A line of a draft whose product was read (and checked) in the writing transaction: its name and SKU as they are. */
export interface DraftLine {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  unitCostCents: number | null;
}

export interface NewDraft {
  supplierId: string;
  expectedDate: string | null;
  lines: readonly DraftLine[];
}

/**
 * The suppliers the drafts name, held `for key share` as holdSupplier holds one (by id, so two batches take them in
 * one order): 404 when one is not the store's, 409 when archived.
 */
async function holdSuppliers(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<Map<string, SupplierRef>> {
  const wanted = [...new Set(ids)].sort();
  let query = trx.selectFrom('suppliers').select(['id', 'name', 'email', 'archived_at']).where('store_id', '=', storeId).where('id', 'in', wanted).orderBy('id');
  if (isPostgres(trx)) query = query.forKeyShare();
  const found = new Map((await query.execute()).map((row) => [row.id, row]));
  for (const id of ids) {
    const supplier = found.get(id);
    if (!supplier) throw new HttpError(404, MESSAGES.supplierNotFound);
    if (supplier.archived_at !== null) throw new HttpError(409, PURCHASE_MESSAGES.supplierArchived(supplier.name));
  }
  return new Map([...found].map(([id, row]) => [id, { id, name: row.name, email: row.email }]));
}

/**
 * Several drafts in the caller's transaction, in a few statements whatever their number of lines: their numbers first
 * (one reservation of the store's `purchase_order` sequence, consecutive in the drafts' order: the first lock the
 * write takes, as a single create takes its one), the suppliers held, the orders in one insert and their lines in one
 * per chunk. Answered from what was written, not read back.
 */
export async function insertDrafts(trx: Kysely<Database>, store: StoreContext, drafts: readonly NewDraft[], at: Date): Promise<PurchaseOrder[]> {
  if (drafts.length === 0) return [];
  const { storeId, actor } = store;
  const first = await reserveDocumentNumbers(trx, storeId, 'purchase_order', drafts.length);
  const suppliers = await holdSuppliers(trx, storeId, drafts.map((draft) => draft.supplierId));

  const stamp = createdBy(actor, at);
  const orders = drafts.map((draft, i) => ({
    id: randomUUID(),
    store_id: storeId,
    number: first + i,
    supplier_id: draft.supplierId,
    status: 'draft',
    expected_date: draft.expectedDate,
    notes: '',
    ordered_at: null,
    ...stamp,
    version: 1,
  }));
  for (let start = 0; start < orders.length; start += 100) await trx.insertInto('purchase_orders').values(orders.slice(start, start + 100)).execute();

  const lineRows: LineRow[][] = drafts.map((draft) =>
    draft.lines.map((line, index) => ({
      id: timeOrderedId(),
      position: index + 1,
      product_id: line.productId,
      quantity: line.quantity,
      unit_cost_cents: line.unitCostCents,
      received: 0,
      name: line.name,
      sku: line.sku,
    })),
  );
  const cells = lineRows.flatMap((lines, i) => lines.map((line) => [line.id, orders[i]!.id, line.position, line.product_id, line.quantity, line.unit_cost_cents]));
  for (const part of statementChunks(trx, cells)) {
    await sql`
      insert into purchase_order_lines (id, store_id, purchase_order_id, position, product_id, quantity, unit_cost_cents, received)
      select ${jsonCell(0)}, ${textValue(storeId)}, ${jsonCell(1)}, ${jsonCell(2, 'integer')}, ${jsonCell(3)}, ${jsonCell(4, 'integer')},
        ${jsonCell(5, 'integer')}, 0
      from ${jsonRows(trx, part)}`.execute(trx);
  }

  const audit = await auditOf(trx, stamp);
  return orders.map((order, i) => ({
    ...toPurchaseOrder({ ...order, notes: order.notes, version: order.version }, suppliers.get(order.supplier_id)!, summaryOf(lineRows[i]!), lineRows[i]!),
    ...audit,
  }));
}
