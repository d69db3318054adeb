import { checkLineQuantities, type LineQuantityRefusal, type RequestedLine } from './line-quantity-request';
import { MAX_ORDER_LINES } from './order-lines';
import { quantitiesByProduct } from './order-lines-stock';
import type { OrderStockMove } from './order-stock';
import { RETURN_REASONS, type ReturnReason } from './return-reasons';
import { SALES_MESSAGES } from './sales-messages';

/**
 * Returns (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): only what was shipped on that order and not
 * yet returned, line by line, each part with a reason and whether it goes back to stock. What goes back to stock is a
 * ledger movement (`order_returned`) of its product; what does not (damaged) moves nothing. A return does not change
 * the product's cost (moving-average-cost.ts): the goods come back at the cost they carry.
 */


/** Whether goods returned for this reason go back on the shelf when the request does not say: not when damaged or defective. */
export function restocksByDefault(reason: ReturnReason): boolean {
  return reason !== 'damaged' && reason !== 'defective';
}

/** A line of the order as a return sees it. */
export interface ReturnableLine {
  lineId: string;
  name: string;
  productId: string | null;
  shipped: number;
  returned: number;
}

/** What of a line may still be returned: what shipped on this order, less what was returned already. */
export function returnableQuantity(line: Pick<ReturnableLine, 'shipped' | 'returned'>): number {
  return Math.max(0, line.shipped - line.returned);
}

/** A part of a return: `quantity` of a line, for a reason, back to stock or not. */
export interface ReturnPart {
  lineId: string;
  /** The line's number on the order, from 1. */
  line: number;
  quantity: number;
  reason: ReturnReason;
  restock: boolean;
}

export type ReturnCheck = { refusal: LineQuantityRefusal } | { parts: ReturnPart[]; requested: RequestedLine[] };

const badRequest = (message: string): ReturnCheck => ({ refusal: { status: 400, message, problems: [] } });

const isReason = (value: unknown): value is ReturnReason =>
  typeof value === 'string' && (RETURN_REASONS as readonly string[]).includes(value);

/**
 * A return request (`[{lineId, quantity, reason, restock?}]`) checked against the order's lines: 400 for a malformed
 * request or reason, 409 naming each line asked for more than shipped and not yet returned (a line may appear twice,
 * e.g. 2 back to stock and 1 damaged: their sum counts); else its parts (zeros left out) in the request's order.
 * `restock` absent takes restocksByDefault(reason).
 */
export function checkReturn(lines: readonly ReturnableLine[], request: unknown): ReturnCheck {
  // The request's own faults first (400), before what it asks is weighed against the lines (409).
  if (Array.isArray(request) && request.length <= MAX_ORDER_LINES) {
    for (const entry of request as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { reason, restock } = entry as { reason?: unknown; restock?: unknown };
      if (!isReason(reason)) return badRequest(SALES_MESSAGES.returnReasonInvalid(RETURN_REASONS));
      if (restock !== undefined && typeof restock !== 'boolean') return badRequest(SALES_MESSAGES.returnRestockInvalid);
    }
  }
  const allowances = lines.map((line) => ({ lineId: line.lineId, name: line.name, allowed: returnableQuantity(line) }));
  const checked = checkLineQuantities(allowances, request, {
    maxLines: MAX_ORDER_LINES,
    exceeds: SALES_MESSAGES.returnExceeds,
  });
  if ('refusal' in checked) return checked;
  const numbers = new Map(lines.map((line, index) => [line.lineId, index + 1]));
  const parts = (request as { lineId: string; quantity: number; reason: ReturnReason; restock?: boolean }[])
    .filter((entry) => entry.quantity > 0)
    .map((entry) => ({
      lineId: entry.lineId,
      line: numbers.get(entry.lineId)!,
      quantity: entry.quantity,
      reason: entry.reason,
      restock: entry.restock ?? restocksByDefault(entry.reason),
    }));
  return { parts, requested: checked.requested };
}

/**
 * The stock a return puts back: the parts going back to stock, summed per product (lines of free text move nothing),
 * in the lock order, each a movement `order_returned` giving back to the product the order took it from.
 */
export function returnStockMoves(
  lines: readonly Pick<ReturnableLine, 'lineId' | 'productId'>[],
  parts: readonly ReturnPart[],
): OrderStockMove[] {
  const productOf = new Map(lines.map((line) => [line.lineId, line.productId]));
  const restocked = parts
    .filter((part) => part.restock)
    .map((part) => ({ productId: productOf.get(part.lineId) ?? null, quantity: part.quantity }));
  return quantitiesByProduct(restocked).map(({ productId, quantity }) => ({
    productId,
    change: quantity,
    reason: 'order_returned',
    returning: true,
  }));
}
