import { describe, expect, it } from 'vitest';
import {
  checkShipment,
  orderCancellationRefusal,
  outstandingToShip,
  SALES_MESSAGES,
  salesOrderStatus,
  type ShippableLine,
  shippedLinesEditRefusal,
} from '../src';

function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

const order = (): ShippableLine[] => [
  { lineId: 'l1', name: 'Laptop', quantity: 1, shipped: 0, cancelled: 0 },
  { lineId: 'l2', name: 'USB-C dock', quantity: 3, shipped: 0, cancelled: 0 },
  { lineId: 'l3', name: 'USB-C cable', quantity: 2, shipped: 0, cancelled: 0 },
];

/** What the server does with an accepted shipment: each line's shipped quantity goes up. */
function ship(lines: ShippableLine[], request: { lineId: string; quantity: number }[]): ShippableLine[] {
  const checked = checkShipment(lines, request);
  if ('refusal' in checked) throw new Error(checked.refusal.message);
  return lines.map((line) => ({
    ...line,
    shipped: line.shipped + (checked.requested.find((r) => r.lineId === line.lineId)?.quantity ?? 0),
  }));
}

describe('shipments: partial quantities, several per order, never more than is left to ship', () => {
  it('ships the order in two parts; the status follows', () => {
    let lines = order();
    lines = ship(lines, [
      { lineId: 'l1', quantity: 1 },
      { lineId: 'l2', quantity: 1 },
    ]);
    expect(salesOrderStatus(lines)).toBe('partly_shipped');
    expect(lines.map(outstandingToShip)).toEqual([0, 2, 2]);
    lines = ship(lines, [
      { lineId: 'l2', quantity: 2 },
      { lineId: 'l3', quantity: 2 },
    ]);
    expect(salesOrderStatus(lines)).toBe('shipped');
    expect(checkShipment(lines, [{ lineId: 'l1', quantity: 1 }])).toEqual({
      refusal: { status: 409, message: 'A shipped order has nothing to ship.', problems: [] },
    });
  });

  it('refuses a line asked for more than is left, naming it and what is left', () => {
    const lines = ship(order(), [{ lineId: 'l2', quantity: 2 }]);
    expect(checkShipment(lines, [{ lineId: 'l2', quantity: 2 }])).toEqual({
      refusal: {
        status: 409,
        message: 'Line 2 (USB-C dock): only 1 left to ship, not 2.',
        problems: [{ lineId: 'l2', line: 2, requested: 2, allowed: 1 }],
      },
    });
  });

  it('what was cancelled of a line is not left to ship; a cancelled order ships nothing', () => {
    const lines = order().map((line) => ({ ...line, cancelled: line.quantity }));
    expect(checkShipment(lines, [{ lineId: 'l1', quantity: 1 }])).toEqual({
      refusal: { status: 409, message: SALES_MESSAGES.orderNotShippable('cancelled'), problems: [] },
    });
  });

  it('two shipments of one line checked against the same lines would both pass: the server checks again at commit', () => {
    // The rule is pure: the second shipment, checked against the lines as they are after the first, is refused.
    const lines = order();
    expect('requested' in checkShipment(lines, [{ lineId: 'l2', quantity: 2 }])).toBe(true);
    const after = ship(lines, [{ lineId: 'l2', quantity: 2 }]);
    expect('refusal' in checkShipment(after, [{ lineId: 'l2', quantity: 2 }])).toBe(true);
  });

  it('random shipments, accepted or refused by the rule, never ship more than was ordered', () => {
    const random = seeded(2187);
    let accepted = 0;
    for (let run = 0; run < 300; run += 1) {
      let lines: ShippableLine[] = Array.from({ length: 1 + random(5) }, (_, i) => ({
        lineId: `l${i}`,
        name: `n${i}`,
        quantity: 1 + random(6),
        shipped: 0,
        cancelled: 0,
      }));
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const request = Array.from({ length: 1 + random(3) }, () => ({
          lineId: `l${random(lines.length)}`,
          quantity: random(4),
        }));
        const checked = checkShipment(lines, request);
        if ('refusal' in checked) continue;
        accepted += 1;
        lines = lines.map((line) => ({
          ...line,
          shipped: line.shipped + (checked.requested.find((r) => r.lineId === line.lineId)?.quantity ?? 0),
        }));
        for (const line of lines) expect(line.shipped).toBeLessThanOrEqual(line.quantity);
      }
      const status = salesOrderStatus(lines);
      expect(status === 'shipped').toBe(lines.every((line) => line.shipped === line.quantity));
    }
    // The loop exercised the rule both ways.
    expect(accepted).toBeGreaterThan(500);
  });
});

describe('an edit keeps what has shipped', () => {
  const before = () => [
    { lineId: 'l1', name: 'Laptop', productId: 'p1', quantity: 2, shipped: 1, cancelled: 0 },
    { lineId: 'l2', name: 'USB-C dock', productId: 'p2', quantity: 3, shipped: 0, cancelled: 0 },
  ];

  it('lets unshipped lines change freely and shipped ones grow', () => {
    expect(
      shippedLinesEditRefusal(before(), [
        { lineId: 'l1', productId: 'p1', quantity: 1 },
        { lineId: null, productId: 'p3', quantity: 5 },
      ]),
    ).toBeNull();
    expect(shippedLinesEditRefusal(before(), [{ lineId: 'l1', productId: 'p1', quantity: 9 }])).toBeNull();
  });

  it('refuses removing a shipped line, changing its product or going below what shipped, naming each', () => {
    expect(shippedLinesEditRefusal(before(), [{ lineId: 'l2', productId: 'p2', quantity: 3 }])).toEqual({
      status: 409,
      message: 'Line 1 (Laptop): 1 shipped, so the line cannot be removed.',
    });
    expect(shippedLinesEditRefusal(before(), [{ lineId: 'l1', productId: 'p9', quantity: 2 }])?.message).toBe(
      'Line 1 (Laptop): some has shipped, so its product cannot change.',
    );
    expect(shippedLinesEditRefusal(before(), [{ lineId: 'l1', productId: 'p1', quantity: 0 }])?.message).toBe(
      'Line 1 (Laptop): 1 shipped, so its quantity cannot go below 1.',
    );
  });

  it('refuses any edit of a shipped or cancelled order', () => {
    const shipped = before().map((line) => ({ ...line, shipped: line.quantity }));
    expect(shippedLinesEditRefusal(shipped, [])).toEqual({
      status: 409,
      message: 'A shipped order cannot be changed.',
    });
    const cancelled = before().map((line) => ({ ...line, shipped: 0, cancelled: line.quantity }));
    expect(shippedLinesEditRefusal(cancelled, [])).toEqual({
      status: 409,
      message: 'A cancelled order cannot be changed.',
    });
  });
});

describe('cancelling', () => {
  it('is allowed while something is left to ship', () => {
    expect(orderCancellationRefusal([{ quantity: 2, shipped: 0, cancelled: 0 }])).toBeNull();
    expect(orderCancellationRefusal([{ quantity: 2, shipped: 1, cancelled: 0 }])).toBeNull();
    expect(orderCancellationRefusal([{ quantity: 2, shipped: 2, cancelled: 0 }])).toEqual({
      status: 409,
      message: 'A shipped order cannot be cancelled.',
    });
    expect(orderCancellationRefusal([{ quantity: 2, shipped: 0, cancelled: 2 }])).toEqual({
      status: 409,
      message: 'A cancelled order cannot be cancelled.',
    });
  });
});
