import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, type PurchaseOrder, purchaseOrderMail, textPdf } from '../src';

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

/** The text pdftotext reads from `bytes`. */
function readBack(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'po-pdf-'));
  try {
    const file = path.join(dir, 'order.pdf');
    writeFileSync(file, bytes);
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  it('is a PDF whose text reads back, escaped, in WinAnsi, wrapped and paged', () => {
    const { text } = purchaseOrderMail({ storeName: 'Corner Shop', currency: DEFAULT_CURRENCY, order, partNumbers: {} });
    const bytes = textPdf(`${text}\n${'word '.repeat(40)}\n${Array.from({ length: 80 }, (_, i) => `row ${i + 1} (of 80)`).join('\n')}\nÅngström ✓`, 'PO-00045');
    expect(String.fromCharCode(...bytes.slice(0, 8))).toBe('%PDF-1.4');
    const read = readBack(bytes);
    expect(read).toContain('Purchase order PO-00045 from Corner Shop');
    expect(read).toContain('1. 4 × USB-C Dock (SKU DOC-1) at $121.50 = $486.00');
    expect(read).toContain('Back door \\ ring twice');
    expect(read).toContain('row 80 (of 80)');
    expect(read).toContain('Ångström ?');
    // Two pages: pdftotext separates them with a form feed.
    expect(read.split('\f').filter((page) => page.trim() !== '')).toHaveLength(2);
  });
});
