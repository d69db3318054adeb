import { describe, expect, it } from 'vitest';
import {
  CORRECTION_REASONS,
  correctionReasonText,
  DEFAULT_CORRECTION_REASON,
  documentNumber,
  LIMITS,
  MESSAGES,
  type Order,
  orderListQuerySchema,
  orderNumberPage,
  orderNumberSearch,
  parseDocumentNumber,
  stockAdjustmentSchema,
} from '../src';

describe('document numbers', () => {
  it('reads as the kind\'s prefix and at least five digits', () => {
    expect(documentNumber('sales_order', 42)).toBe('SO-00042');
    expect(documentNumber('sales_order', 1)).toBe('SO-00001');
    expect(documentNumber('sales_order', 123456)).toBe('SO-123456');
  });

  it('purchase orders are numbered the same way from their own sequence, as "PO-00045"', () => {
    expect(documentNumber('purchase_order', 45)).toBe('PO-00045');
    expect(documentNumber('purchase_order', 100000)).toBe('PO-100000');
    for (const text of ['PO-00045', 'po 45', 'PO00045']) expect(parseDocumentNumber('purchase_order', text), text).toBe(45);
    expect(parseDocumentNumber('purchase_order', 'SO-00045')).toBeNull();
    expect(parseDocumentNumber('sales_order', 'PO-00045')).toBeNull();
  });

  it('is found in what someone types who heard it', () => {
    for (const text of ['SO-00042', 'so-42', 'SO00042', ' so 42 ', 'So--042']) expect(parseDocumentNumber('sales_order', text), text).toBe(42);
    for (const text of ['42', 'SO-', 'SO-0', 'PO-42', 'SO-42x', 'LAPSO-42', 'SO-1234567890']) expect(parseDocumentNumber('sales_order', text), text).toBeNull();
  });

  it('a search of the orders by number finds that order only, within the status filter', () => {
    const orders = [
      { _id: 'a', number: 41, status: 'open' },
      { _id: 'b', number: 42, status: 'cancelled' },
    ] as Pick<Order, '_id' | 'number' | 'status'>[];
    const query = (raw: Record<string, string>) => orderListQuerySchema.parse({ limit: '5', ...raw });
    expect(orderNumberSearch(query({ q: 'Laptop' }))).toBeNull();
    expect(orderNumberSearch(query({}))).toBeNull();
    const number = orderNumberSearch(query({ q: 'SO-00042' }))!;
    expect(number).toBe(42);
    expect(orderNumberPage(orders, number, query({ q: 'SO-00042' }))).toEqual({ items: [orders[1]], total: 1, totalExact: true, next: null, prev: null });
    expect(orderNumberPage(orders, number, query({ q: 'SO-00042', status: 'open' })).items).toEqual([]);
    expect(orderNumberPage(orders, 7, query({ q: 'SO-7' })).total).toBe(0);
  });
});

describe('stock correction reasons', () => {
  it('takes a reason and a note, and works without them as before', () => {
    expect(stockAdjustmentSchema.parse({ change: -2 })).toEqual({ change: -2 });
    for (const reason of CORRECTION_REASONS) expect(stockAdjustmentSchema.parse({ change: 1, reason }).reason).toBe(reason);
    expect(stockAdjustmentSchema.parse({ change: -1, reason: 'damaged', note: '  Dropped by the courier ' })).toEqual({
      change: -1,
      reason: 'damaged',
      note: 'Dropped by the courier',
    });
    expect(DEFAULT_CORRECTION_REASON).toBe('other');
  });

  it('refuses an unknown reason, a note of two lines, a note too long, with the product\'s words', () => {
    const problem = (body: unknown) => stockAdjustmentSchema.safeParse(body).error?.issues[0]?.message;
    expect(problem({ change: 1, reason: 'stolen' })).toBe(MESSAGES.correctionReasonInvalid);
    expect(problem({ change: 1, note: 'one\ntwo' })).toBe(MESSAGES.controlCharacters('Note'));
    expect(problem({ change: 1, note: 'x'.repeat(LIMITS.correctionNote + 1) })).toBe(MESSAGES.fieldTooLong('Note', LIMITS.correctionNote));
    expect(problem({ change: 1, note: 5 })).toBe(MESSAGES.correctionNoteInvalid);
    expect(problem({ change: 1, note: 'x'.repeat(LIMITS.correctionNote) })).toBeUndefined();
  });

  it('reads in a stock history as the correction and its reason', () => {
    expect(correctionReasonText('damaged')).toBe('Stock correction: Damaged');
    expect(correctionReasonText(null)).toBe('Stock correction');
  });
});
