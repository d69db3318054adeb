import { randomUUID } from 'node:crypto';
import {
  checkReturn,
  checkShipment,
  MESSAGES,
  type OrderReturn,
  productLockOrder,
  returnStockMoves,
  type ReturnBody,
  type Shipment,
  type ShipmentBody,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../../db';
import type { OrdersTable } from '../../../db/types';
import { lockProducts, writeTransaction } from '../../../db/write-transaction';
import { HttpError } from '../../../http/errors';
import type { StoreContext } from '../../../stores/access';
import { changedBy } from '../../../stores/audit';
import { asRuleLine, type LineState, linesOf, lockOrder, materializeSpecLine } from './line-rows';
import { moveOrderStock, readProducts } from './line-products';
import { specFieldsOf, taxContextOf } from './spec-row';
import { recordedSaleOf, recordSale, saleOf } from '../../../reports/sales-figures';

export interface FulfilmentServiceOptions {
  db: Db;
  now?: () => Date;
}

const notFound = () => new HttpError(404, MESSAGES.orderNotFound);

/**
 * Shipments and returns of an order (issue 27; docs/decisions/0039). Each is checked by the contract's rule
 * (checkShipment, checkReturn) twice: before the transaction for a quick answer, and again inside it with the order's
 * row locked and its lines read after that lock, so two requests of one line at once queue there and the second sees
 * what the first took: neither can ship more than was ordered nor return more than shipped.
 */
export function createFulfilmentService({ db, now = () => new Date() }: FulfilmentServiceOptions) {
  async function ownedOrder(storeId: string, id: string) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The order locked and its lines as they are; a SPEC order's one line is written as a row first (0041). */
  async function lockedLines(trx: Kysely<Database>, storeId: string, id: string) {
    const row = await lockOrder(trx, storeId, id);
    if (!row) throw notFound();
    return { row, lines: await linesOf(trx, row) };
  }

  /** The order's row after its lines changed: the SPEC fields and status follow, its version moves. */
  async function followLines(trx: Kysely<Database>, store: StoreContext, row: Selectable<OrdersTable>, lines: LineState[], at: Date) {
    if (Number(row.line_count) === 0) await materializeSpecLine(trx, row, lines[0]!);
    const tax = await taxContextOf(trx, store.storeId);
    await trx
      .updateTable('orders')
      .set({ ...specFieldsOf(lines, tax), ...changedBy(store.actor, at), version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
  }

  return {
    async ship(store: StoreContext, id: string, body: ShipmentBody): Promise<Shipment> {
      const seen = await ownedOrder(store.storeId, id);
      const first = checkShipment((await linesOf(db, seen)).map(asRuleLine), body.lines);
      if ('refusal' in first) throw new HttpError(first.refusal.status, first.refusal.message);
      const at = now();
      const shipmentId = randomUUID();
      const date = body.date ?? at.toISOString().slice(0, 10);
      return writeTransaction(db, async (trx) => {
        const { row, lines } = await lockedLines(trx, store.storeId, id);
        const checked = checkShipment(lines.map(asRuleLine), body.lines);
        if ('refusal' in checked) throw new HttpError(checked.refusal.status, checked.refusal.message);
        const asked = new Map(checked.requested.map((entry) => [entry.lineId, entry.quantity]));
        const after = lines.map((line) => ({ ...line, shipped: line.shipped + (asked.get(line.id) ?? 0) }));
        await followLines(trx, store, row, after, at);
        for (const line of after) if (asked.has(line.id)) await trx.updateTable('order_lines').set({ shipped: line.shipped }).where('id', '=', line.id).execute();
        await trx
          .insertInto('shipments')
          .values({ id: shipmentId, order_id: id, store_id: store.storeId, shipped_on: date, carrier: body.carrier, tracking_number: body.trackingNumber, user_id: store.actor.userId, created_by_token: store.actor.tokenId, created_at: at.toISOString() })
          .execute();
        const shipped = checked.requested.map((entry) => ({ shipment_id: shipmentId, line_id: entry.lineId, quantity: entry.quantity }));
        await trx.insertInto('shipment_lines').values(shipped).execute();
        return {
          _id: shipmentId,
          orderId: id,
          date,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          lines: checked.requested.map((entry) => ({ lineId: entry.lineId, quantity: entry.quantity })),
          createdAt: at.toISOString(),
        };
      });
    },

    /** What comes back: restocked parts are `order_returned` movements linked to the return; the rest moves nothing. */
    async takeBack(store: StoreContext, id: string, body: ReturnBody): Promise<OrderReturn> {
      const seen = await ownedOrder(store.storeId, id);
      const seenLines = await linesOf(db, seen);
      const first = checkReturn(seenLines.map(asRuleLine), body.lines);
      if ('refusal' in first) throw new HttpError(first.refusal.status, first.refusal.message);
      const at = now();
      const returnId = randomUUID();
      return writeTransaction(db, async (trx) => {
        // The products first (the lock order): a shipped line's product never changes, so these are the ones it moves.
        await lockProducts(trx, store.storeId, productLockOrder(seenLines.map((line) => line.productId)));
        const { row, lines } = await lockedLines(trx, store.storeId, id);
        const checked = checkReturn(lines.map(asRuleLine), body.lines);
        if ('refusal' in checked) throw new HttpError(checked.refusal.status, checked.refusal.message);
        const tax = await taxContextOf(trx, store.storeId);
        const saleBefore = await recordedSaleOf(trx, row, lines, tax);
        const asked = new Map(checked.requested.map((entry) => [entry.lineId, entry.quantity]));
        const after = lines.map((line) => ({ ...line, returned: line.returned + (asked.get(line.id) ?? 0) }));
        await followLines(trx, store, row, after, at);
        for (const line of after) if (asked.has(line.id)) await trx.updateTable('order_lines').set({ returned: line.returned }).where('id', '=', line.id).execute();
        await trx.insertInto('returns').values({ id: returnId, order_id: id, store_id: store.storeId, user_id: store.actor.userId, created_by_token: store.actor.tokenId, created_at: at.toISOString() }).execute();
        await trx
          .insertInto('return_lines')
          .values(checked.parts.map((part, position) => ({ id: randomUUID(), return_id: returnId, line_id: part.lineId, position, quantity: part.quantity, reason: part.reason, restock: part.restock ? 1 : 0 })))
          .execute();
        const moves = returnStockMoves(lines.map(asRuleLine), checked.parts);
        const products = await readProducts(trx, store.storeId, moves.map((move) => move.productId));
        await moveOrderStock(trx, store, moves, { products, lines: after, orderId: id, at, returnId });
        // What came back is no longer sold; what went back on the shelf takes its cost back (0045).
        await recordSale(trx, id, saleBefore, await saleOf(trx, row, after, tax));
        return {
          _id: returnId,
          orderId: id,
          lines: checked.parts.map((part) => ({ lineId: part.lineId, quantity: part.quantity, reason: part.reason, restock: part.restock })),
          createdAt: at.toISOString(),
        };
      });
    },

    async shipments(storeId: string, id: string): Promise<Shipment[]> {
      await ownedOrder(storeId, id);
      const rows = await db.selectFrom('shipments').selectAll().where('order_id', '=', id).orderBy('created_at').orderBy('id').execute();
      const lines = rows.length === 0 ? [] : await db.selectFrom('shipment_lines').selectAll().where('shipment_id', 'in', rows.map((row) => row.id)).execute();
      return rows.map((row) => ({
        _id: row.id,
        orderId: row.order_id,
        date: row.shipped_on,
        carrier: row.carrier,
        trackingNumber: row.tracking_number,
        lines: lines.filter((line) => line.shipment_id === row.id).map((line) => ({ lineId: line.line_id, quantity: Number(line.quantity) })),
        createdAt: row.created_at,
      }));
    },

    async returns(storeId: string, id: string): Promise<OrderReturn[]> {
      await ownedOrder(storeId, id);
      const rows = await db.selectFrom('returns').selectAll().where('order_id', '=', id).orderBy('created_at').orderBy('id').execute();
      const lines = rows.length === 0 ? [] : await db.selectFrom('return_lines').selectAll().where('return_id', 'in', rows.map((row) => row.id)).orderBy('position').execute();
      return rows.map((row) => ({
        _id: row.id,
        orderId: row.order_id,
        lines: lines
          .filter((line) => line.return_id === row.id)
          .map((line) => ({ lineId: line.line_id, quantity: Number(line.quantity), reason: line.reason as OrderReturn['lines'][number]['reason'], restock: Number(line.restock) === 1 })),
        createdAt: row.created_at,
      }));
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
