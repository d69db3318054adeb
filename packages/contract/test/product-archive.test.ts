import { describe, expect, it } from 'vitest';
import {
  activeProducts,
  BULK_LIMIT,
  bulkSizeRefusal,
  isCountedExactly,
  matchesProductArchive,
  MESSAGES,
  movementsSinceOpening,
  orderProductRefusal,
  productBulkSchema,
  productListQuerySchema,
  removalOf,
  removalOutlook,
  removalSentence,
  splitRemovals,
} from '../src';

describe('removalOf: archive a product with a history, delete one without', () => {
  it.each([
    [{ orders: 0, movements: 0 }, 'delete'],
    [{ orders: 0, movements: 1 }, 'delete'],
    [{ orders: 0, movements: 2 }, 'archive'],
    [{ orders: 1, movements: 1 }, 'archive'],
    [{ orders: 3, movements: 0 }, 'archive'],
  ] as const)('%o → %s', (history, outcome) => {
    expect(removalOf(history)).toBe(outcome);
  });

  it('counts movements besides the opening one, never below 0', () => {
    expect(movementsSinceOpening({ movements: 13 })).toBe(12);
    expect(movementsSinceOpening({ movements: 0 })).toBe(0);
    expect(removalOutlook({ orders: 3, movements: 13 })).toEqual({ outcome: 'archive', orders: 3, movements: 12 });
  });

  it('says what will happen, naming the product', () => {
    expect(removalSentence('Dock', { outcome: 'archive', orders: 3, movements: 12 })).toBe(
      'Dock has 3 orders and 12 movements: it will be archived, restorable (hidden from lists, kept on its orders, its history stays).',
    );
    expect(removalSentence('Dock', { outcome: 'archive', orders: 1, movements: 1 })).toContain('has 1 order and 1 movement:');
    expect(removalSentence('Dock', { outcome: 'delete', orders: 0, movements: 0 })).toBe(MESSAGES.productRemovalDelete('Dock'));
  });

  it('splits a bulk archive by the same rule, in the order given', () => {
    expect(
      splitRemovals([
        { id: 'a', history: { orders: 1, movements: 1 } },
        { id: 'b', history: { orders: 0, movements: 1 } },
        { id: 'c', history: { orders: 0, movements: 4 } },
      ]),
    ).toEqual({ archived: ['a', 'c'], deleted: ['b'] });
  });
});

describe('archived products in lists, figures and orders', () => {
  const active = { archivedAt: null };
  const archived = { archivedAt: '2026-01-01T00:00:00.000Z' };
  it('lists the active ones unless asked', () => {
    expect([undefined, 'exclude', 'only', 'include'].map((filter) => matchesProductArchive(archived, filter as never))).toEqual([false, false, true, true]);
    expect([undefined, 'exclude', 'only', 'include'].map((filter) => matchesProductArchive(active, filter as never))).toEqual([true, true, false, true]);
    expect(activeProducts([active, archived, {}])).toEqual([active, {}]);
  });

  it('counts archived lists exactly without a category or stock filter (one counter per store)', () => {
    const query = (raw: Record<string, string>) => productListQuerySchema.parse({ limit: '5', ...raw });
    expect(isCountedExactly(query({ archived: 'only' }))).toBe(true);
    expect(isCountedExactly(query({ archived: 'include', category: 'Docks' }))).toBe(false);
    expect(isCountedExactly(query({ category: 'Docks', stock: 'low' }))).toBe(true);
    expect(() => query({ archived: 'sometimes' })).toThrow(MESSAGES.invalidListQuery);
  });

  it('refuses ordering an archived product (409) and a missing one (400, as before)', () => {
    expect(orderProductRefusal({ name: 'Dock', ...archived })).toEqual({ status: 409, message: MESSAGES.productArchivedNoOrders('Dock') });
    expect(orderProductRefusal(null)).toEqual({ status: 400, message: MESSAGES.orderProductGone });
    expect(orderProductRefusal({ name: 'Dock', ...active })).toBeNull();
  });
});

describe('bulk actions', () => {
  const id = '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
  it('takes ids or a list query, not both, and set-category needs a category by the form rule', () => {
    expect(productBulkSchema.parse({ action: 'set-category', category: '  Docks ', ids: [id] })).toEqual({ action: 'set-category', category: 'Docks', ids: [id] });
    expect(productBulkSchema.parse({ action: 'archive', matching: { q: 'dock', archived: 'include' } })).toEqual({
      action: 'archive',
      matching: { q: 'dock', archived: 'include' },
    });
    expect(productBulkSchema.safeParse({ action: 'archive', ids: [id], matching: {} }).success).toBe(false);
    expect(productBulkSchema.safeParse({ action: 'archive' }).success).toBe(false);
    expect(productBulkSchema.safeParse({ action: 'set-category', ids: [id] }).success).toBe(false);
    expect(productBulkSchema.safeParse({ action: 'set-category', category: 'Two\nlines', ids: [id] }).success).toBe(false);
    expect(productBulkSchema.safeParse({ action: 'archive', matching: { sort: 'name' } }).success).toBe(false);
  });

  it('is capped', () => {
    expect(bulkSizeRefusal(0)).toEqual({ status: 400, message: MESSAGES.bulkNothingChosen });
    expect(bulkSizeRefusal(BULK_LIMIT)).toBeNull();
    expect(bulkSizeRefusal(BULK_LIMIT + 1)).toEqual({ status: 413, message: MESSAGES.bulkTooMany(BULK_LIMIT) });
  });
});
