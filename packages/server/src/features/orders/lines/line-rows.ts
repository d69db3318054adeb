import {
  fromCents,
  type OrderLineAnswer,
  orderLineAmountCents,
  outstandingToShip,
  salesOrderStatus,
} from '@inventory/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../../db';
import type { OrderLinesTable, OrdersTable } from '../../../db/types';
import { isPostgres, jsonCell, jsonRows, statementChunks } from '../../../db/json-rows';

/**
 * An order's lines as the rules see them (docs/decisions/0041-multi-line-orders-in-the-spec-calls.md). An order of
 * lines has rows in `order_lines`; an order as SPEC.md sends it has none (`line_count` 0) and is read as one line
 * made from its row, whose id is the order's own: no data step in migration 0031, and the SPEC calls answer as before.
 */
export interface LineState {
  id: string;
  position: number;
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountBp: number;
  taxRateId: string | null;
  shipped: number;
  returned: number;
  cancelled: number;
}

/** What rules read of a line: the contract's shapes (ShippableLine, ReturnableLine, EditedLineBefore …). */
export const asRuleLine = (line: LineState) => ({
  lineId: line.id,
  name: line.description,
  productId: line.productId,
  quantity: line.quantity,
  shipped: line.shipped,
  returned: line.returned,
  cancelled: line.cancelled,
  unitPriceCents: line.unitPriceCents,
  discountPercent: line.discountBp / 100,
  taxRateId: line.taxRateId,
});

const fromRow = (row: Selectable<OrderLinesTable>): LineState => ({
  id: row.id,
  position: Number(row.position),
  productId: row.product_id,
  description: row.description,
  quantity: Number(row.quantity),
  unitPriceCents: Number(row.unit_price_cents),
  discountBp: Number(row.discount_bp),
  taxRateId: row.tax_rate_id,
  shipped: Number(row.shipped),
  returned: Number(row.returned),
  cancelled: Number(row.cancelled),
});

/** The one line an order without `order_lines` is read as: its row's fields; a fulfilled one shipped, a cancelled one cancelled. */
export function specLine(order: Selectable<OrdersTable>): LineState {
  const quantity = Number(order.quantity);
  return {
    id: order.id,
    position: 0,
    productId: order.product_id,
    description: order.name,
    quantity,
    unitPriceCents: Number(order.price_cents),
    discountBp: 0,
    taxRateId: null,
    shipped: order.status === 'fulfilled' ? quantity : 0,
    returned: 0,
    cancelled: order.status === 'cancelled' ? quantity : 0,
  };
}

/** The order's lines in their order (its SPEC line when it has none). */
export async function linesOf(reader: Kysely<Database>, order: Selectable<OrdersTable>): Promise<LineState[]> {
  if (Number(order.line_count) === 0) return [specLine(order)];
  const rows = await reader.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  return rows.map(fromRow);
}

/**
 * The order's row, locked for the rest of the transaction (PostgreSQL `for update`; SQLite's write lock is the
 * database's): two shipments, returns or edits of one order queue here, and each re-reads the lines after it.
 */
export async function lockOrder(trx: Kysely<Database>, storeId: string, id: string): Promise<Selectable<OrdersTable> | undefined> {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A SPEC order's line written as a row of `order_lines` (its first shipment or return), with the same id. */
export async function materializeSpecLine(trx: Kysely<Database>, order: Selectable<OrdersTable>, line: LineState): Promise<void> {
  await trx.insertInto('order_lines').values(lineRow(order.id, order.store_id!, line)).execute();
}

/** Kept lines written as they now are, in one statement per chunk whatever their number (an edit, a cancel). */
export async function updateLineRows(trx: Kysely<Database>, lines: readonly LineState[]): Promise<void> {
  const rows = lines.map((line) => [
    line.id,
    line.position,
    line.productId,
    line.description,
    line.quantity,
    line.unitPriceCents,
    line.discountBp,
    line.taxRateId,
    line.shipped,
    line.returned,
    line.cancelled,
  ]);
  for (const part of statementChunks(trx, rows))
    await sql`
      update order_lines set "position" = ${jsonCell(1, 'integer')}, product_id = ${jsonCell(2)}, description = ${jsonCell(3)},
        quantity = ${jsonCell(4, 'integer')}, unit_price_cents = ${jsonCell(5, 'integer')}, discount_bp = ${jsonCell(6, 'integer')},
        tax_rate_id = ${jsonCell(7)}, shipped = ${jsonCell(8, 'integer')}, returned = ${jsonCell(9, 'integer')}, cancelled = ${jsonCell(10, 'integer')}
      from ${jsonRows(trx, part)}
      where order_lines.id = ${jsonCell(0)}`.execute(trx);
}

export const lineRow = (orderId: string, storeId: string, line: LineState) => ({
  id: line.id,
  order_id: orderId,
  store_id: storeId,
  position: line.position,
  product_id: line.productId,
  description: line.description,
  quantity: line.quantity,
  unit_price_cents: line.unitPriceCents,
  discount_bp: line.discountBp,
  tax_rate_id: line.taxRateId,
  shipped: line.shipped,
  returned: line.returned,
  cancelled: line.cancelled,
});

const lineAnswer = (line: LineState): OrderLineAnswer => ({
  _id: line.id,
  productId: line.productId,
  description: line.description,
  quantity: line.quantity,
  unitPrice: fromCents(line.unitPriceCents),
  discountPercent: line.discountBp / 100,
  taxRateId: line.taxRateId,
  amount: fromCents(orderLineAmountCents({ quantity: line.quantity, unitPriceCents: line.unitPriceCents, discountPercent: line.discountBp / 100 })),
  shipped: line.shipped,
  returned: line.returned,
  cancelled: line.cancelled,
  outstanding: outstandingToShip(line),
});

/**
 * What an order of lines answers beside the SPEC fields, on its single-item answers: its lines, its sales status and
 * its total (its row's price × quantity). An order without lines answers exactly as before: nothing.
 */
export async function lineFieldsOf(reader: Kysely<Database>, order: Omit<Selectable<OrdersTable>, 'line_count'> & { line_count?: number }) {
  if (!order.line_count) return {};
  const lines = await linesOf(reader, { ...order, line_count: Number(order.line_count) });
  return {
    lines: lines.map(lineAnswer),
    salesStatus: salesOrderStatus(lines),
    total: fromCents(Number(order.price_cents) * Number(order.quantity)),
  };
}
