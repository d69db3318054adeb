import { describe, expect, it } from 'vitest';
import { type PurchaseOrder, purchaseOrderMail } from '../src';

const order: PurchaseOrder = {
  _id: '5b0e2a4c-1d3f-4e5a-8b6c-7d8e9f0a1b2c',
  number: 45,
  reference: 'PO-00045',
  supplier: { _id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Northwind (EU)', email: 'po@northwind.example' },
  status: 'ordered',
  expectedDate: '2030-02-01',
  notes: 'Back door \\ ring twice',
  orderedAt: '2030-01-01T10:00:00.000Z',
  lineCount: 2,
  total: 488.05,
  lines: [
    { _id: 'a', product: { _id: 'p1', name: 'USB-C Dock', sku: 'DOC-1' }, quantity: 4, unitCost: 121.5, received: 0, outstanding: 4 },
    { _id: 'b', product: null, quantity: 1, unitCost: 2.05, received: 0, outstanding: 1 },
  ],
  createdAt: '2030-01-01T09:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
};

describe('a purchase order as the supplier receives it', () => {
  it('is a mail of its lines with their part numbers, amounts in the store’s currency', () => {
    const { subject, text } = purchaseOrderMail({ storeName: 'Corner Shop', currency: { symbol: '€', decimals: 2 }, order, partNumbers: { p1: 'NW-7' } });
    expect(subject).toBe('Purchase order PO-00045 from Corner Shop');
    expect(text.split('\n')).toEqual([
      'Purchase order PO-00045 from Corner Shop',
      'To: Northwind (EU)',
      'Expected by: 2030-02-01',
      '',
      '1. 4 × USB-C Dock (SKU DOC-1), your part NW-7 at €121.50 = €486.00',
      '2. 1 × Deleted product at €2.05 = €2.05',
      '',
      'Total: €488.05',
      '',
      'Back door \\ ring twice',
      '',
    ]);
  });
});
