import { describe, expect, it } from 'vitest';
import { checkLineQuantities, MESSAGES, SALES_MESSAGES } from '../src';

const lines = [
  { lineId: 'l1', name: 'Laptop', allowed: 1 },
  { lineId: 'l2', name: 'USB-C dock', allowed: 3 },
  { lineId: 'l3', name: 'USB-C cable', allowed: 0 },
];
const rules = { maxLines: 4, exceeds: SALES_MESSAGES.shipmentExceeds };

describe('a request of quantities per line', () => {
  it('sums a line named twice, leaves out zeros, and answers in the document’s order with line numbers', () => {
    expect(
      checkLineQuantities(
        lines,
        [
          { lineId: 'l2', quantity: 1 },
          { lineId: 'l1', quantity: 0 },
          { lineId: 'l2', quantity: 2 },
        ],
        rules,
      ),
    ).toEqual({ requested: [{ lineId: 'l2', line: 2, quantity: 3 }] });
    expect(checkLineQuantities(lines, [{ lineId: 'l1', quantity: 1, extra: 'kept for the caller' }], rules)).toEqual({
      requested: [{ lineId: 'l1', line: 1, quantity: 1 }],
    });
  });

  it('refuses a malformed request with 400', () => {
    const refusal = (request: unknown) => {
      const checked = checkLineQuantities(lines, request, rules);
      return 'refusal' in checked ? [checked.refusal.status, checked.refusal.message] : null;
    };
    expect(refusal({ l1: 1 })).toEqual([400, SALES_MESSAGES.requestLinesInvalid]);
    expect(refusal([{ quantity: 1 }])).toEqual([400, SALES_MESSAGES.requestLinesInvalid]);
    expect(refusal([null])).toEqual([400, SALES_MESSAGES.requestLinesInvalid]);
    expect(refusal([{ lineId: 'l9', quantity: 1 }])).toEqual([400, SALES_MESSAGES.requestLineUnknown]);
    expect(refusal([{ lineId: '__proto__', quantity: 1 }])).toEqual([400, SALES_MESSAGES.requestLineUnknown]);
    for (const quantity of [-1, 1.5, '1', null, Number.NaN, Infinity])
      expect(refusal([{ lineId: 'l1', quantity }]), String(quantity)).toEqual([
        400,
        SALES_MESSAGES.requestQuantityInvalid,
      ]);
    expect(refusal([{ lineId: 'l1', quantity: 1_000_001 }])).toEqual([400, MESSAGES.quantityTooHigh]);
    expect(refusal([])).toEqual([400, SALES_MESSAGES.requestNothing]);
    expect(refusal([{ lineId: 'l1', quantity: 0 }])).toEqual([400, SALES_MESSAGES.requestNothing]);
    expect(refusal(Array.from({ length: 5 }, () => ({ lineId: 'l1', quantity: 0 })))).toEqual([
      400,
      SALES_MESSAGES.requestTooManyLines(4),
    ]);
  });

  it('refuses with 409 naming every line asked for more than it allows, with what it allows', () => {
    const checked = checkLineQuantities(
      lines,
      [
        { lineId: 'l3', quantity: 1 },
        { lineId: 'l1', quantity: 2 },
        { lineId: 'l2', quantity: 3 },
      ],
      rules,
    );
    expect(checked).toEqual({
      refusal: {
        status: 409,
        message: 'Line 1 (Laptop): only 1 left to ship, not 2. Line 3 (USB-C cable): nothing is left to ship (1 sent).',
        problems: [
          { lineId: 'l1', line: 1, requested: 2, allowed: 1 },
          { lineId: 'l3', line: 3, requested: 1, allowed: 0 },
        ],
      },
    });
  });

  it('counts a line named twice against what it allows once', () => {
    const checked = checkLineQuantities(
      lines,
      [
        { lineId: 'l2', quantity: 2 },
        { lineId: 'l2', quantity: 2 },
      ],
      rules,
    );
    expect('refusal' in checked && checked.refusal.problems).toEqual([
      { lineId: 'l2', line: 2, requested: 4, allowed: 3 },
    ]);
  });
});
