import { describe, expect, it } from 'vitest';
import { movingAverageCost, receiptCostUpdates } from '../src';

function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

describe('the weighted moving average cost, in whole cents, half away from zero', () => {
  it('issue 28’s worked example: receive 10 at 1.00, sell 5, receive 5 at 1.30 → 1.15', () => {
    // Nothing on hand and no cost yet: the first receipt's cost is the cost. (0 × ? + 10 × 100) / 10 = 100.
    let onHand = 0;
    let cost = movingAverageCost(onHand, null, [{ quantity: 10, unitCostCents: 100 }]);
    onHand += 10;
    expect(cost).toBe(100);
    // Selling 5 leaves 5 at 1.00: a sale does not change the cost.
    onHand -= 5;
    // (5 × 100 + 5 × 130) / (5 + 5) = (500 + 650) / 10 = 1150 / 10 = 115 cents exactly: 1.15.
    cost = movingAverageCost(onHand, cost, [{ quantity: 5, unitCostCents: 130 }]);
    expect(cost).toBe(115);
  });

  it('rounds the exact quotient once, half away from zero to the cent', () => {
    // (3 × 100 + 4 × 133) / 7 = 832 / 7 = 118.857… → 119.
    expect(movingAverageCost(3, 100, [{ quantity: 4, unitCostCents: 133 }])).toBe(119);
    // (1 × 100 + 1 × 101) / 2 = 100.5 → 101 (half away from zero; banker's rounding would give 100).
    expect(movingAverageCost(1, 100, [{ quantity: 1, unitCostCents: 101 }])).toBe(101);
    // (2 × 100 + 1 × 101) / 3 = 100.333… → 100.
    expect(movingAverageCost(2, 100, [{ quantity: 1, unitCostCents: 101 }])).toBe(100);
    // (1 × 100 + 2 × 101) / 3 = 100.666… → 101.
    expect(movingAverageCost(1, 100, [{ quantity: 2, unitCostCents: 101 }])).toBe(101);
  });

  it('averages one receipt’s lots of a product in one step, rounded once', () => {
    // 1 on hand at 0.00, then lots of 1 at 0.01 and 1 at 0.00: (1 × 0 + 1 × 1 + 1 × 0) / 3 = 0.333… → 0 cents.
    expect(
      movingAverageCost(1, 0, [
        { quantity: 1, unitCostCents: 1 },
        { quantity: 1, unitCostCents: 0 },
      ]),
    ).toBe(0);
    // Lot by lot, the first rounding would carry into the second: (0 + 1) / 2 = 0.5 → 1, then (2 × 1 + 0) / 3 = 0.667 → 1.
    const first = movingAverageCost(1, 0, [{ quantity: 1, unitCostCents: 1 }]);
    expect(movingAverageCost(2, first, [{ quantity: 1, unitCostCents: 0 }])).toBe(1);
    // (10 × 100 + 1 × 101 + 1 × 101) / 12 = 1202 / 12 = 100.166… → 100.
    expect(
      movingAverageCost(10, 100, [
        { quantity: 1, unitCostCents: 101 },
        { quantity: 1, unitCostCents: 101 },
      ]),
    ).toBe(100);
  });

  it('stock of 0 or less weighs nothing: the cost is what was received', () => {
    expect(movingAverageCost(0, 999, [{ quantity: 4, unitCostCents: 130 }])).toBe(130);
    // A negative count (it should not happen: the ledger refuses it) does not weigh against the receipt.
    expect(movingAverageCost(-3, 999, [{ quantity: 4, unitCostCents: 130 }])).toBe(130);
    expect(
      movingAverageCost(-3, 999, [
        { quantity: 1, unitCostCents: 100 },
        { quantity: 2, unitCostCents: 101 },
      ]),
    ).toBe(101);
  });

  it('an unknown cost weighs nothing: the cost becomes what was received', () => {
    expect(movingAverageCost(50, null, [{ quantity: 1, unitCostCents: 130 }])).toBe(130);
  });

  it('nothing received changes nothing, even an unknown cost', () => {
    expect(movingAverageCost(5, 115, [])).toBe(115);
    expect(movingAverageCost(5, null, [])).toBeNull();
  });

  it('refuses what is not a receipt', () => {
    expect(() => movingAverageCost(5, 100, [{ quantity: 0, unitCostCents: 100 }])).toThrow(RangeError);
    expect(() => movingAverageCost(5, 100, [{ quantity: 1.5, unitCostCents: 100 }])).toThrow(RangeError);
    expect(() => movingAverageCost(5, 100, [{ quantity: 1, unitCostCents: -1 }])).toThrow(RangeError);
    expect(() => movingAverageCost(5, 100.5, [{ quantity: 1, unitCostCents: 1 }])).toThrow(RangeError);
    expect(() => movingAverageCost(Number.NaN, 100, [{ quantity: 1, unitCostCents: 1 }])).toThrow(RangeError);
  });

  it('is exact at the largest sizes: a million units at 10,000,000.00 and one more cent', () => {
    // (10^6 × 10^9 + 1 × 10^9) / (10^6 + 1) = 10^9; (999,999 × 10^9 + 0) / 10^6 = 999,999,000: products near 10^15, kept in BigInt.
    expect(movingAverageCost(1_000_000, 1_000_000_000, [{ quantity: 1, unitCostCents: 1_000_000_000 }])).toBe(
      1_000_000_000,
    );
    expect(movingAverageCost(999_999, 1_000_000_000, [{ quantity: 1, unitCostCents: 0 }])).toBe(999_999_000);
  });

  it('for any receipt: between the lowest and highest cost involved, and within half a cent of the exact average', () => {
    const random = seeded(189128);
    for (let i = 0; i < 2000; i += 1) {
      const onHand = random(200) - 20;
      const cost = random(10) === 0 ? null : random(100_000);
      const lots = Array.from({ length: 1 + random(3) }, () => ({
        quantity: 1 + random(100),
        unitCostCents: random(100_000),
      }));
      const result = movingAverageCost(onHand, cost, lots)!;
      const weighsStock = cost !== null && onHand > 0;
      const units = lots.reduce((sum, lot) => sum + lot.quantity, 0) + (weighsStock ? onHand : 0);
      const value =
        lots.reduce((sum, lot) => sum + lot.quantity * lot.unitCostCents, 0) + (weighsStock ? onHand * cost : 0);
      const costs = [...lots.map((lot) => lot.unitCostCents), ...(weighsStock ? [cost] : [])];
      expect(result).toBeGreaterThanOrEqual(Math.min(...costs));
      expect(result).toBeLessThanOrEqual(Math.max(...costs));
      expect(Math.abs(result - value / units)).toBeLessThanOrEqual(0.5);
      expect(Number.isInteger(result)).toBe(true);
    }
  });
});

describe('the costs a receipt sets', () => {
  it('per product, its lots averaged into its stock and cost before, in the lock order', () => {
    const before = new Map([
      ['p-dock', { onHand: 5, costCents: 100 }],
      ['p-cable', { onHand: 0, costCents: 120 }],
    ]);
    expect(
      receiptCostUpdates(before, [
        { productId: 'p-dock', change: 3, unitCostCents: 130 },
        { productId: 'p-new', change: 2, unitCostCents: 999 },
        { productId: 'p-dock', change: 2, unitCostCents: 130 },
        { productId: 'p-cable', change: 10, unitCostCents: 125 },
      ]),
    ).toEqual([
      { productId: 'p-cable', onHand: 10, costCents: 125 },
      { productId: 'p-dock', onHand: 10, costCents: 115 },
      { productId: 'p-new', onHand: 2, costCents: 999 },
    ]);
  });
});
