import type { OrderStockMove } from './order-stock';
import { lineLabel, SALES_MESSAGES } from './sales-messages';
import { type LineFulfilment, outstandingToShip } from './sales-order-status';

/**
 * How an order of several lines takes and gives back stock (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md).
 * Placing it takes every line's quantity, summed per product; an edit moves only the differences per product; cancelling
 * gives back what has not shipped. Every list of moves is in product-id order, the order the server locks products in
 * (0023), so two orders naming the same products never wait on each other in opposite orders. A line of free text
 * (no product) moves nothing.
 */

/** A line as stock sees it. */
export interface StockLine {
  productId: string | null;
  quantity: number;
}

/** A line with the name its refusals give it (the product's name, or the line's text). */
export interface NamedStockLine extends StockLine {
  name: string;
}

/** A line of a placed order: what has shipped and what was cancelled of it. */
export interface HeldStockLine extends StockLine, LineFulfilment {}

export interface ProductQuantity {
  productId: string;
  quantity: number;
}

/** The lock order of products: by id, compared as the server's `lockProducts` sorts them (UTF-16 code units). */
export function compareProductIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The products a write names, each once, in the lock order; nulls (free text) left out. */
export function productLockOrder(ids: Iterable<string | null | undefined>): string[] {
  const unique = new Set<string>();
  for (const id of ids) if (typeof id === 'string') unique.add(id);
  return [...unique].sort(compareProductIds);
}

/** The lines' quantities summed per product, in the lock order; products summing to 0 are left out. */
export function quantitiesByProduct(lines: readonly StockLine[]): ProductQuantity[] {
  const sums = new Map<string, number>();
  for (const line of lines)
    if (line.productId !== null) sums.set(line.productId, (sums.get(line.productId) ?? 0) + line.quantity);
  return productLockOrder(sums.keys())
    .map((productId) => ({ productId, quantity: sums.get(productId)! }))
    .filter((entry) => entry.quantity !== 0);
}

/** Placing an order takes each product's summed quantity, in the lock order. */
export function orderLinesPlacementMoves(lines: readonly StockLine[]): OrderStockMove[] {
  return quantitiesByProduct(lines).map(({ productId, quantity }) => ({
    productId,
    change: -quantity,
    reason: 'order_placed',
    returning: false,
  }));
}

/**
 * An edit of an open (or partly shipped) order's lines moves each product by the difference of what the lines held
 * before and after: a line raised takes the difference, a line lowered or removed gives it back (`returning`), a line
 * moved to another product gives to the old one and takes from the new. Products whose sum did not change do not move.
 */
export function orderLinesEditMoves(before: readonly StockLine[], after: readonly StockLine[]): OrderStockMove[] {
  const held = new Map<string, number>();
  for (const { productId, quantity } of quantitiesByProduct(before)) held.set(productId, quantity);
  for (const { productId, quantity } of quantitiesByProduct(
    after.map((line) => ({ productId: line.productId, quantity: -line.quantity })),
  )) {
    held.set(productId, (held.get(productId) ?? 0) + quantity);
  }
  return productLockOrder(held.keys())
    .filter((productId) => held.get(productId) !== 0)
    .map((productId) => {
      const change = held.get(productId)!;
      return { productId, change, reason: 'order_changed', returning: change > 0 };
    });
}

/**
 * Cancelling an order gives back what its lines still hold, per product: what is outstanding to ship (the order took
 * it when placed; what shipped has left and stays gone).
 */
export function orderLinesCancellationMoves(lines: readonly HeldStockLine[]): OrderStockMove[] {
  return quantitiesByProduct(
    lines.map((line) => ({ productId: line.productId, quantity: outstandingToShip(line) })),
  ).map(({ productId, quantity }) => ({
    productId,
    change: quantity,
    reason: 'order_cancelled',
    returning: true,
  }));
}

/** One product an order cannot have: the lines that name it, what they want of it and what the product has. */
export interface StockShortage {
  productId: string;
  /** The lines naming the product, numbered from 1 in the order's order. */
  lines: number[];
  name: string;
  /** What the move would take (the whole quantity on a placement, the increase on an edit). */
  wanted: number;
  available: number;
}

/**
 * The products of `moves` that take more than is `available` (a product missing from it has none), each with the
 * lines of `lines` that name it; in the order of their first line, as people read the order.
 */
export function stockShortages(
  moves: readonly Pick<OrderStockMove, 'productId' | 'change'>[],
  available: ReadonlyMap<string, number>,
  lines: readonly NamedStockLine[],
): StockShortage[] {
  const shortages: StockShortage[] = [];
  for (const move of [...moves].sort((a, b) => compareProductIds(a.productId, b.productId))) {
    const has = available.get(move.productId) ?? 0;
    if (move.change >= 0 || -move.change <= has) continue;
    const numbers = lines.flatMap((line, index) => (line.productId === move.productId ? [index + 1] : []));
    const name = lines.find((line) => line.productId === move.productId)?.name ?? '';
    shortages.push({
      productId: move.productId,
      lines: numbers,
      name,
      wanted: -move.change,
      available: Math.max(0, has),
    });
  }
  const first = (shortage: StockShortage) => shortage.lines[0] ?? Number.MAX_SAFE_INTEGER;
  return shortages.sort((a, b) => first(a) - first(b));
}

/** A refusal of an order's stock: 409, a message naming each short line and what is available, and the shortages. */
export interface StockRefusal {
  status: 409;
  message: string;
  shortages: StockShortage[];
}

/**
 * Whether an order's moves can all be made: null when they can, else a refusal naming EACH short line ("Not enough
 * stock. Line 1 (Laptop): 3 ordered, only 1 available. Lines 2 and 4 (USB-C cable): 5 ordered, none available.").
 * `edit` says the moves are an edit's, so what is wanted is more than the lines held ("2 more ordered").
 */
export function orderStockRefusal(
  moves: readonly Pick<OrderStockMove, 'productId' | 'change'>[],
  available: ReadonlyMap<string, number>,
  lines: readonly NamedStockLine[],
  { edit = false }: { edit?: boolean } = {},
): StockRefusal | null {
  const shortages = stockShortages(moves, available, lines);
  if (shortages.length === 0) return null;
  const problems = shortages.map((shortage) =>
    SALES_MESSAGES.lineShort(lineLabel(shortage.lines, shortage.name), shortage.wanted, shortage.available, edit),
  );
  return { status: 409, message: SALES_MESSAGES.notEnoughStock(problems), shortages };
}
