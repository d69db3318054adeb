import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  BILLING_MESSAGES,
  billingNumber,
  billingSeries,
  creditableQuantities,
  type CreditNoteLine,
  creditNoteLines,
  creditNoteTotals,
  type CreditedSoFar,
  dueDateOf,
  type InvoiceLine,
  invoiceTotals,
  isIsoDate,
  paymentRefusal,
  paymentStatusOf,
  validateBillingNumbering,
} from '../src';

const STANDARD = { _id: 'std', name: 'Standard', percent: 23 };
const REDUCED = { _id: 'red', name: 'Reduced', percent: 8 };
const NYC = { _id: 'nyc', name: 'NYC', percent: 8.875 };
const RATES = [STANDARD, REDUCED, NYC, null];

const line = (unitPriceCents: number, quantity = 1, rate: (typeof RATES)[number] = STANDARD, discountPercent = 0): InvoiceLine => ({
  productId: null,
  description: 'Thing',
  quantity,
  unitPriceCents,
  discountPercent,
  taxRateId: rate?._id ?? null,
  taxRate: rate,
});

/** A small deterministic generator (no dependency): the same random documents on every run. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % max;
  };
}

describe('invoice totals', () => {
  it('the Odoo case: 55.55 and 11.11 at 23 % give 15.33 of tax (12.78 and 2.55), not 15.34', () => {
    const totals = invoiceTotals([line(5555), line(1111)], false);
    expect(totals.taxCents).toBe(1533);
    expect(totals.lines.map((l) => l.taxCents)).toEqual([1278, 255]);
    expect(totals.grossCents).toBe(6666 + 1533);
  });

  it('property: random lines and rates add up to the cent (lines to rates, rates to the document, net + tax = gross)', () => {
    const next = random(29);
    for (let run = 0; run < 400; run += 1) {
      const lines = Array.from({ length: 1 + next(12) }, () => line(next(100_000), 1 + next(20), RATES[next(RATES.length)]!, next(3) === 0 ? next(10_001) / 100 : 0));
      const totals = invoiceTotals(lines, next(2) === 0);
      for (const rate of totals.rates) {
        const members = totals.lines.filter((l) => l.taxRateId === rate.taxRateId);
        expect(members.reduce((s, l) => s + l.taxCents, 0)).toBe(rate.taxCents);
        expect(members.reduce((s, l) => s + l.netCents, 0)).toBe(rate.netCents);
        expect(rate.netCents + rate.taxCents).toBe(rate.grossCents);
      }
      expect(totals.rates.reduce((s, r) => s + r.taxCents, 0)).toBe(totals.taxCents);
      expect(totals.rates.reduce((s, r) => s + r.grossCents, 0)).toBe(totals.grossCents);
      expect(totals.netCents + totals.taxCents).toBe(totals.grossCents);
      for (const l of totals.lines) expect(l.netCents + l.taxCents).toBe(l.grossCents);
    }
  });
});

describe('payment status and what is due', () => {
  const issued = { status: 'issued' as const, grossCents: 10_000, creditedCents: 0, paidCents: 0, dueDate: '2026-03-31' };
  it('unpaid, partly paid, paid, overdue; a credit note reduces what is due', () => {
    expect(paymentStatusOf(issued, '2026-03-31')).toBe('unpaid');
    expect(paymentStatusOf({ ...issued, paidCents: 1 }, '2026-03-01')).toBe('partly_paid');
    expect(paymentStatusOf({ ...issued, paidCents: 4_000 }, '2026-04-01')).toBe('overdue');
    expect(paymentStatusOf({ ...issued, paidCents: 6_000, creditedCents: 4_000 }, '2026-04-01')).toBe('paid');
    expect(paymentStatusOf({ ...issued, status: 'draft' }, '2026-04-01')).toBeNull();
    expect(amountDueCents({ grossCents: 10_000, creditedCents: 2_500, paidCents: 1_000 })).toBe(6_500);
  });
  it('a payment of more than is due, or on a draft, is refused', () => {
    const format = (cents: number) => `$${cents / 100}`;
    expect(paymentRefusal({ ...issued, creditedCents: 2_000 }, 8_001, format)).toEqual({ status: 409, message: BILLING_MESSAGES.paymentTooMuch('$80') });
    expect(paymentRefusal({ ...issued, status: 'draft' }, 1, format)?.message).toBe(BILLING_MESSAGES.invoiceNotIssued);
    expect(paymentRefusal(issued, 10_000, format)).toBeNull();
  });
  it('the due date is the payment terms after the issue date', () => {
    expect(dueDateOf('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateOf('2026-12-20', 0)).toBe('2026-12-20');
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });
});

describe('credit notes', () => {
  const lines = [line(999, 3, STANDARD, 12.5), line(5555), line(1111, 2, REDUCED)];
  const totals = invoiceTotals(lines, false);
  const taken = (result: ReturnType<typeof creditNoteLines>) => {
    if (!('lines' in result)) throw new Error(result.message);
    return result.lines;
  };
  /** What a credit note's lines took, as the next note's `credited`. */
  const creditedBy = (noteLines: CreditNoteLine[], includeTax = false): CreditedSoFar[] => {
    const noteTotals = creditNoteTotals(noteLines, includeTax);
    return noteLines.map((l, i) => ({ line: l.invoiceLine, quantity: l.quantity, amountCents: l.amountCents, ...noteTotals.lines[i]! }));
  };

  it('a line credited in parts never adds up to more than it came to', () => {
    const first = taken(creditNoteLines(lines, totals.lines, [], [{ line: 1, quantity: 1 }]));
    expect(first[0]!.amountCents).toBe(874);
    const so = creditedBy(first);
    const second = taken(creditNoteLines(lines, totals.lines, so, [{ line: 1, quantity: 2 }]));
    expect(874 + second[0]!.amountCents).toBe(2622);
    expect(creditNoteLines(lines, totals.lines, [...so, ...creditedBy(second)], [{ line: 1, quantity: 1 }])).toEqual({ status: 409, message: BILLING_MESSAGES.creditTooMuch(1, 0) });
  });

  it('more than is left, an unknown line, or a line twice are refused', () => {
    expect(creditNoteLines(lines, totals.lines, [], [{ line: 3, quantity: 3 }])).toEqual({ status: 409, message: BILLING_MESSAGES.creditTooMuch(3, 2) });
    expect(creditNoteLines(lines, totals.lines, [], [{ line: 4, quantity: 1 }])).toEqual({ status: 400, message: BILLING_MESSAGES.creditLineUnknown(4) });
    expect(creditNoteLines(lines, totals.lines, [], [{ line: 2, quantity: 1 }, { line: 2, quantity: 1 }])).toEqual({ status: 400, message: BILLING_MESSAGES.creditLineRepeated(2) });
  });

  it('the whole invoice credited at once gives exactly its totals; then nothing is left', () => {
    const whole = taken(creditNoteLines(lines, totals.lines, [], null));
    expect(creditNoteTotals(whole, false)).toEqual(totals);
    expect(creditNoteLines(lines, totals.lines, creditedBy(whole), null)).toEqual({ status: 409, message: BILLING_MESSAGES.creditNothingLeft });
  });

  it('property: an invoice credited in random parts until nothing is left is credited exactly, rate by rate', () => {
    const next = random(43);
    for (let run = 0; run < 200; run += 1) {
      const invoiceLines = Array.from({ length: 1 + next(6) }, () => line(next(50_000), 1 + next(9), RATES[next(RATES.length)]!, next(2) === 0 ? next(5001) / 100 : 0));
      const includeTax = next(2) === 0;
      const invoice = invoiceTotals(invoiceLines, includeTax);
      let credited: CreditedSoFar[] = [];
      const notes: ReturnType<typeof creditNoteTotals>[] = [];
      for (;;) {
        const left = creditableQuantities(invoiceLines, credited);
        const request = left.map((quantity, i) => ({ line: i + 1, quantity: quantity === 0 ? 0 : 1 + next(quantity) })).filter((r) => r.quantity > 0 && next(3) > 0);
        if (left.every((quantity) => quantity === 0)) break;
        if (request.length === 0) continue;
        const noteLines = taken(creditNoteLines(invoiceLines, invoice.lines, credited, request));
        const noteTotals = creditNoteTotals(noteLines, includeTax);
        expect(noteTotals.netCents + noteTotals.taxCents).toBe(noteTotals.grossCents);
        notes.push(noteTotals);
        credited = [...credited, ...noteLines.map((l, i) => ({ line: l.invoiceLine, quantity: l.quantity, amountCents: l.amountCents, ...noteTotals.lines[i]! }))];
      }
      for (const rate of invoice.rates) {
        const of = (key: 'netCents' | 'taxCents' | 'grossCents') => notes.reduce((sum, note) => sum + (note.rates.find((r) => r.taxRateId === rate.taxRateId)?.[key] ?? 0), 0);
        expect([of('netCents'), of('taxCents'), of('grossCents')]).toEqual([rate.netCents, rate.taxCents, rate.grossCents]);
      }
    }
  });
});

describe('numbers', () => {
  it('a prefix, optionally the year, six digits; one series per kind and per year when the year is in it', () => {
    expect(billingNumber('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(billingNumber('CN', null, 7)).toBe('CN-000007');
    expect(billingSeries('invoice', true, 2026)).toBe('invoice:2026');
    expect(billingSeries('credit_note', false, 2026)).toBe('credit_note');
  });

  it('a prefix is 1 to 10 letters, digits or dashes, each field said on its own', () => {
    expect(validateBillingNumbering({ invoicePrefix: 'INV-EU', creditNotePrefix: 'C2' })).toEqual({});
    expect(validateBillingNumbering({ invoicePrefix: '', creditNotePrefix: 'CN 1' })).toEqual({
      invoicePrefix: BILLING_MESSAGES.numberingPrefixInvalid,
      creditNotePrefix: BILLING_MESSAGES.numberingPrefixInvalid,
    });
    expect(validateBillingNumbering({ invoicePrefix: 'ABCDEFGHIJK', creditNotePrefix: 'CN' })).toEqual({
      invoicePrefix: BILLING_MESSAGES.numberingPrefixInvalid,
    });
  });
});
