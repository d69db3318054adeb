import { describe, expect, it } from 'vitest';
import {
  catalogueSummary,
  categoryCounts,
  csvParseProblem,
  csvSyntaxMessage,
  MESSAGES,
  memberRemovalRefusal,
  memberRoleChangeRefusal,
  orderDeletionMoves,
  orderEditMoves,
  orderPlacementMoves,
  scanCsvSyntax,
  tokenActingRole,
} from '../src/rules';

const now = new Date('2026-06-01T12:00:00Z');

describe('tokenActingRole', () => {
  const token = { role: 'manager', revokedAt: null, expiresAt: null, makerRole: 'owner' } as const;
  it('acts with its own role while its maker ranks as high', () => {
    expect(tokenActingRole(token, now)).toBe('manager');
  });
  it("is capped at its maker's current role", () => {
    expect(tokenActingRole({ ...token, makerRole: 'viewer' }, now)).toBe('viewer');
    expect(tokenActingRole({ ...token, makerRole: 'staff' }, now)).toBe('staff');
  });
  it('dies when its maker is no longer a member, when revoked, and when expired', () => {
    expect(tokenActingRole({ ...token, makerRole: null }, now)).toBeNull();
    expect(tokenActingRole({ ...token, revokedAt: '2026-05-01T00:00:00Z' }, now)).toBeNull();
    expect(tokenActingRole({ ...token, expiresAt: now.toISOString() }, now)).toBeNull();
    expect(tokenActingRole({ ...token, expiresAt: '2026-06-01T12:00:01Z' }, now)).toBe('manager');
  });
});

describe('who may manage which member', () => {
  it('removal: 404 for a non-member, 403 for a role the actor cannot manage, 409 for the last owner', () => {
    expect(memberRemovalRefusal({ actor: 'staff', target: null, leaving: false, owners: 1 })).toEqual({
      status: 404,
      message: MESSAGES.memberNotFound,
    });
    expect(memberRemovalRefusal({ actor: 'staff', target: 'viewer', leaving: false, owners: 1 })).toEqual({
      status: 403,
      message: MESSAGES.memberCannotManage,
    });
    expect(memberRemovalRefusal({ actor: 'manager', target: 'manager', leaving: false, owners: 1 })?.status).toBe(403);
    expect(memberRemovalRefusal({ actor: 'manager', target: 'staff', leaving: false, owners: 1 })).toBeNull();
    expect(memberRemovalRefusal({ actor: 'viewer', target: 'viewer', leaving: true, owners: 1 })).toBeNull();
    expect(memberRemovalRefusal({ actor: 'owner', target: 'owner', leaving: true, owners: 1 })).toEqual({
      status: 409,
      message: MESSAGES.lastOwner,
    });
    expect(memberRemovalRefusal({ actor: 'owner', target: 'owner', leaving: false, owners: 2 })).toBeNull();
  });
  it('role change: 404, 403 for the target, 403 for the role, 409 for the last owner', () => {
    expect(memberRoleChangeRefusal({ actor: 'owner', target: null, role: 'staff', owners: 1 })?.status).toBe(404);
    expect(memberRoleChangeRefusal({ actor: 'manager', target: 'owner', role: 'staff', owners: 2 })).toEqual({
      status: 403,
      message: MESSAGES.memberCannotManage,
    });
    expect(memberRoleChangeRefusal({ actor: 'manager', target: 'staff', role: 'manager', owners: 1 })).toEqual({
      status: 403,
      message: MESSAGES.roleNotAssignable('manager'),
    });
    expect(memberRoleChangeRefusal({ actor: 'owner', target: 'owner', role: 'viewer', owners: 1 })?.status).toBe(409);
    expect(memberRoleChangeRefusal({ actor: 'owner', target: 'owner', role: 'viewer', owners: 2 })).toBeNull();
  });
});

