import { describe, expect, it } from 'vitest';
import {
  compareProductIds,
  type NamedStockLine,
  orderLinesCancellationMoves,
  orderLinesEditMoves,
  orderLinesPlacementMoves,
  orderStockRefusal,
  productLockOrder,
  quantitiesByProduct,
  type StockLine,
  stockShortages,
} from '../src';

function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

// Ids in an order that is not the lines' order, so the lock order shows.
const LAPTOP = 'c3';
const DOCK = 'a1';
const CABLE = 'b2';

/** The basket: a laptop, a dock and two cables (on two lines), and a line of free text. */
const basket: NamedStockLine[] = [
  { productId: LAPTOP, quantity: 1, name: 'Laptop 14"' },
  { productId: DOCK, quantity: 1, name: 'USB-C dock' },
  { productId: CABLE, quantity: 1, name: 'USB-C cable' },
  { productId: null, quantity: 1, name: 'Gift wrapping' },
  { productId: CABLE, quantity: 1, name: 'USB-C cable' },
];

const sumOfChanges = (moves: { productId: string; change: number }[]) => {
  const sums = new Map<string, number>();
  for (const move of moves) sums.set(move.productId, (sums.get(move.productId) ?? 0) + move.change);
  return sums;
};

describe('the lock order: products by id, each once', () => {
  it('sorts ids as the server’s lockProducts does, drops repeats and free text', () => {
    expect(productLockOrder(['c3', null, 'a1', 'b2', 'a1', undefined])).toEqual(['a1', 'b2', 'c3']);
    expect(productLockOrder([])).toEqual([]);
    // UTF-16 code units, as Array.prototype.sort: upper case before lower case, shorter prefix first.
    expect(['b', 'B', 'a1', 'a'].sort(compareProductIds)).toEqual(['B', 'a', 'a1', 'b']);
    expect(['b', 'B', 'a1', 'a'].sort(compareProductIds)).toEqual(['b', 'B', 'a1', 'a'].sort());
  });

  it('sums the lines per product, in the lock order, leaving out free text and sums of 0', () => {
    expect(quantitiesByProduct(basket)).toEqual([
      { productId: DOCK, quantity: 1 },
      { productId: CABLE, quantity: 2 },
      { productId: LAPTOP, quantity: 1 },
    ]);
    expect(
      quantitiesByProduct([
        { productId: 'x', quantity: 2 },
        { productId: 'x', quantity: -2 },
      ]),
    ).toEqual([]);
  });
});

describe('placing an order of lines takes every product’s summed quantity', () => {
  it('one move per product, in the lock order, free text moving nothing', () => {
    expect(orderLinesPlacementMoves(basket)).toEqual([
      { productId: DOCK, change: -1, reason: 'order_placed', returning: false },
      { productId: CABLE, change: -2, reason: 'order_placed', returning: false },
      { productId: LAPTOP, change: -1, reason: 'order_placed', returning: false },
    ]);
    expect(orderLinesPlacementMoves([{ productId: null, quantity: 3 }])).toEqual([]);
  });
});

describe('editing an order’s lines moves only the differences', () => {
  it('a raised line takes the difference; a lowered or removed one gives it back; untouched products do not move', () => {
    const after: StockLine[] = [
      { productId: LAPTOP, quantity: 3 },
      { productId: CABLE, quantity: 1 },
    ];
    expect(orderLinesEditMoves(basket, after)).toEqual([
      { productId: DOCK, change: 1, reason: 'order_changed', returning: true },
      { productId: CABLE, change: 1, reason: 'order_changed', returning: true },
      { productId: LAPTOP, change: -2, reason: 'order_changed', returning: false },
    ]);
    expect(orderLinesEditMoves(basket, basket)).toEqual([]);
  });

  it('lines regrouped without changing a product’s sum move nothing; a line moved to another product moves both', () => {
    const regrouped: StockLine[] = [
      { productId: CABLE, quantity: 2 },
      { productId: DOCK, quantity: 1 },
      { productId: LAPTOP, quantity: 1 },
      { productId: null, quantity: 7 },
    ];
    expect(orderLinesEditMoves(basket, regrouped)).toEqual([]);
    expect(orderLinesEditMoves([{ productId: DOCK, quantity: 2 }], [{ productId: 'd4', quantity: 2 }])).toEqual([
      { productId: DOCK, change: 2, reason: 'order_changed', returning: true },
      { productId: 'd4', change: -2, reason: 'order_changed', returning: false },
    ]);
  });
});

describe('cancelling gives back what has not shipped', () => {
  it('per product: ordered − shipped − cancelled; a line shipped whole gives nothing', () => {
    expect(
      orderLinesCancellationMoves([
        { productId: LAPTOP, quantity: 1, shipped: 1, cancelled: 0 },
        { productId: DOCK, quantity: 3, shipped: 1, cancelled: 0 },
        { productId: CABLE, quantity: 2, shipped: 0, cancelled: 0 },
        { productId: CABLE, quantity: 4, shipped: 1, cancelled: 0 },
        { productId: null, quantity: 1, shipped: 0, cancelled: 0 },
      ]),
    ).toEqual([
      { productId: DOCK, change: 2, reason: 'order_cancelled', returning: true },
      { productId: CABLE, change: 5, reason: 'order_cancelled', returning: true },
    ]);
  });

  it('an order cancelled already gives nothing more back', () => {
    expect(orderLinesCancellationMoves([{ productId: DOCK, quantity: 3, shipped: 1, cancelled: 2 }])).toEqual([]);
  });
});

