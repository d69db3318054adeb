import { describe, expect, it } from 'vitest';
import {
  checkReceipt,
  isReceivable,
  onOrderByProduct,
  outstandingToReceive,
  PURCHASE_MESSAGES,
  PURCHASE_ORDER_STATUSES,
  purchaseOrderStatusAfterReceipt,
  type ReceivableLine,
  receiptStockMoves,
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

const purchaseOrder = (): ReceivableLine[] => [
  { lineId: 'l1', name: 'USB-C dock', productId: 'p-dock', quantity: 20, received: 0, unitCostCents: 4500 },
  { lineId: 'l2', name: 'USB-C cable', productId: 'p-cable', quantity: 100, received: 0, unitCostCents: 130 },
];

function receive(lines: ReceivableLine[], request: unknown): ReceivableLine[] {
  const checked = checkReceipt(purchaseOrderStatusAfterReceipt(lines), lines, request);
  if ('refusal' in checked) throw new Error(checked.refusal.message);
  return lines.map((line) => ({
    ...line,
    received:
      line.received + checked.parts.filter((p) => p.lineId === line.lineId).reduce((sum, p) => sum + p.quantity, 0),
  }));
}

describe('receiving: line by line, in parts, never more than is outstanding', () => {
  it('receives exactly the ordered quantity in two parts (InvenTree#599); the status follows', () => {
    let lines = purchaseOrder();
    expect(purchaseOrderStatusAfterReceipt(lines)).toBe('ordered');
    lines = receive(lines, [{ lineId: 'l1', quantity: 12 }]);
    expect(purchaseOrderStatusAfterReceipt(lines)).toBe('partly_received');
    expect(lines.map(outstandingToReceive)).toEqual([8, 100]);
    lines = receive(lines, [
      { lineId: 'l1', quantity: 8 },
      { lineId: 'l2', quantity: 100 },
    ]);
    expect(purchaseOrderStatusAfterReceipt(lines)).toBe('received');
  });

  it('refuses a receipt past what is outstanding with 409 and what is outstanding (ERPNext#13990: never 200 %)', () => {
    const lines = receive(purchaseOrder(), [{ lineId: 'l2', quantity: 80 }]);
    expect(checkReceipt('partly_received', lines, [{ lineId: 'l2', quantity: 30 }])).toEqual({
      refusal: {
        status: 409,
        message: 'Line 2 (USB-C cable): only 20 outstanding, not 30.',
        problems: [{ lineId: 'l2', line: 2, requested: 30, allowed: 20 }],
      },
    });
    expect(
      checkReceipt('partly_received', receive(lines, [{ lineId: 'l2', quantity: 20 }]), [
        { lineId: 'l2', quantity: 1 },
      ]),
    ).toMatchObject({
      refusal: { status: 409, message: 'Line 2 (USB-C cable): nothing is outstanding (1 received).' },
    });
  });

  it('receives only a sent order that is not fully received', () => {
    expect(PURCHASE_ORDER_STATUSES.filter(isReceivable)).toEqual(['ordered', 'partly_received']);
    expect(checkReceipt('draft', purchaseOrder(), [{ lineId: 'l1', quantity: 1 }])).toEqual({
      refusal: { status: 409, message: 'Order this purchase order before receiving it.', problems: [] },
    });
    expect(checkReceipt('cancelled', purchaseOrder(), [{ lineId: 'l1', quantity: 1 }])).toEqual({
      refusal: { status: 409, message: 'A cancelled purchase order has nothing left to receive.', problems: [] },
    });
    expect(checkReceipt('received', purchaseOrder(), [{ lineId: 'l1', quantity: 1 }])).toMatchObject({
      refusal: { status: 409 },
    });
  });

  it('takes the line’s unit cost, or the one the receipt gives; refuses a bad one, or none anywhere, with 400', () => {
    const checked = checkReceipt('ordered', purchaseOrder(), [
      { lineId: 'l2', quantity: 50, unitCost: '1.25' },
      { lineId: 'l1', quantity: 5 },
      { lineId: 'l1', quantity: 0, unitCost: 1 },
    ]);
    expect(checked).toEqual({
      parts: [
        { lineId: 'l2', line: 2, productId: 'p-cable', quantity: 50, unitCostCents: 125 },
        { lineId: 'l1', line: 1, productId: 'p-dock', quantity: 5, unitCostCents: 4500 },
      ],
    });
    expect(checkReceipt('ordered', purchaseOrder(), [{ lineId: 'l1', quantity: 5, unitCost: '4,500' }])).toEqual({
      refusal: { status: 400, message: PURCHASE_MESSAGES.receiptUnitCostInvalid, problems: [] },
    });
    const noCost = purchaseOrder().map((line) => ({ ...line, unitCostCents: null }));
    expect(checkReceipt('ordered', noCost, [{ lineId: 'l1', quantity: 5 }])).toEqual({
      refusal: { status: 400, message: PURCHASE_MESSAGES.receiptUnitCostInvalid, problems: [] },
    });
    expect(checkReceipt('ordered', purchaseOrder(), [{ lineId: 'lx', quantity: 5 }])).toEqual({
      refusal: { status: 400, message: SALES_MESSAGES.requestLineUnknown, problems: [] },
    });
  });

  it('each part is a movement "received" at its unit cost, in the lock order of its product', () => {
    const checked = checkReceipt('ordered', purchaseOrder(), [
      { lineId: 'l1', quantity: 5 },
      { lineId: 'l2', quantity: 50 },
    ]);
    if ('refusal' in checked) throw new Error(checked.refusal.message);
    expect(receiptStockMoves(checked.parts)).toEqual([
      { productId: 'p-cable', change: 50, reason: 'received', returning: false, lineId: 'l2', unitCostCents: 130 },
      { productId: 'p-dock', change: 5, reason: 'received', returning: false, lineId: 'l1', unitCostCents: 4500 },
    ]);
  });

  it('random receipts never exceed what was ordered', () => {
    const random = seeded(599);
    let accepted = 0;
    for (let run = 0; run < 300; run += 1) {
      let lines: ReceivableLine[] = Array.from({ length: 1 + random(5) }, (_, i) => ({
        lineId: `l${i}`,
        name: `n${i}`,
        productId: `p${i}`,
        quantity: 1 + random(30),
        received: 0,
        unitCostCents: random(1000),
      }));
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const request = Array.from({ length: 1 + random(3) }, () => ({
          lineId: `l${random(lines.length)}`,
          quantity: random(12),
        }));
        const checked = checkReceipt(purchaseOrderStatusAfterReceipt(lines), lines, request);
        if ('refusal' in checked) continue;
        accepted += 1;
        lines = lines.map((line) => ({
          ...line,
          received:
            line.received +
            checked.parts.filter((p) => p.lineId === line.lineId).reduce((sum, p) => sum + p.quantity, 0),
        }));
        for (const line of lines) expect(line.received).toBeLessThanOrEqual(line.quantity);
      }
      expect(purchaseOrderStatusAfterReceipt(lines) === 'received').toBe(
        lines.every((line) => line.received === line.quantity),
      );
    }
    expect(accepted).toBeGreaterThan(500);
  });
});

describe('what is on order', () => {
  it('sums what is outstanding on sent orders per product; drafts and cancelled orders are not on order', () => {
    const onOrder = onOrderByProduct([
      { status: 'ordered', lines: [{ productId: 'p1', quantity: 10, received: 0 }] },
      {
        status: 'partly_received',
        lines: [
          { productId: 'p1', quantity: 10, received: 4 },
          { productId: 'p2', quantity: 3, received: 3 },
        ],
      },
      { status: 'draft', lines: [{ productId: 'p3', quantity: 10, received: 0 }] },
      { status: 'cancelled', lines: [{ productId: 'p1', quantity: 10, received: 2 }] },
      { status: 'received', lines: [{ productId: 'p4', quantity: 10, received: 10 }] },
    ]);
    expect(onOrder).toEqual(new Map([['p1', 16]]));
  });
});
