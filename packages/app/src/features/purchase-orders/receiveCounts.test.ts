import { SALES_MESSAGES, type PurchaseOrderLineAnswer } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { countOf, countProblem, itemsCounted, stepped, toReceiptBody } from './receiveCounts';
import { PURCHASE_TEXT } from './purchaseTexts';

const line = (id: string, outstanding: number): PurchaseOrderLineAnswer => ({
  _id: id,
  product: null,
  quantity: 10,
  unitCost: 2,
  received: 10 - outstanding,
  outstanding,
});

describe("the receiving screen's counts", () => {
  it('counts as typed: blank is none, text that is not a whole number is no count', () => {
    expect(countOf('')).toBe(0);
    expect(countOf(' 7 ')).toBe(7);
    expect(countOf('1.5')).toBeNull();
    expect(stepped('2', 1)).toBe('3');
    expect(stepped('0', -1)).toBe('0');
    expect(stepped('x', 1)).toBe('1');
  });

  it('more than is outstanding, or not a number, is an error under the count', () => {
    expect(countProblem('3', line('a', 3))).toBeNull();
    expect(countProblem('4', line('a', 3))).toBe(PURCHASE_TEXT.moreThanOutstanding(3));
    expect(countProblem('1', line('a', 0))).toBe(PURCHASE_TEXT.moreThanOutstanding(0));
    expect(countProblem('-1', line('a', 3))).toBe(SALES_MESSAGES.requestQuantityInvalid);
  });

  it('the receipt leaves zeros out and sends a unit cost only where one was typed', () => {
    const lines = [line('a', 3), line('b', 5), line('c', 1)];
    const counts = { a: '2', b: '', c: '1' };
    expect(itemsCounted(lines, counts)).toBe(3);
    expect(toReceiptBody(lines, counts, { a: '', c: ' 1.25 ' })).toEqual({
      lines: [
        { lineId: 'a', quantity: 2 },
        { lineId: 'c', quantity: 1, unitCost: 1.25 },
      ],
    });
  });
});
