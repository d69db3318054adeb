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

  it('reads Windows-1252 and UTF-16 files, says which, and guesses the number format from the mapped numbers', async () => {
    const cp1252 = new File(
      [
        Uint8Array.from(
          [...'Désignation;Catégorie;Prix;Quantité\nC']
            .map((c) => c.charCodeAt(0))
            .concat(
              [0xe2],
              [...'ble;Câbles;1.299,00 '].map((c) => c.charCodeAt(0)),
              [0x80, 0x0a],
            ),
        ),
      ],
      'fournisseur.csv',
      { type: 'text/csv' },
    );
    expect(await readPreview(cp1252)).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      numberFormat: 'comma',
      rows: [['Câble', 'Câbles', '1.299,00 €']],
      guessed: { name: 'Désignation', category: 'Catégorie', price: 'Prix' },
    });
    const text = 'SKU\tTitle\tSale Price\tOn Hand\nLAP-1\tÉcran\t$1,299.00\t3\n';
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    expect(await readPreview(new File([utf16], 'stock.txt', { type: 'text/plain' }))).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
      numberFormat: 'point',
      headers: ['SKU', 'Title', 'Sale Price', 'On Hand'],
      rows: [['LAP-1', 'Écran', '$1,299.00', '3']],
    });
  });

  it('refuses a file that breaks its BOM', async () => {
    const broken = new File([Uint8Array.from([0xef, 0xbb, 0xbf, 0x4e, 0x0a, 0x43, 0xe2, 0x0a])], 'x.csv', {
      type: 'text/csv',
    });
    await expect(readPreview(broken)).rejects.toThrow(IMPORT_MESSAGES.notUtf8(2));
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
