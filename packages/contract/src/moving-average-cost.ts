import { divideRoundingHalfAwayFromZero } from './document-totals';
import { compareProductIds } from './order-lines-stock';

/**
 * A product's cost as a weighted moving average (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md), in
 * whole cents, exact (BigInt), by one rounding rule:
 *
 *   new cost = (onHand × old cost + Σ received × unit cost) / (onHand + Σ received), rounded half away from zero to
 *   the cent (costs are never negative, so: half a cent or more rounds up).
 *
 * - One receipt's lots of a product (several lines of it) are averaged in one step, rounded once.
 * - Stock of 0 or less before the receipt weighs nothing: the cost is what was received (a negative count would
 *   give a meaningless or even negative average; the received units first fill the hole).
 * - An unknown old cost (null) weighs nothing: the cost becomes what was received, rather than staying unknown.
 * - Selling, returns and corrections do not change it: goods leave and come back at the cost they carry.
 */

/** Units received at a unit cost. */
export interface CostLot {
  quantity: number;
  unitCostCents: number;
}

function wholeNumber(value: number, what: string, least: number): bigint {
  if (!Number.isSafeInteger(value) || value < least)
    throw new RangeError(`${what} must be a whole number of ${least} or more, not ${value}`);
  return BigInt(value);
}

/** The cost after receiving `lots` into `onHand` units that cost `costCents` each (null: not known). */
export function movingAverageCost(onHand: number, costCents: number | null, lots: readonly CostLot[]): number | null {
  if (!Number.isSafeInteger(onHand)) throw new RangeError(`Stock on hand must be a whole number, not ${onHand}`);
  if (lots.length === 0) return costCents;
  let units = 0n;
  let value = 0n;
  for (const lot of lots) {
    const quantity = wholeNumber(lot.quantity, 'A received quantity', 1);
    units += quantity;
    value += quantity * wholeNumber(lot.unitCostCents, 'A unit cost', 0);
  }
  if (costCents !== null && onHand > 0) {
    const stock = BigInt(onHand);
    units += stock;
    value += stock * wholeNumber(costCents, 'A cost', 0);
  }
  return Number(divideRoundingHalfAwayFromZero(value, units));
}

/** A product's stock and cost before a receipt. */
export interface StockCost {
  onHand: number;
  costCents: number | null;
}

/** What a receipt does to one product: its stock after it and its new cost. */
export interface CostUpdate {
  productId: string;
  onHand: number;
  costCents: number | null;
}

/**
 * The cost of every product a receipt moves: its lots (`moves`, each a product, a quantity and a unit cost) averaged
 * into the product's stock and cost before the receipt (a product missing from `before` has none and no cost), in
 * the lock order of the moves' products.
 */
export function receiptCostUpdates(
  before: ReadonlyMap<string, StockCost>,
  moves: readonly { productId: string; change: number; unitCostCents: number }[],
): CostUpdate[] {
  const lots = new Map<string, CostLot[]>();
  for (const move of moves) {
    const list = lots.get(move.productId) ?? [];
    list.push({ quantity: move.change, unitCostCents: move.unitCostCents });
    lots.set(move.productId, list);
  }
  return [...lots.keys()].sort(compareProductIds).map((productId) => {
    const { onHand, costCents } = before.get(productId) ?? { onHand: 0, costCents: null };
    const productLots = lots.get(productId)!;
    const received = productLots.reduce((sum, lot) => sum + lot.quantity, 0);
    return { productId, onHand: onHand + received, costCents: movingAverageCost(onHand, costCents, productLots) };
  });
}
