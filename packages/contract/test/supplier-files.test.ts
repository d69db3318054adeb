import { describe, expect, it } from 'vitest';
import {
  createDuplicateReport,
  createImportChecker,
  decodeCsv,
  detectDelimiter,
  detectEncoding,
  guessMapping,
  guessNumberFormat,
  IMPORT_MESSAGES,
  importQuerySchema,
  looksBinary,
  normalizeHeader,
  normalizeNumber,
  parseNumber,
  skuMatchKey,
} from '../src';

/** Issue 25's supplier files: encodings, delimiters, number formats, header synonyms, matching and duplicates. */

const utf16le = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
  return new Uint8Array([0xfe, 0xff, ...be]);
};

describe('encoding', () => {
  it('a BOM decides, else valid UTF-8 is UTF-8, else Windows-1252', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), true)).toBe('utf-8-bom');
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]), false)).toBe('utf-16le');
    expect(detectEncoding(new Uint8Array([0xfe, 0xff, 0, 0x41]), false)).toBe('utf-16be');
    expect(detectEncoding(new Uint8Array([0x41]), true)).toBe('utf-8');
    expect(detectEncoding(new Uint8Array([0x41]), false)).toBe('windows-1252');
  });

  it('decodes each to the characters typed, without the BOM', () => {
    const text = 'Name\nCâble USB-C – 2 m €\n';
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]))).toEqual({
      encoding: 'utf-8-bom',
      text,
    });
    expect(decodeCsv(new Uint8Array(Buffer.from(text)))).toEqual({ encoding: 'utf-8', text });
    expect(decodeCsv(utf16le(text))).toEqual({ encoding: 'utf-16le', text });
    expect(decodeCsv(utf16be(text))).toEqual({ encoding: 'utf-16be', text });
    // Windows-1252: â is E2, – is 96, € is 80 (Latin-1 has neither of the last two).
    const cp1252 = new Uint8Array([
      ...Buffer.from('Name\nC'),
      0xe2,
      ...Buffer.from('ble USB-C '),
      0x96,
      ...Buffer.from(' 2 m '),
      0x80,
      0x0a,
    ]);
    expect(decodeCsv(cp1252)).toEqual({ encoding: 'windows-1252', text });
  });

  it("Windows-1252 bytes 0x80-0x9F are the standard's characters even where Node decodes them as Latin-1 (nodejs/node#60888)", () => {
    const high = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    const bytes = new Uint8Array([0xff - 1, ...high]); // 0xFE first: not UTF-8, no BOM
    expect(decodeCsv(bytes)).toEqual({
      encoding: 'windows-1252',
      text: 'þ€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
    });
  });

  it('refuses a file that does not follow its BOM rather than read replacement characters', () => {
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0xe2, 0x41]))).toEqual({
      encoding: 'utf-8-bom',
      text: null,
    });
    // A lone surrogate in UTF-16.
    expect(decodeCsv(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x00, 0xd8, 0x41, 0]))).toEqual({
      encoding: 'utf-16le',
      text: null,
    });
  });

  it('the start of a file may end inside a character (the preview reads a slice)', () => {
    const bytes = new Uint8Array(Buffer.from('Name\nCâ'));
    expect(decodeCsv(bytes.subarray(0, bytes.length - 1), true)).toEqual({ encoding: 'utf-8', text: 'Name\nC' });
    expect(decodeCsv(bytes.subarray(0, bytes.length - 1)).encoding).toBe('windows-1252');
  });

  it('UTF-16 text is not binary; other NULs are', () => {
    expect(looksBinary(utf16le('Name\n'))).toBe(false);
    expect(looksBinary(utf16be('Name\n'))).toBe(false);
    expect(looksBinary(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe(true);
    expect(looksBinary(new Uint8Array(Buffer.from('Name\n')))).toBe(false);
  });
});

