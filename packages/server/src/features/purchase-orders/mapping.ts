import {
  documentNumber,
  fromCents,
  outstandingToReceive,
  type PurchaseOrder,
  type PurchaseOrderLineAnswer,
  type PurchaseOrderStatus,
  purchaseOrderTotalCents,
  type ReceivableLine,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db';
import type { PurchaseOrdersTable } from '../../db/types';
import { auditOf } from '../../stores/audit';

/** A line as read with its product (null once the product was deleted). */
export interface LineRow {
  id: string;
  position: number;
  product_id: string | null;
  quantity: number;
  unit_cost_cents: number | null;
  received: number;
  name: string | null;
  sku: string | null;
}

/** A purchase order's lines in their order, with their products' names and SKUs now. */
export async function linesOf(reader: Kysely<Database>, purchaseOrderId: string): Promise<LineRow[]> {
  const rows = await reader
    .selectFrom('purchase_order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.id', 'l.position', 'l.product_id', 'l.quantity', 'l.unit_cost_cents', 'l.received', 'p.name', 'p.sku'])
    .where('l.purchase_order_id', '=', purchaseOrderId)
    .orderBy('l.position')
    .execute();
  return rows.map((row) => ({
    ...row,
    position: Number(row.position),
    quantity: Number(row.quantity),
    received: Number(row.received),
    unit_cost_cents: row.unit_cost_cents === null ? null : Number(row.unit_cost_cents),
  }));
}

/** A line as the contract's receiving rules see it (the name in messages: the product's, or "deleted product"). */
export const receivableLine = (line: LineRow): ReceivableLine => ({
  lineId: line.id,
  name: line.name ?? 'deleted product',
  productId: line.product_id ?? '',
  quantity: line.quantity,
  received: line.received,
  unitCostCents: line.unit_cost_cents,
});

export const productRefOf = (line: Pick<LineRow, 'product_id' | 'name' | 'sku'>) =>
  line.product_id === null || line.name === null ? null : { _id: line.product_id, name: line.name, sku: line.sku ?? '' };

const lineAnswer = (line: LineRow): PurchaseOrderLineAnswer => ({
  _id: line.id,
  product: productRefOf(line),
  quantity: line.quantity,
  unitCost: line.unit_cost_cents === null ? null : fromCents(line.unit_cost_cents),
  received: line.received,
  outstanding: outstandingToReceive(line),
});

/** What a list item says of its lines: how many, and their total (null while one has no unit cost). */
export interface LinesSummary {
  lineCount: number;
  totalCents: number | null;
}

export function summaryOf(lines: readonly Pick<LineRow, 'quantity' | 'unit_cost_cents'>[]): LinesSummary {
  const totalCents = purchaseOrderTotalCents(lines.map((line) => ({ quantity: line.quantity, unitCostCents: line.unit_cost_cents })));
  return { lineCount: lines.length, totalCents };
}

export interface SupplierRef {
  id: string;
  name: string;
  email: string;
}

/** The only shape a purchase order leaves the server in; `lines` on single-item answers. */
export function toPurchaseOrder(
  row: Selectable<PurchaseOrdersTable>,
  supplier: SupplierRef,
  summary: LinesSummary,
  lines?: readonly LineRow[],
): PurchaseOrder {
  return {
    _id: row.id,
    number: Number(row.number),
    reference: documentNumber('purchase_order', Number(row.number)),
    supplier: { _id: supplier.id, name: supplier.name, email: supplier.email },
    status: row.status as PurchaseOrderStatus,
    expectedDate: row.expected_date,
    notes: row.notes,
    orderedAt: row.ordered_at,
    lineCount: summary.lineCount,
    total: summary.totalCents === null ? null : fromCents(summary.totalCents),
    ...(lines ? { lines: lines.map(lineAnswer) } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface VersionedPurchaseOrder {
  purchaseOrder: PurchaseOrder;
  version: number;
}

/** A single-item answer: the order, its supplier, its lines, who created and changed it. */
export async function purchaseOrderAnswer(reader: Kysely<Database>, row: Selectable<PurchaseOrdersTable>): Promise<VersionedPurchaseOrder> {
  const [supplier, lines, audit] = await Promise.all([
    reader.selectFrom('suppliers').select(['id', 'name', 'email']).where('id', '=', row.supplier_id).executeTakeFirstOrThrow(),
    linesOf(reader, row.id),
    auditOf(reader, row),
  ]);
  return { purchaseOrder: { ...toPurchaseOrder(row, supplier, summaryOf(lines), lines), ...audit }, version: Number(row.version) };
}
