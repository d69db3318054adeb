import { describe, expect, it } from 'vitest';
import {
  MAX_PURCHASE_ORDER_LINES,
  MAX_QUANTITY,
  type ReorderCandidate,
  reorderShortfall,
  reorderSuggestion,
  roundUpToPacks,
} from '../src';

function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

const northwind = (packSize = 1, lastCostCents: number | null = null) => ({
  supplierId: 's-north',
  name: 'Northwind',
  packSize,
  lastCostCents,
});
const acme = (packSize = 1, lastCostCents: number | null = null) => ({
  supplierId: 's-acme',
  name: 'acme',
  packSize,
  lastCostCents,
});

const candidate = (
  productId: string,
  onHand: number,
  reorderPoint: number | null,
  onOrder: number,
  supplier: ReorderCandidate['supplier'],
  costCents?: number | null,
): ReorderCandidate => ({
  productId,
  name: `Product ${productId}`,
  onHand,
  reorderPoint,
  onOrder,
  supplier,
  costCents,
});

describe('what brings a product back above its reorder point', () => {
  it('is point + 1 − on hand − on order, never below 0', () => {
    expect(reorderShortfall(3, 10, 0)).toBe(8);
    expect(reorderShortfall(10, 10, 0)).toBe(1);
    expect(reorderShortfall(11, 10, 0)).toBe(0);
    expect(reorderShortfall(3, 10, 5)).toBe(3);
    expect(reorderShortfall(3, 10, 8)).toBe(0);
    expect(reorderShortfall(0, 0, 0)).toBe(1);
    expect(reorderShortfall(5, null, 0)).toBe(0);
    // Never past the most a product may hold.
    expect(reorderShortfall(0, MAX_QUANTITY, 0)).toBe(MAX_QUANTITY);
  });

  it('in whole packs, rounded up, and never more packs than a line may hold', () => {
    expect(roundUpToPacks(8, 1)).toBe(8);
    expect(roundUpToPacks(8, 12)).toBe(12);
    expect(roundUpToPacks(12, 12)).toBe(12);
    expect(roundUpToPacks(13, 12)).toBe(24);
    expect(roundUpToPacks(0, 12)).toBe(0);
    expect(roundUpToPacks(MAX_QUANTITY, 600_000)).toBe(600_000);
    expect(() => roundUpToPacks(5, 0)).toThrow(RangeError);
    expect(() => roundUpToPacks(5, 1.5)).toThrow(RangeError);
  });
});

describe('"Order these": draft purchase orders, one per preferred supplier', () => {
  it('groups by supplier (by name, whatever its case), keeps the chosen order within each, takes on-order off before packing', () => {
    const suggestion = reorderSuggestion([
      candidate('dock', 3, 10, 0, northwind(5, 4500)),
      candidate('cable', 2, 20, 10, acme(12, 130)),
      candidate('laptop', 0, 2, 0, northwind(1), 80000),
      candidate('mouse', 1, 4, 0, null),
      candidate('covered', 3, 10, 8, northwind(1, 100)),
      candidate('fine', 30, 10, 0, acme(1, 100)),
      candidate('no-point', 0, null, 0, acme(1, 100)),
    ]);
    expect(suggestion).toEqual({
      orders: [
        {
          supplierId: 's-acme',
          supplierName: 'acme',
          // 20 + 1 − 2 − 10 = 9 → one pack of 12.
          lines: [
            { productId: 'cable', name: 'Product cable', quantity: 12, packSize: 12, packs: 1, unitCostCents: 130 },
          ],
        },
        {
          supplierId: 's-north',
          supplierName: 'Northwind',
          lines: [
            // 10 + 1 − 3 = 8 → 2 packs of 5.
            { productId: 'dock', name: 'Product dock', quantity: 10, packSize: 5, packs: 2, unitCostCents: 4500 },
            // No last cost at the supplier: the product's own cost.
            { productId: 'laptop', name: 'Product laptop', quantity: 3, packSize: 1, packs: 3, unitCostCents: 80000 },
          ],
        },
      ],
      withoutSupplier: [{ productId: 'mouse', name: 'Product mouse', quantity: 4 }],
      nothingToOrder: ['covered', 'fine', 'no-point'],
    });
  });

  it('what is on order is subtracted before packing: lines stay whole packs (the other way round would order 9 of a pack of 12)', () => {
    const [line] = reorderSuggestion([candidate('cable', 2, 20, 10, acme(12))]).orders[0]!.lines;
    expect(line!.quantity % 12).toBe(0);
  });

  it('a product chosen twice is ordered once; an unknown cost stays unknown', () => {
    const suggestion = reorderSuggestion([
      candidate('dock', 0, 1, 0, northwind()),
      candidate('dock', 0, 1, 0, northwind()),
    ]);
    expect(suggestion.orders).toEqual([
      {
        supplierId: 's-north',
        supplierName: 'Northwind',
        lines: [{ productId: 'dock', name: 'Product dock', quantity: 2, packSize: 1, packs: 2, unitCostCents: null }],
      },
    ]);
  });

  it('splits a supplier’s list past 500 lines into several drafts', () => {
    const many = Array.from({ length: MAX_PURCHASE_ORDER_LINES * 2 + 1 }, (_, i) =>
      candidate(`p${i}`, 0, 1, 0, northwind()),
    );
    const orders = reorderSuggestion(many).orders;
    expect(orders.map((order) => order.lines.length)).toEqual([500, 500, 1]);
    expect(orders.flatMap((order) => order.lines.map((line) => line.productId))).toEqual(many.map((c) => c.productId));
  });

  it('for any choice: each line brings its product above its point in whole packs, by less than one pack too many', () => {
    const random = seeded(1237);
    for (let i = 0; i < 1000; i += 1) {
      const packSize = 1 + random(24);
      const c = candidate(
        'p',
        random(40),
        random(4) === 0 ? null : random(40),
        random(30),
        random(5) === 0 ? null : northwind(packSize),
      );
      const suggestion = reorderSuggestion([c]);
      const line = suggestion.orders[0]?.lines[0];
      const lacking = c.reorderPoint !== null && c.onHand + c.onOrder <= c.reorderPoint;
      expect(line !== undefined || suggestion.withoutSupplier.length > 0, JSON.stringify(c)).toBe(lacking);
      if (!line) continue;
      expect(line.quantity % packSize).toBe(0);
      expect(c.onHand + c.onOrder + line.quantity).toBeGreaterThan(c.reorderPoint!);
      expect(c.onHand + c.onOrder + line.quantity - packSize).toBeLessThanOrEqual(c.reorderPoint!);
    }
  });
});
