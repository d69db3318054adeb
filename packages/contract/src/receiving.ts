import { checkLineQuantities, type LineQuantityRefusal } from './line-quantity-request';
import { compareProductIds } from './order-lines-stock';
import type { OrderStockMove } from './order-stock';
import { PURCHASE_MESSAGES } from './purchase-messages';
import {
  MAX_PURCHASE_ORDER_LINES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
  readUnitCostCents,
  unitCostProblem,
} from './purchase-orders';

/**
 * Receiving a purchase order (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): line by line, in parts,
 * in several receipts, never more than is outstanding on a line (checked when the receipt is committed, so two
 * receipts of one line at once cannot pass the ordered quantity). Each part received is a ledger movement `received`
 * of its product at its unit cost (the line's, or the one the receipt gives), which moving-average-cost.ts averages
 * into the product's cost. The order's status follows its lines.
 */

/** A line of the purchase order as receiving sees it. */
export interface ReceivableLine {
  lineId: string;
  name: string;
  productId: string;
  /** Ordered. */
  quantity: number;
  received: number;
  unitCostCents: number | null;
}

/** What is still to come of a line: ordered − received (never below 0). */
export function outstandingToReceive(line: Pick<ReceivableLine, 'quantity' | 'received'>): number {
  return Math.max(0, line.quantity - line.received);
}

/** Only an order sent and not fully received (nor cancelled) is received. */
export function isReceivable(status: PurchaseOrderStatus): boolean {
  return status === 'ordered' || status === 'partly_received';
}

/** A part of a receipt: `quantity` of a line at a unit cost. */
export interface ReceiptPart {
  lineId: string;
  line: number;
  productId: string;
  quantity: number;
  unitCostCents: number;
}

export type ReceiptCheck = { refusal: LineQuantityRefusal } | { parts: ReceiptPart[] };

const refused = (status: 400 | 409, message: string): ReceiptCheck => ({ refusal: { status, message, problems: [] } });

/**
 * A receipt (`[{lineId, quantity, unitCost?}]`, `unitCost` in units when it differs from the line's) checked against
 * the order: 409 when the order is not receivable (a draft, received, cancelled), 400 for a malformed request or a
 * line with no unit cost anywhere, 409 naming each line asked for more than is outstanding ("Line 2 (USB-C dock):
 * only 20 outstanding, not 30."); else its parts, zeros left out, in the request's order.
 */
export function checkReceipt(
  status: PurchaseOrderStatus,
  lines: readonly ReceivableLine[],
  request: unknown,
): ReceiptCheck {
  if (!isReceivable(status))
    return refused(409, PURCHASE_MESSAGES.notReceivable(PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()));
  if (Array.isArray(request) && request.length <= MAX_PURCHASE_ORDER_LINES) {
    for (const entry of request as unknown[]) {
      if (typeof entry === 'object' && entry !== null && unitCostProblem((entry as { unitCost?: unknown }).unitCost)) {
        return refused(400, PURCHASE_MESSAGES.receiptUnitCostInvalid);
      }
    }
  }
  const allowances = lines.map((line) => ({
    lineId: line.lineId,
    name: line.name,
    allowed: outstandingToReceive(line),
  }));
  const checked = checkLineQuantities(allowances, request, {
    maxLines: MAX_PURCHASE_ORDER_LINES,
    exceeds: PURCHASE_MESSAGES.receiptExceeds,
  });
  if ('refusal' in checked) return checked;
  const byId = new Map(lines.map((line, index) => [line.lineId, { line, number: index + 1 }]));
  const parts: ReceiptPart[] = [];
  for (const entry of request as { lineId: string; quantity: number; unitCost?: string | number | null }[]) {
    if (entry.quantity === 0) continue;
    const { line, number } = byId.get(entry.lineId)!;
    const unitCostCents = readUnitCostCents(entry.unitCost) ?? line.unitCostCents;
    if (unitCostCents === null) return refused(400, PURCHASE_MESSAGES.receiptUnitCostInvalid);
    parts.push({
      lineId: line.lineId,
      line: number,
      productId: line.productId,
      quantity: entry.quantity,
      unitCostCents,
    });
  }
  return { parts };
}

/** A receipt's movement: a part received into its product, with its line and unit cost (kept on the movement). */
export interface ReceiptMove extends OrderStockMove {
  lineId: string;
  unitCostCents: number;
}

/** The movements of a receipt, one per part, in the lock order of their products (then in the receipt's order). */
export function receiptStockMoves(parts: readonly ReceiptPart[]): ReceiptMove[] {
  return [...parts]
    .sort((a, b) => compareProductIds(a.productId, b.productId))
    .map((part) => ({
      productId: part.productId,
      change: part.quantity,
      reason: 'received',
      returning: false,
      lineId: part.lineId,
      unitCostCents: part.unitCostCents,
    }));
}

/**
 * The status a sent order has from its lines after receipts: received when nothing is outstanding, partly received
 * when something came, else ordered.
 */
export function purchaseOrderStatusAfterReceipt(
  lines: readonly Pick<ReceivableLine, 'quantity' | 'received'>[],
): 'ordered' | 'partly_received' | 'received' {
  if (lines.every((line) => outstandingToReceive(line) === 0)) return 'received';
  return lines.some((line) => line.received > 0) ? 'partly_received' : 'ordered';
}

/**
 * What is on order per product: the outstanding quantity of every line of the orders that are sent and not fully
 * received (a draft is not on order yet; a cancelled order no longer is). Products with nothing on order are absent.
 */
export function onOrderByProduct(
  orders: readonly {
    status: PurchaseOrderStatus;
    lines: readonly Pick<ReceivableLine, 'productId' | 'quantity' | 'received'>[];
  }[],
): Map<string, number> {
  const onOrder = new Map<string, number>();
  for (const order of orders) {
    if (!isReceivable(order.status)) continue;
    for (const line of order.lines) {
      const outstanding = outstandingToReceive(line);
      if (outstanding > 0) onOrder.set(line.productId, (onOrder.get(line.productId) ?? 0) + outstanding);
    }
  }
  return onOrder;
}
