import { IMPORT_MESSAGES } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { errorsCsv, errorsFileName } from './errorsCsv';
import { looksLikeCsv, PREVIEW_ROWS, readPreview } from './readPreview';

const file = (text: string, name = 'products.csv', type = 'text/csv') => new File([text], name, { type });

describe('readPreview', () => {
  it('reads the header and first rows of a semicolon file with a BOM and a quoted field holding ; and a newline', async () => {
    const preview = await readPreview(file('\uFEFFSKU;Name;Price\nA-1;"Dock; USB-C\nsecond line";9.50\nA-2;Mouse;4\n'));
    expect(preview.headers).toEqual(['SKU', 'Name', 'Price']);
    expect(preview.rows).toEqual([
      ['A-1', 'Dock; USB-C\nsecond line', '9.50'],
      ['A-2', 'Mouse', '4'],
    ]);
    expect(preview.file).toEqual({ name: 'products.csv', size: expect.any(Number) });
  });

  it('reads comma files and keeps only the first rows', async () => {
    const lines = ['Name,Quantity', ...Array.from({ length: 20 }, (_, i) => `Item ${i},${i}`)];
    const preview = await readPreview(file(lines.join('\r\n')));
    expect(preview.headers).toEqual(['Name', 'Quantity']);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.rows[4]).toEqual(['Item 4', '4']);
  });

  it('reads only the start of a big file, never a row cut in half', async () => {
    const row = `${'x'.repeat(100_000)},1`;
    const preview = await readPreview(file(['Name,Quantity', row, row, row, row].join('\n')));
    expect(preview.rows.length).toBeGreaterThan(0);
    expect(preview.rows.every((cells) => cells[0]!.length === 100_000 && cells[1] === '1')).toBe(true);
  });

  it('refuses a file that is not a CSV, and one without a header', async () => {
    await expect(readPreview(file('PK', 'catalogue.xlsx', 'application/vnd.ms-excel'))).rejects.toThrow(
      IMPORT_MESSAGES.notCsv,
    );
    await expect(readPreview(file('\n\n'))).rejects.toThrow(IMPORT_MESSAGES.emptyFile);
  });

  it('takes a .csv name whatever its type, and a nameless CSV-like type', () => {
    expect(looksLikeCsv({ name: 'EXPORT.CSV', type: 'application/octet-stream' })).toBe(true);
    expect(looksLikeCsv({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(looksLikeCsv({ name: 'photo.png', type: 'text/csv' })).toBe(false);
  });
});

describe('errorsCsv', () => {
  it('writes row, column and message, the file’s own texts neutralized against formulas', () => {
    const csv = errorsCsv([
      { row: 2, column: 'Price', message: 'Price must be a number' },
      { row: 7, column: '=cmd', message: '@SUM(A1) is not valid, really' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Row,Column,Message',
      '2,Price,Price must be a number',
      `7,'=cmd,"'@SUM(A1) is not valid, really"`,
    ]);
  });

  it('names the errors after the imported file', () => {
    expect(errorsFileName('stock.CSV')).toBe('stock-errors.csv');
    expect(errorsFileName('.csv')).toBe('import-errors.csv');
  });
});
