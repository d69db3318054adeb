import { SALES_MESSAGES, unitCostProblem, type PurchaseOrderLineAnswer } from '@inventory/contract/rules';
import type { ReceiptBody } from './purchaseOrdersApi';
import { PURCHASE_TEXT } from './purchaseTexts';

/**
 * The receiving screen's counts as typed or tapped, per line (text, so nothing typed is lost), and the one way they
 * become the receipt the request sends.
 */
export type LineTexts = Record<string, string>;

/** A count as a number: blank is 0; null when it is not a whole number. */
export function countOf(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** One more (or less, never below 0) of a count; a count that is not a number starts again from 0. */
export function stepped(text: string | undefined, by: 1 | -1): string {
  return String(Math.max(0, (countOf(text) ?? 0) + by));
}

/** What is wrong with a line's count against what is outstanding on it now, or null. */
export function countProblem(text: string | undefined, line: Pick<PurchaseOrderLineAnswer, 'outstanding'>): string | null {
  const count = countOf(text);
  if (count === null) return SALES_MESSAGES.requestQuantityInvalid;
  return count > line.outstanding ? PURCHASE_TEXT.moreThanOutstanding(line.outstanding) : null;
}

/** What is wrong with a line's unit cost received (blank: the line's own), or null. */
export function costProblem(text: string | undefined): string | null {
  return unitCostProblem(text ?? '');
}

/** The items counted over every line (counts that are not numbers count as none). */
export function itemsCounted(lines: readonly PurchaseOrderLineAnswer[], counts: LineTexts): number {
  return lines.reduce((sum, line) => sum + (countOf(counts[line._id]) ?? 0), 0);
}

/** The receipt of the lines counted (zeros left out; a unit cost only where one was typed). */
export function toReceiptBody(lines: readonly PurchaseOrderLineAnswer[], counts: LineTexts, costs: LineTexts): ReceiptBody {
  return {
    lines: lines.flatMap((line) => {
      const quantity = countOf(counts[line._id]) ?? 0;
      if (quantity === 0) return [];
      const cost = (costs[line._id] ?? '').trim();
      return [{ lineId: line._id, quantity, ...(cost === '' ? {} : { unitCost: Number(cost) }) }];
    }),
  };
}