describe('orders and stock', () => {
  const open = { status: 'open', productId: 'p1', quantity: 3 } as const;
  it('placing takes the quantity; an order without a product moves nothing', () => {
    expect(orderPlacementMoves(open)).toEqual([{ productId: 'p1', change: -3, reason: 'order_placed', returning: false }]);
    expect(orderPlacementMoves({ ...open, productId: null })).toEqual([]);
  });
  it('an edit moves the difference; cancelling gives back, reopening takes again; fulfilling moves nothing', () => {
    expect(orderEditMoves(open, { ...open, quantity: 5 })).toEqual([
      { productId: 'p1', change: -2, reason: 'order_changed', returning: false },
    ]);
    expect(orderEditMoves(open, { ...open, status: 'cancelled' })).toEqual([
      { productId: 'p1', change: 3, reason: 'order_cancelled', returning: false },
    ]);
    expect(orderEditMoves({ ...open, status: 'cancelled' }, open)).toEqual([
      { productId: 'p1', change: -3, reason: 'order_reopened', returning: false },
    ]);
    expect(orderEditMoves(open, { ...open, status: 'fulfilled' })).toEqual([]);
  });
  it('another product gives back to the old one and takes from the new', () => {
    expect(orderEditMoves(open, { ...open, productId: 'p2', quantity: 4 })).toEqual([
      { productId: 'p1', change: 3, reason: 'order_changed', returning: true },
      { productId: 'p2', change: -4, reason: 'order_changed', returning: false },
    ]);
  });
  it('deleting an open order gives its stock back; a fulfilled or cancelled one gives nothing', () => {
    expect(orderDeletionMoves(open)).toEqual([{ productId: 'p1', change: 3, reason: 'order_deleted', returning: true }]);
    expect(orderDeletionMoves({ ...open, status: 'fulfilled' })).toEqual([]);
    expect(orderDeletionMoves({ ...open, status: 'cancelled' })).toEqual([]);
  });
});

describe('figures from products', () => {
  const products = [
    { category: 'b', price: 0.1, quantity: 3, reorderPoint: 5 },
    { category: 'a', price: 0.2, quantity: 0, reorderPoint: null },
    { category: 'B', price: 19.99, quantity: 7 },
    { category: 'b', price: 1, quantity: 5, reorderPoint: 5 },
  ];
  it('sums the value in whole cents and counts out, low and categories', () => {
    expect(catalogueSummary(products)).toEqual({
      totalProducts: 4,
      totalStoreValue: 145.23,
      outOfStock: 1,
      lowStock: 2,
      categories: 3,
    });
    expect(catalogueSummary([])).toEqual({ totalProducts: 0, totalStoreValue: 0, outOfStock: 0, lowStock: 0, categories: 0 });
  });
  it('lists categories in byte order with their counts', () => {
    expect(categoryCounts(products)).toEqual([
      { name: 'B', products: 1 },
      { name: 'a', products: 1 },
      { name: 'b', products: 2 },
    ]);
  });
});

describe('CSV syntax', () => {
  const header = 'name,category,price,quantity\n';
  it('finds the problem and the record it is in, as csv-parse refuses it', () => {
    expect(scanCsvSyntax(`${header}A,B,1,2\n"C,D,1,2\nE,F,1,2\n`, ',')).toEqual({ problem: 'unclosedQuote', record: 2 });
    expect(scanCsvSyntax(`${header}A,B,1,2\n"C"x,D,1,2\n`, ',')).toEqual({ problem: 'textAfterQuote', record: 2 });
    expect(scanCsvSyntax(`${header}A,B,1,2\nC"x,D,1,2\n`, ',')).toEqual({ problem: 'quoteInValue', record: 2 });
  });
  it('accepts quoted values with separators, doubled quotes and line breaks, on any separator', () => {
    expect(scanCsvSyntax(`${header}"A, ""big""\nline",B,1,2\r\nC,D,1,2`, ',')).toBeNull();
    expect(scanCsvSyntax('name;category\r\n"A;1";"B"\r\n', ';')).toBeNull();
    expect(scanCsvSyntax('name\tcategory\n"A"\tB\n', '\t')).toBeNull();
  });
  it("maps csv-parse's error codes to the same problems", () => {
    expect(csvParseProblem('CSV_QUOTE_NOT_CLOSED')).toBe('unclosedQuote');
    expect(csvParseProblem('CSV_INVALID_CLOSING_QUOTE')).toBe('textAfterQuote');
    expect(csvParseProblem('INVALID_OPENING_QUOTE')).toBe('quoteInValue');
    expect(csvParseProblem('SOMETHING_NEW')).toBe('unreadable');
    expect(csvSyntaxMessage('unclosedQuote')).toBe('a quoted value is never closed');
  });
});