describe('a shortage names each short line and what is available (409)', () => {
  it('placing the basket with too few docks and cables', () => {
    const available = new Map([
      [LAPTOP, 5],
      [DOCK, 0],
      [CABLE, 1],
    ]);
    const refusal = orderStockRefusal(orderLinesPlacementMoves(basket), available, basket);
    expect(refusal).toEqual({
      status: 409,
      message:
        'Not enough stock. Line 2 (USB-C dock): 1 ordered, none available. Lines 3 and 5 (USB-C cable): 2 ordered, only 1 available.',
      shortages: [
        { productId: DOCK, lines: [2], name: 'USB-C dock', wanted: 1, available: 0 },
        { productId: CABLE, lines: [3, 5], name: 'USB-C cable', wanted: 2, available: 1 },
      ],
    });
  });

  it('nothing is refused when there is enough, to the last unit', () => {
    const available = new Map([
      [LAPTOP, 1],
      [DOCK, 1],
      [CABLE, 2],
    ]);
    expect(orderStockRefusal(orderLinesPlacementMoves(basket), available, basket)).toBeNull();
  });

  it('an edit asks for the increase only, and says "more"; a product the store no longer has is none available', () => {
    const before = [{ productId: DOCK, quantity: 1, name: 'USB-C dock' }];
    const after = [
      { productId: DOCK, quantity: 4, name: 'USB-C dock' },
      { productId: 'gone', quantity: 1, name: 'Old mouse' },
    ];
    const refusal = orderStockRefusal(orderLinesEditMoves(before, after), new Map([[DOCK, 2]]), after, { edit: true });
    expect(refusal?.message).toBe(
      'Not enough stock. Line 1 (USB-C dock): 3 more ordered, only 2 available. Line 2 (Old mouse): 1 more ordered, none available.',
    );
    // Giving back never falls short.
    expect(stockShortages(orderLinesEditMoves(after, before), new Map(), before)).toEqual([]);
  });

  it('counts large numbers as people read them', () => {
    const lines = [{ productId: DOCK, quantity: 12_000, name: 'USB-C dock' }];
    expect(orderStockRefusal(orderLinesPlacementMoves(lines), new Map([[DOCK, 1_500]]), lines)?.message).toBe(
      'Not enough stock. Line 1 (USB-C dock): 12,000 ordered, only 1,500 available.',
    );
  });
});

describe('random baskets', () => {
  const random = seeded(27);
  const products = Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}`);
  const basketOf = (): StockLine[] =>
    Array.from({ length: 1 + random(5) }, () => ({
      productId: random(6) === 0 ? null : products[random(products.length)]!,
      quantity: 1 + random(9),
    }));

  it('placement moves sum to the aggregated quantities, one per product, strictly in the lock order', () => {
    for (let i = 0; i < 500; i += 1) {
      const lines = basketOf();
      const moves = orderLinesPlacementMoves(lines);
      const expected = new Map<string, number>();
      for (const line of lines)
        if (line.productId) expected.set(line.productId, (expected.get(line.productId) ?? 0) - line.quantity);
      expect(sumOfChanges(moves)).toEqual(expected);
      for (let k = 1; k < moves.length; k += 1) expect(moves[k - 1]!.productId < moves[k]!.productId).toBe(true);
    }
  });

  it('placing, then editing, holds what the edited lines would hold if placed; cancelling gives all of it back', () => {
    for (let i = 0; i < 500; i += 1) {
      const before = basketOf();
      const after = basketOf();
      const held = sumOfChanges([...orderLinesPlacementMoves(before), ...orderLinesEditMoves(before, after)]);
      for (const [productId, change] of held) if (change === 0) held.delete(productId);
      expect(held).toEqual(sumOfChanges(orderLinesPlacementMoves(after)));
      const cancelled = orderLinesCancellationMoves(after.map((line) => ({ ...line, shipped: 0, cancelled: 0 })));
      const net = sumOfChanges([...orderLinesPlacementMoves(after), ...cancelled]);
      expect([...net.values()].every((change) => change === 0)).toBe(true);
    }
  });

  it('a refusal names exactly the products whose sum exceeds their stock', () => {
    for (let i = 0; i < 300; i += 1) {
      const lines = basketOf().map((line, k) => ({ ...line, name: `n${k}` }));
      const available = new Map(products.map((id) => [id, random(8)]));
      const short = quantitiesByProduct(lines)
        .filter(({ productId, quantity }) => quantity > available.get(productId)!)
        .map(({ productId }) => productId);
      const refusal = orderStockRefusal(orderLinesPlacementMoves(lines), available, lines);
      expect((refusal?.shortages ?? []).map((s) => s.productId).sort()).toEqual(short.sort());
      for (const shortage of refusal?.shortages ?? []) {
        expect(shortage.lines).toEqual(
          lines.flatMap((line, k) => (line.productId === shortage.productId ? [k + 1] : [])),
        );
      }
    }
  });
});
