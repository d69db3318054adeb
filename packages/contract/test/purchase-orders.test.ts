import { describe, expect, it } from 'vitest';
import {
  purchaseOrderLineAmountCents,
  purchaseOrderTotalCents,
  firstPurchaseOrderLinesError,
  MAX_PURCHASE_ORDER_LINES,
  MESSAGES,
  PURCHASE_MESSAGES,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
  purchaseOrderEditable,
  purchaseOrderEditRefusal,
  purchaseOrderTransitionRefusal,
  readPurchaseOrderLine,
  readUnitCostCents,
  validatePurchaseOrderLine,
  validatePurchaseOrderLines,
} from '../src';

describe('the lines of a purchase order', () => {
  it('a product, a quantity of 1 or more and a unit cost (blank while a draft does not know it)', () => {
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 10, unitCost: 1 })).toEqual({});
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: '10', unitCost: '' })).toEqual({});
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 10, unitCost: null })).toEqual({});
    expect(validatePurchaseOrderLine({})).toEqual({
      productId: PURCHASE_MESSAGES.lineProductRequired,
      quantity: PURCHASE_MESSAGES.lineQuantityRequired,
    });
    expect(validatePurchaseOrderLine({ productId: ' ', quantity: 0, unitCost: '1.001' })).toEqual({
      productId: PURCHASE_MESSAGES.lineProductRequired,
      quantity: PURCHASE_MESSAGES.lineQuantityInvalid,
      unitCost: PURCHASE_MESSAGES.lineUnitCostDecimals,
    });
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 1_000_001, unitCost: 10_000_001 })).toEqual({
      quantity: MESSAGES.quantityTooHigh,
      unitCost: PURCHASE_MESSAGES.lineUnitCostTooHigh,
    });
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 1, unitCost: '1,000.00' }).unitCost).toBe(
      PURCHASE_MESSAGES.lineUnitCostThousandsSeparator,
    );
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 1, unitCost: -1 }).unitCost).toBe(
      PURCHASE_MESSAGES.lineUnitCostInvalid,
    );
    expect(validatePurchaseOrderLine({ productId: 'p1', quantity: 1, unitCost: {} }).unitCost).toBe(
      PURCHASE_MESSAGES.lineUnitCostInvalid,
    );
  });

  it('1 to 500 lines, each product once (a scan counts into its one line)', () => {
    expect(validatePurchaseOrderLines([])).toEqual({ order: PURCHASE_MESSAGES.linesRequired, lines: [] });
    expect(validatePurchaseOrderLines('p1')).toEqual({ order: PURCHASE_MESSAGES.lineInvalid, lines: [] });
    expect(
      validatePurchaseOrderLines(
        Array.from({ length: MAX_PURCHASE_ORDER_LINES }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
      ).order,
    ).toBeNull();
    expect(
      validatePurchaseOrderLines(
        Array.from({ length: MAX_PURCHASE_ORDER_LINES + 1 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
      ).order,
    ).toBe('A purchase order can have at most 500 lines: split it into several');
    expect(validatePurchaseOrderLines([{ productId: 'p1', quantity: 1 }, 7]).order).toBe(
      'Line 2: Each line must give a product, a quantity and a unit cost',
    );
    const errors = validatePurchaseOrderLines([
      { productId: 'p1', quantity: 1 },
      { productId: 'p2', quantity: 1 },
      { productId: 'p1', quantity: 4 },
    ]);
    expect(errors.lines).toEqual([{}, {}, { productId: PURCHASE_MESSAGES.lineProductRepeated(1) }]);
    expect(firstPurchaseOrderLinesError(errors)).toBe(
      "Line 3: This product is already on line 1: change that line's quantity instead",
    );
    expect(
      firstPurchaseOrderLinesError(validatePurchaseOrderLines([{ productId: 'p1', quantity: 1, unitCost: 2 }])),
    ).toBeNull();
  });

  it('reads a valid line in cents, blank cost as null', () => {
    expect(readPurchaseOrderLine({ productId: 'p1', quantity: ' 12 ', unitCost: '1.30' })).toEqual({
      productId: 'p1',
      quantity: 12,
      unitCostCents: 130,
    });
    expect(readPurchaseOrderLine({ productId: 'p1', quantity: 1 })).toEqual({
      productId: 'p1',
      quantity: 1,
      unitCostCents: null,
    });
    expect(readUnitCostCents(0)).toBe(0);
    expect(readUnitCostCents(' ')).toBeNull();
  });
});

describe('the status of a purchase order', () => {
  const lines = [
    { name: 'USB-C dock', unitCostCents: 4500 },
    { name: 'USB-C cable', unitCostCents: 130 },
  ];

  it('draft → ordered → (receipts) → received, or cancelled; received and cancelled are final', () => {
    const allowed = (from: PurchaseOrderStatus) =>
      PURCHASE_ORDER_STATUSES.filter((to) => to !== from && purchaseOrderTransitionRefusal(from, to, lines) === null);
    expect(allowed('draft')).toEqual(['ordered', 'cancelled']);
    expect(allowed('ordered')).toEqual(['cancelled']);
    expect(allowed('partly_received')).toEqual(['cancelled']);
    expect(allowed('received')).toEqual([]);
    expect(allowed('cancelled')).toEqual([]);
    expect(purchaseOrderTransitionRefusal('ordered', 'draft', lines)).toEqual({
      status: 409,
      message: 'A purchase order cannot go from ordered to draft.',
    });
    expect(purchaseOrderTransitionRefusal('ordered', 'received', lines)?.message).toBe(
      'A purchase order cannot go from ordered to received.',
    );
    expect(purchaseOrderTransitionRefusal('cancelled', 'ordered', lines)?.message).toBe(
      'A purchase order cannot go from cancelled to ordered.',
    );
  });

  it('asking for the status it has changes nothing and is not refused', () => {
    for (const status of PURCHASE_ORDER_STATUSES)
      expect(purchaseOrderTransitionRefusal(status, status, lines)).toBeNull();
  });

  it('a draft is ordered only when every line has a unit cost, and the refusal names each line without one', () => {
    expect(
      purchaseOrderTransitionRefusal('draft', 'ordered', [
        { name: 'USB-C dock', unitCostCents: null },
        { name: 'Laptop', unitCostCents: 0 },
        { name: 'USB-C cable', unitCostCents: null },
      ]),
    ).toEqual({
      status: 409,
      message: 'Give every line a unit cost before ordering: Line 1 (USB-C dock); Line 3 (USB-C cable).',
    });
    expect(purchaseOrderTransitionRefusal('draft', 'ordered', [])).toEqual({
      status: 409,
      message: PURCHASE_MESSAGES.linesRequired,
    });
    // Cancelling a draft needs no costs.
    expect(purchaseOrderTransitionRefusal('draft', 'cancelled', [{ name: 'x', unitCostCents: null }])).toBeNull();
  });

  it('only a draft is edited', () => {
    expect(PURCHASE_ORDER_STATUSES.filter(purchaseOrderEditable)).toEqual(['draft']);
    expect(purchaseOrderEditRefusal('draft')).toBeNull();
    expect(purchaseOrderEditRefusal('partly_received')).toEqual({
      status: 409,
      message: 'A purchase order can be changed only while it is a draft; this one is partly received.',
    });
    expect(PURCHASE_ORDER_STATUSES.map((status) => PURCHASE_ORDER_STATUS_LABELS[status])).toEqual([
      'Draft',
      'Ordered',
      'Partly received',
      'Received',
      'Cancelled',
    ]);
  });
});

describe('a purchase order’s amounts', () => {
  it('a line is quantity × unit cost in cents; the total is their sum, unknown while a line has no cost', () => {
    expect(purchaseOrderLineAmountCents({ quantity: 4, unitCostCents: 12150 })).toBe(48600);
    expect(purchaseOrderLineAmountCents({ quantity: 4, unitCostCents: null })).toBeNull();
    expect(purchaseOrderTotalCents([{ quantity: 4, unitCostCents: 12150 }, { quantity: 1, unitCostCents: 205 }])).toBe(48805);
    expect(purchaseOrderTotalCents([{ quantity: 4, unitCostCents: 12150 }, { quantity: 1, unitCostCents: null }])).toBeNull();
    expect(purchaseOrderTotalCents([])).toBe(0);
  });
});
