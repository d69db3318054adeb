/**
 * Where an order of lines stands (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): per line what is
 * still to ship, the order's status from its lines, and what may still be done to it in that status.
 */

export const SALES_ORDER_STATUSES = ['open', 'partly_shipped', 'shipped', 'cancelled'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

export const SALES_ORDER_STATUS_LABELS: Record<SalesOrderStatus, string> = {
  open: 'Open',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** A line's progress: what was ordered (`quantity`), what has shipped, and what was cancelled of it. */
export interface LineFulfilment {
  quantity: number;
  shipped: number;
  cancelled: number;
}

/**
 * What is still to ship of a line: ordered − shipped − cancelled (never below 0). It is also what the line holds of
 * its product's stock, which the order took when it was placed: cancelling gives exactly this back.
 */
export function outstandingToShip(line: LineFulfilment): number {
  return Math.max(0, line.quantity - line.shipped - line.cancelled);
}

/**
 * An order's status from its lines: `open` while something is to ship and nothing has shipped, `partly_shipped` while
 * something is to ship and something has, `shipped` when nothing is left to ship and something shipped (an order whose
 * rest was cancelled after a shipment is shipped: all that will leave has left), `cancelled` when nothing is left to
 * ship and nothing shipped. An order without lines is open.
 */
export function salesOrderStatus(lines: readonly LineFulfilment[]): SalesOrderStatus {
  if (lines.length === 0) return 'open';
  const outstanding = lines.some((line) => outstandingToShip(line) > 0);
  const shipped = lines.some((line) => line.shipped > 0);
  if (outstanding) return shipped ? 'partly_shipped' : 'open';
  return shipped ? 'shipped' : 'cancelled';
}

/** What an order in this status may still have done to it (the role decides the rest). */
export interface SalesOrderActions {
  /** Change its lines (a shipped quantity stays: shippedLinesEditRefusal). */
  edit: boolean;
  /** Cancel what has not shipped: its stock goes back. */
  cancel: boolean;
  ship: boolean;
  /** Take back what shipped (returns.ts decides how much). */
  return: boolean;
  /** Only an order nothing of which has left. */
  delete: boolean;
}

export function salesOrderActions(status: SalesOrderStatus): SalesOrderActions {
  switch (status) {
    case 'open':
      return { edit: true, cancel: true, ship: true, return: false, delete: true };
    case 'partly_shipped':
      return { edit: true, cancel: true, ship: true, return: true, delete: false };
    case 'shipped':
      return { edit: false, cancel: false, ship: false, return: true, delete: false };
    case 'cancelled':
      return { edit: false, cancel: false, ship: false, return: false, delete: true };
  }
}
