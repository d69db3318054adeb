import { checkLineQuantities, type LineQuantityCheck } from './line-quantity-request';
import { MAX_ORDER_LINES } from './order-lines';
import { lineLabel, SALES_MESSAGES } from './sales-messages';
import {
  type LineFulfilment,
  outstandingToShip,
  SALES_ORDER_STATUS_LABELS,
  salesOrderActions,
  salesOrderStatus,
} from './sales-order-status';

/**
 * Shipments (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): what left, line by line, in parts and in
 * several shipments. A shipment moves no stock (the order took it when placed); it records what left, and the
 * order's status follows from its lines (sales-order-status.ts).
 */

/** The longest carrier and tracking number a shipment keeps. */
export const SHIPMENT_TEXT_MAX = 100;

/** A line of the order as a shipment sees it. */
export interface ShippableLine extends LineFulfilment {
  lineId: string;
  name: string;
}

/**
 * A shipment request (`[{lineId, quantity}]`) checked against the order's lines: 409 when the order has nothing to
 * ship (shipped or cancelled), 400 when the request is malformed, 409 naming each line asked for more than is left to
 * ship ("Line 2 (USB-C dock): only 1 left to ship, not 3."); else the lines to ship, summed, in the order's order.
 * Checked again when the shipment is committed, with the lines as they are then.
 */
export function checkShipment(lines: readonly ShippableLine[], request: unknown): LineQuantityCheck {
  const status = salesOrderStatus(lines);
  if (!salesOrderActions(status).ship) {
    return {
      refusal: {
        status: 409,
        message: SALES_MESSAGES.orderNotShippable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()),
        problems: [],
      },
    };
  }
  const allowances = lines.map((line) => ({ lineId: line.lineId, name: line.name, allowed: outstandingToShip(line) }));
  return checkLineQuantities(allowances, request, {
    maxLines: MAX_ORDER_LINES,
    exceeds: SALES_MESSAGES.shipmentExceeds,
  });
}

/** A line of an order before an edit: its id and product, and what has shipped of it. */
export interface EditedLineBefore extends ShippableLine {
  productId: string | null;
}

/** A line as an edit sends it: an existing line by its id, or a new one without. */
export interface EditedLineAfter {
  lineId?: string | null;
  productId: string | null;
  quantity: number;
}

export interface LinesEditRefusal {
  status: 409;
  message: string;
}

/**
 * Whether an edit of an order's lines keeps what has shipped: null when it does, else 409 naming each line it would
 * undo: a shipped line removed, its product changed, or its quantity below what shipped. An order whose status allows
 * no edit (shipped, cancelled) is refused whole.
 */
export function shippedLinesEditRefusal(
  before: readonly EditedLineBefore[],
  after: readonly EditedLineAfter[],
): LinesEditRefusal | null {
  const status = salesOrderStatus(before);
  if (!salesOrderActions(status).edit)
    return { status: 409, message: SALES_MESSAGES.orderNotEditable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()) };
  const sent = new Map<string, EditedLineAfter>();
  for (const line of after) if (typeof line.lineId === 'string') sent.set(line.lineId, line);
  const problems = before.flatMap((line, index) => {
    if (line.shipped <= 0) return [];
    const label = lineLabel([index + 1], line.name);
    const edited = sent.get(line.lineId);
    if (edited === undefined) return [SALES_MESSAGES.shippedLineRemoved(label, line.shipped)];
    if (edited.productId !== line.productId) return [SALES_MESSAGES.shippedLineProductChanged(label)];
    return edited.quantity < line.shipped ? [SALES_MESSAGES.shippedLineBelowShipped(label, line.shipped)] : [];
  });
  return problems.length > 0 ? { status: 409, message: problems.join(' ') } : null;
}

/** Whether the order may be cancelled now: null, or 409 for one that is shipped or cancelled already. */
export function orderCancellationRefusal(lines: readonly LineFulfilment[]): LinesEditRefusal | null {
  const status = salesOrderStatus(lines);
  return salesOrderActions(status).cancel
    ? null
    : { status: 409, message: SALES_MESSAGES.orderNotCancellable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()) };
}