describe('delimiter', () => {
  it('the most frequent of tab, semicolon and comma in the header line, outside quotes; comma on a tie', () => {
    expect(detectDelimiter('SKU\tName\tUnit Price, EUR')).toBe('\t');
    expect(detectDelimiter('SKU;Name;Price')).toBe(';');
    expect(detectDelimiter('"a;b;c",Name,Price')).toBe(',');
    expect(detectDelimiter('Name')).toBe(',');
    expect(detectDelimiter('a;b,c')).toBe(',');
  });
});

describe('number formats', () => {
  it.each([
    ['1,299.00', 'point', '1299.00'],
    ['$1,299.00', 'point', '1299.00'],
    ['USD 1,299.00', 'point', '1299.00'],
    ["1'299.50", 'point', '1299.50'],
    ['1299', 'point', '1299'],
    ['4.99', 'point', '4.99'],
    ['1,234,567', 'point', '1234567'],
    ['1.299,00', 'comma', '1299.00'],
    ['1 299,00 €', 'comma', '1299.00'],
    ['1\u202f299,00\u00a0€', 'comma', '1299.00'],
    ['12,5', 'comma', '12.5'],
    ['1.000', 'comma', '1000'],
    ['EUR 49,90', 'comma', '49.90'],
    ['-3', 'point', '-3'],
    ['  ', 'comma', ''],
  ] as const)('%s as %s is %s', (text, format, expected) => {
    expect(normalizeNumber(text, format)).toBe(expected);
  });

  it.each([
    ['1.299,00', 'point'],
    ['1,5', 'point'],
    ['12,50', 'point'],
    ['1,299.00', 'comma'],
    ['12.50', 'comma'],
    ['1.29.00', 'comma'],
    ['12,34,567', 'point'],
    ['abc', 'point'],
    ['1,2a', 'comma'],
  ] as const)('%s is not a number as %s', (text, format) => {
    expect(normalizeNumber(text, format)).toBeNull();
  });

  it('parses to numbers', () => {
    expect(parseNumber('1.299,00 €', 'comma')).toBe(1299);
    expect(parseNumber('', 'comma')).toBeNull();
  });

  it('guesses the format from the values', () => {
    expect(guessNumberFormat(['1.299,00', '49,90', '12'])).toBe('comma');
    expect(guessNumberFormat(['1 299,00 €', '89,00 €'])).toBe('comma');
    expect(guessNumberFormat(['$1,299.00', '4.99'])).toBe('point');
    expect(guessNumberFormat(['1,299', '2,499'])).toBe('point');
    expect(guessNumberFormat(['1.299', '2.499'])).toBe('comma');
    expect(guessNumberFormat(['12', '7'])).toBe('point');
    expect(guessNumberFormat([])).toBe('point');
  });

  it('is a validated parameter of the import', () => {
    expect(importQuerySchema.safeParse({ numberFormat: 'comma' }).success).toBe(true);
    expect(importQuerySchema.safeParse({}).success).toBe(true);
    expect(importQuerySchema.safeParse({ numberFormat: 'de' }).success).toBe(false);
  });
});

