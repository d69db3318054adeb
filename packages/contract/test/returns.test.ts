import { describe, expect, it } from 'vitest';
import {
  checkReturn,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnableLine,
  returnableQuantity,
  returnStockMoves,
  restocksByDefault,
  SALES_MESSAGES,
} from '../src';

function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

const shippedOrder = (): ReturnableLine[] => [
  { lineId: 'l1', name: 'Laptop', productId: 'p-laptop', shipped: 1, returned: 0 },
  { lineId: 'l2', name: 'USB-C dock', productId: 'p-dock', shipped: 3, returned: 1 },
  { lineId: 'l3', name: 'Gift wrapping', productId: null, shipped: 1, returned: 0 },
  { lineId: 'l4', name: 'USB-C cable', productId: 'p-cable', shipped: 0, returned: 0 },
];

describe('returns: only what shipped on the order and was not yet returned', () => {
  it('what is returnable is shipped − returned', () => {
    expect(shippedOrder().map(returnableQuantity)).toEqual([1, 2, 1, 0]);
    expect(returnableQuantity({ shipped: 1, returned: 3 })).toBe(0);
  });

  it('accepts parts of lines, each with a reason and whether it goes back to stock (by default, not when damaged or defective)', () => {
    const checked = checkReturn(shippedOrder(), [
      { lineId: 'l2', quantity: 1, reason: 'not_wanted' },
      { lineId: 'l2', quantity: 1, reason: 'damaged' },
      { lineId: 'l1', quantity: 1, reason: 'defective', restock: true },
      { lineId: 'l3', quantity: 0, reason: 'other' },
    ]);
    expect(checked).toEqual({
      parts: [
        { lineId: 'l2', line: 2, quantity: 1, reason: 'not_wanted', restock: true },
        { lineId: 'l2', line: 2, quantity: 1, reason: 'damaged', restock: false },
        { lineId: 'l1', line: 1, quantity: 1, reason: 'defective', restock: true },
      ],
      requested: [
        { lineId: 'l1', line: 1, quantity: 1 },
        { lineId: 'l2', line: 2, quantity: 2 },
      ],
    });
    expect(RETURN_REASONS.filter(restocksByDefault)).toEqual(['wrong_item', 'not_wanted', 'other']);
    expect(RETURN_REASONS.map((reason) => RETURN_REASON_LABELS[reason])).toEqual([
      'Damaged',
      'Defective',
      'Wrong item',
      'Not wanted',
      'Other',
    ]);
  });

  it('refuses more than is returnable, naming the line and what it may return (the parts of a line counted together)', () => {
    expect(
      checkReturn(shippedOrder(), [
        { lineId: 'l2', quantity: 2, reason: 'not_wanted' },
        { lineId: 'l2', quantity: 1, reason: 'damaged' },
        { lineId: 'l4', quantity: 1, reason: 'wrong_item' },
      ]),
    ).toEqual({
      refusal: {
        status: 409,
        message:
          'Line 2 (USB-C dock): only 2 shipped and not yet returned, not 3. Line 4 (USB-C cable): nothing shipped on this order is left to return (1 sent).',
        problems: [
          { lineId: 'l2', line: 2, requested: 3, allowed: 2 },
          { lineId: 'l4', line: 4, requested: 1, allowed: 0 },
        ],
      },
    });
  });

  it('refuses a line of another order, a reason it does not know, and a restock that is not true or false, with 400 first', () => {
    expect(checkReturn(shippedOrder(), [{ lineId: 'other-order-line', quantity: 1, reason: 'other' }])).toEqual({
      refusal: { status: 400, message: SALES_MESSAGES.requestLineUnknown, problems: [] },
    });
    expect(checkReturn(shippedOrder(), [{ lineId: 'l4', quantity: 9, reason: 'broken' }])).toEqual({
      refusal: {
        status: 400,
        message: 'Reason must be one of: damaged, defective, wrong_item, not_wanted, other',
        problems: [],
      },
    });
    expect(checkReturn(shippedOrder(), [{ lineId: 'l1', quantity: 1, reason: 'other', restock: 'yes' }])).toEqual({
      refusal: { status: 400, message: SALES_MESSAGES.returnRestockInvalid, problems: [] },
    });
  });
});

describe('what a return puts back on the shelf', () => {
  it('the restocked parts with a product, summed per product, in the lock order; damaged parts and free text move nothing', () => {
    const lines = shippedOrder();
    const checked = checkReturn(lines, [
      { lineId: 'l2', quantity: 1, reason: 'not_wanted' },
      { lineId: 'l2', quantity: 1, reason: 'wrong_item' },
      { lineId: 'l1', quantity: 1, reason: 'damaged' },
      { lineId: 'l3', quantity: 1, reason: 'not_wanted' },
    ]);
    if ('refusal' in checked) throw new Error(checked.refusal.message);
    expect(returnStockMoves(lines, checked.parts)).toEqual([
      { productId: 'p-dock', change: 2, reason: 'order_returned', returning: true },
    ]);
  });

  it('random returns never take back more than shipped, and restock exactly the restocked parts', () => {
    const random = seeded(48590);
    let accepted = 0;
    for (let run = 0; run < 300; run += 1) {
      let lines: ReturnableLine[] = Array.from({ length: 1 + random(4) }, (_, i) => ({
        lineId: `l${i}`,
        name: `n${i}`,
        productId: random(5) === 0 ? null : `p${random(3)}`,
        shipped: random(5),
        returned: 0,
      }));
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const request = Array.from({ length: 1 + random(3) }, () => ({
          lineId: `l${random(lines.length)}`,
          quantity: random(3),
          reason: RETURN_REASONS[random(RETURN_REASONS.length)]!,
        }));
        const checked = checkReturn(lines, request);
        if ('refusal' in checked) continue;
        accepted += 1;
        const moved = returnStockMoves(lines, checked.parts).reduce((sum, move) => sum + move.change, 0);
        const restocked = checked.parts
          .filter((part) => part.restock && lines.find((line) => line.lineId === part.lineId)!.productId !== null)
          .reduce((sum, part) => sum + part.quantity, 0);
        expect(moved).toBe(restocked);
        lines = lines.map((line) => ({
          ...line,
          returned:
            line.returned +
            checked.parts.filter((part) => part.lineId === line.lineId).reduce((sum, part) => sum + part.quantity, 0),
        }));
        for (const line of lines) expect(line.returned).toBeLessThanOrEqual(line.shipped);
      }
    }
    expect(accepted).toBeGreaterThan(200);
  });
});
