import type { OrderStatus } from './order-status';
import type { MovementReason } from './stock';

/**
 * How orders take and give back stock. The server's order service and the mocks move stock by these moves; each
 * move goes through the store's ledger, which refuses to go below 0 (409 with what is available).
 */
export interface OrderHolding {
  status: OrderStatus;
  productId: string | null;
  quantity: number;
}

/** One change of a product's stock for an order; `returning` gives stock back to the product it was taken from. */
export interface OrderStockMove {
  productId: string;
  change: number;
  reason: MovementReason;
  returning: boolean;
}

/** How much stock an order holds: its quantity while open or fulfilled with a product; nothing once cancelled. */
export function heldStock(order: OrderHolding): number {
  return order.productId !== null && order.status !== 'cancelled' ? order.quantity : 0;
}

/** Placing an order takes its quantity from its product. */
export function orderPlacementMoves(order: OrderHolding): OrderStockMove[] {
  return order.productId === null
    ? []
    : [{ productId: order.productId, change: -order.quantity, reason: 'order_placed', returning: false }];
}

/**
 * The moves an edit implies, from what the order held before to what it holds after: a new quantity moves the
 * difference, cancelling gives the stock back, reopening takes it again, another product gives back to the old one
 * and takes from the new.
 */
export function orderEditMoves(before: OrderHolding, after: OrderHolding): OrderStockMove[] {
  const reason: MovementReason =
    after.status === 'cancelled' && before.status !== 'cancelled'
      ? 'order_cancelled'
      : before.status === 'cancelled' && after.status !== 'cancelled'
        ? 'order_reopened'
        : 'order_changed';
  if (before.productId === after.productId) {
    const change = heldStock(before) - heldStock(after);
    return change !== 0 && after.productId !== null
      ? [{ productId: after.productId, change, reason, returning: false }]
      : [];
  }
  const moves: OrderStockMove[] = [];
  if (before.productId !== null && heldStock(before) > 0) {
    moves.push({ productId: before.productId, change: heldStock(before), reason, returning: true });
  }
  if (after.productId !== null && heldStock(after) > 0) {
    moves.push({ productId: after.productId, change: -heldStock(after), reason, returning: false });
  }
  return moves;
}

/** Deleting an open order gives its stock back (a fulfilled one's goods have left, a cancelled one's came back). */
export function orderDeletionMoves(order: OrderHolding): OrderStockMove[] {
  return order.status === 'open' && order.productId !== null
    ? [{ productId: order.productId, change: order.quantity, reason: 'order_deleted', returning: true }]
    : [];
}