describe('header synonyms', () => {
  it('maps what suppliers call our fields, whatever the case, accents and punctuation', () => {
    expect(
      guessMapping([
        'Item Code',
        'Product Name',
        'Product Type',
        'Unit Price (EUR)',
        'Qty.',
        'Min. Stock',
        'Long Description',
      ]),
    ).toEqual({
      sku: 'Item Code',
      name: 'Product Name',
      category: 'Product Type',
      price: 'Unit Price (EUR)',
      quantity: 'Qty.',
      reorderPoint: 'Min. Stock',
      description: 'Long Description',
    });
    expect(
      guessMapping(['Référence', 'Désignation', 'Catégorie', 'Prix de vente', 'Quantité', 'Stock minimum']),
    ).toEqual({
      sku: 'Référence',
      name: 'Désignation',
      category: 'Catégorie',
      price: 'Prix de vente',
      quantity: 'Quantité',
      reorderPoint: 'Stock minimum',
    });
    expect(guessMapping(['Title', 'Sale Price', 'ON_HAND', 'Reorder-Level'])).toMatchObject({
      name: 'Title',
      price: 'Sale Price',
      quantity: 'ON_HAND',
      reorderPoint: 'Reorder-Level',
    });
    expect(normalizeHeader('\uFEFFÉcran (HT) – Prix.')).toBe('ecranprix');
  });

  it("prefers a field's own name to a synonym, and never gives one column to two fields", () => {
    expect(guessMapping(['Item', 'Name', 'Stock', 'Quantity'])).toMatchObject({ name: 'Name', quantity: 'Quantity' });
    expect(guessMapping(['Product', 'Product Name'])).toEqual({ name: 'Product Name' });
  });

  it('two columns of one normalized name are refused when guessing', () => {
    const checker = createImportChecker(null, () => false);
    const problem = checker.header(['Product Name', 'product-name', 'Category', 'Price', 'Qty']);
    expect(problem?.errors).toEqual([
      { row: 1, column: 'Product Name', message: IMPORT_MESSAGES.duplicateHeader('Product Name') },
    ]);
  });
});

describe('the checker with a number format', () => {
  it('reads numbers in the format and names a cell that is not in it', () => {
    const checker = createImportChecker(null, () => false, { numberFormat: 'comma' });
    expect(checker.header(['Name', 'Category', 'Price', 'Qty', 'Reorder Level'])).toBeNull();
    expect(checker.record(['Écran 27"', 'Monitors', '1.299,00 €', '1.000', '5'])).toMatchObject({
      name: 'Écran 27"',
      price: 1299,
      quantity: 1000,
      reorderPoint: 5,
    });
    expect(checker.record(['Dock', 'Docks', '1,299.00', '2', '1'])).toBeNull();
    expect(checker.finish()?.errors).toEqual([
      { row: 3, column: 'Price', message: IMPORT_MESSAGES.numberFormat('1.299,00') },
    ]);
  });

  it('without a format, reads numbers as before', () => {
    const checker = createImportChecker(null, () => false);
    checker.header(['Name', 'Category', 'Price', 'Quantity']);
    expect(checker.record(['Dock', 'Docks', '1,299.00', '2'])).toBeNull();
    expect(checker.record(['Dock', 'Docks', '129.00', '2'])).toMatchObject({ price: 129 });
  });

  it('SKUs match whatever their ASCII case, in the file and in the store', () => {
    expect(skuMatchKey('Lap-001-É')).toBe('lap-001-É');
    const checker = createImportChecker(null, (sku) => skuMatchKey(sku) === 'lap-001');
    checker.header(['SKU', 'Name', 'Category', 'Price', 'Quantity']);
    expect(checker.record(['lap-001', 'Laptop', 'Laptops', '1', '1'])).toMatchObject({ sku: 'lap-001' });
    expect(checker.record(['LAP-001', 'Laptop', 'Laptops', '1', '1'])).toBeNull();
    expect(checker.finish()?.errors[0]?.message).toBe(IMPORT_MESSAGES.duplicateSku(2));
  });
});

describe('likely duplicates', () => {
  it('lists new rows whose name a product of the store has, trimmed and whatever the ASCII case', () => {
    const report = createDuplicateReport();
    report.add(
      [
        { row: 2, name: ' dell latitude 5440 ' },
        { row: 3, name: 'Câble HDMI 2 m' },
        { row: 4, name: 'Brand new' },
      ],
      [
        { name: 'Dell Latitude 5440', sku: 'LAP-1' },
        { name: 'CÂBLE HDMI 2 M', sku: 'CAB-1' },
      ],
    );
    expect(report.result).toEqual({
      likelyDuplicates: [{ row: 2, name: ' dell latitude 5440 ', sku: 'LAP-1' }],
      likelyDuplicateCount: 1,
    });
  });
});
