import { MAX_QUANTITY } from './constants';
import { MAX_PURCHASE_ORDER_LINES } from './purchase-orders';
import { compareBytes } from './query-items';
import { supplierNameKey } from './suppliers';

/**
 * "Order these" (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): the chosen low-stock products turned
 * into draft purchase orders, one per preferred supplier. A product is low while its stock and what is on order are at
 * or below its reorder point; each line orders what brings it back ABOVE the point, counting what is on order, in
 * whole packs of the supplier:
 *
 *   shortfall = (reorder point + 1) − on hand − on order    (never below 0; the target at most MAX_QUANTITY)
 *   quantity  = shortfall rounded up to whole packs         (at most the whole packs a line may hold)
 *
 * What is on order is taken off before rounding, so a line is always whole packs and nothing is ordered twice.
 * Products with nothing to order are dropped; products without a preferred supplier are reported apart with their
 * shortfall (someone chooses the supplier).
 */

/** A chosen product as the suggestion needs it. */
export interface ReorderCandidate {
  productId: string;
  name: string;
  onHand: number;
  reorderPoint: number | null;
  onOrder: number;
  /** The product's own cost in cents, used when the supplier has no last cost. */
  costCents?: number | null;
  /** Its preferred supplier's link (preferredSupplierOf), or null. */
  supplier: { supplierId: string; name: string; packSize: number; lastCostCents: number | null } | null;
}

export interface SuggestedLine {
  productId: string;
  name: string;
  quantity: number;
  packSize: number;
  packs: number;
  /** The supplier's last cost, else the product's cost, else null (the draft's line waits for one). */
  unitCostCents: number | null;
}

export interface SuggestedPurchaseOrder {
  supplierId: string;
  supplierName: string;
  lines: SuggestedLine[];
}

export interface ReorderSuggestion {
  /** One draft per supplier (more when a supplier has over MAX_PURCHASE_ORDER_LINES lines), by supplier name. */
  orders: SuggestedPurchaseOrder[];
  /** Products to order that have no preferred supplier, with their shortfall in units. */
  withoutSupplier: { productId: string; name: string; quantity: number }[];
  /** Products chosen that need nothing: above their point, or covered by what is on order (or with no point). */
  nothingToOrder: string[];
}

/** What brings a product back above its reorder point, counting what is on order: 0 when nothing does (or no point). */
export function reorderShortfall(onHand: number, reorderPoint: number | null, onOrder: number): number {
  if (reorderPoint === null) return 0;
  const target = Math.min(reorderPoint + 1, MAX_QUANTITY);
  return Math.max(0, target - Math.max(0, onHand) - Math.max(0, onOrder));
}

/** `quantity` rounded up to whole packs of `packSize`, and at most the whole packs a line may hold (MAX_QUANTITY). */
export function roundUpToPacks(quantity: number, packSize: number): number {
  if (!Number.isSafeInteger(packSize) || packSize < 1 || packSize > MAX_QUANTITY)
    throw new RangeError(`A pack size must be a whole number from 1 to ${MAX_QUANTITY}, not ${packSize}`);
  if (quantity <= 0) return 0;
  return Math.min(Math.ceil(quantity / packSize), Math.floor(MAX_QUANTITY / packSize)) * packSize;
}

/**
 * The draft purchase orders for the chosen products (each product once, the first time it is named; lines in the
 * order the products were chosen).
 */
export function reorderSuggestion(candidates: readonly ReorderCandidate[]): ReorderSuggestion {
  const seen = new Set<string>();
  const bySupplier = new Map<string, SuggestedPurchaseOrder>();
  const withoutSupplier: ReorderSuggestion['withoutSupplier'] = [];
  const nothingToOrder: string[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.productId)) continue;
    seen.add(candidate.productId);
    const shortfall = reorderShortfall(candidate.onHand, candidate.reorderPoint, candidate.onOrder);
    if (shortfall === 0) {
      nothingToOrder.push(candidate.productId);
      continue;
    }
    const { supplier } = candidate;
    if (supplier === null) {
      withoutSupplier.push({ productId: candidate.productId, name: candidate.name, quantity: shortfall });
      continue;
    }
    const quantity = roundUpToPacks(shortfall, supplier.packSize);
    const order = bySupplier.get(supplier.supplierId) ?? {
      supplierId: supplier.supplierId,
      supplierName: supplier.name,
      lines: [],
    };
    bySupplier.set(supplier.supplierId, order);
    order.lines.push({
      productId: candidate.productId,
      name: candidate.name,
      quantity,
      packSize: supplier.packSize,
      packs: quantity / supplier.packSize,
      unitCostCents: supplier.lastCostCents ?? candidate.costCents ?? null,
    });
  }
  const orders = [...bySupplier.values()]
    .sort(
      (a, b) =>
        compareBytes(supplierNameKey(a.supplierName), supplierNameKey(b.supplierName)) ||
        compareBytes(a.supplierId, b.supplierId),
    )
    .flatMap((order) => {
      const parts: SuggestedPurchaseOrder[] = [];
      for (let start = 0; start < order.lines.length; start += MAX_PURCHASE_ORDER_LINES) {
        parts.push({ ...order, lines: order.lines.slice(start, start + MAX_PURCHASE_ORDER_LINES) });
      }
      return parts;
    });
  return { orders, withoutSupplier, nothingToOrder };
}
