import { describe, expect, it } from 'vitest';
import {
  barcodeTakenProblem,
  createImportChecker,
  guessMapping,
  IMPORT_MESSAGES,
  gtinCheckDigit,
  matchesScannedCode,
  otherUpcForm,
  productOfScannedCode,
  SCANNED_CODE_MAX,
  LIMITS,
  MESSAGES,
  productFieldsSchema,
  productUpdateFieldsSchema,
  validateBarcode,
  validateImportRow,
  validateMpn,
} from '../src';

describe('barcode (validateBarcode)', () => {
  it.each([
    ['EAN-8', '96385074'],
    ['UPC-A', '036000291452'],
    ['EAN-13', '4006381333931'],
    ['GTIN-14', '10012345678902'],
    ['EAN-13 with a check digit of 0', '5901234123457'.slice(0, 12) + String(gtinCheckDigit('590123412345'))],
  ])('takes a valid %s (%s)', (_kind, code) => {
    expect(validateBarcode(code)).toEqual({ barcode: code });
    expect(validateBarcode(`  ${code} `)).toEqual({ barcode: code });
  });

  it.each([
    ['EAN-8', '96385075', 4],
    ['UPC-A', '036000291453', 2],
    ['EAN-13', '4006381333932', 1],
    ['GTIN-14', '10012345678903', 2],
  ])('refuses a wrong check digit of an %s, naming the right one', (_kind, code, expected) => {
    expect(validateBarcode(code)).toEqual({ message: MESSAGES.barcodeCheckDigit(expected) });
  });

  it('refuses a wrong length and anything but digits with their own messages', () => {
    for (const code of ['1234567', '123456789', '12345678901', '123456789012345', '1'])
      expect(validateBarcode(code)).toEqual({ message: MESSAGES.barcodeLength(code.length) });
    for (const code of [
      '4006 381 333931',
      '400638133393X',
      '-4006381333931',
      'abc',
      '',
      ' ',
      '４００６３８１３３３９３１',
    ])
      expect(validateBarcode(code)).toEqual({ message: MESSAGES.barcodeDigits });
  });

  it('computes the GS1 check digit (weights 3, 1 from the right)', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('1001234567890')).toBe(2);
  });

  it('is unique in a store, the edited product aside (barcodeTakenProblem)', () => {
    const products = [
      { _id: 'a', barcode: '96385074', name: 'Dock' },
      { _id: 'b', barcode: null, name: 'Cable' },
    ];
    expect(barcodeTakenProblem(products, '96385074')).toBe(MESSAGES.barcodeTaken('96385074', 'Dock'));
    expect(barcodeTakenProblem(products, '96385074', 'a')).toBeNull();
    expect(barcodeTakenProblem(products, null)).toBeNull();
    expect(barcodeTakenProblem(products, '036000291452')).toBeNull();
  });
});

describe('manufacturer part number (validateMpn)', () => {
  it('is one line of at most LIMITS.mpn characters', () => {
    expect(validateMpn('20R1-000GUS')).toBeNull();
    expect(validateMpn(' x '.repeat(1) + 'm'.repeat(LIMITS.mpn - 2))).toBeNull();
    expect(validateMpn('m'.repeat(LIMITS.mpn + 1))).toBe(MESSAGES.fieldTooLong('MPN', LIMITS.mpn));
    expect(validateMpn('A\tB')).toBe(MESSAGES.controlCharacters('MPN'));
    expect(validateMpn('A\u202EB')).toBe(MESSAGES.directionControls('MPN'));
  });
});

describe('product schemas with barcode and MPN', () => {
  const ok = { name: 'Dock', category: 'Docks', price: '10', quantity: '1' };
  it('a create without them has none (null); blank is none; values are trimmed', () => {
    expect(productFieldsSchema.parse(ok)).toMatchObject({ barcode: null, mpn: null });
    expect(productFieldsSchema.parse({ ...ok, barcode: ' ', mpn: '' })).toMatchObject({ barcode: null, mpn: null });
    expect(productFieldsSchema.parse({ ...ok, barcode: ' 96385074 ', mpn: ' 20R1 ' })).toMatchObject({
      barcode: '96385074',
      mpn: '20R1',
    });
  });
  it('an edit without them keeps them (undefined); blank clears them (null)', () => {
    const kept = productUpdateFieldsSchema.parse(ok);
    expect([kept.barcode, kept.mpn]).toEqual([undefined, undefined]);
    expect(productUpdateFieldsSchema.parse({ ...ok, barcode: '', mpn: ' ' })).toMatchObject({
      barcode: null,
      mpn: null,
    });
  });
  it('refuse a bad barcode or part number with its message', () => {
    const message = (body: object) => {
      const result = productFieldsSchema.safeParse(body);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(message({ ...ok, barcode: '96385075' })).toBe(MESSAGES.barcodeCheckDigit(4));
    expect(message({ ...ok, barcode: '123' })).toBe(MESSAGES.barcodeLength(3));
    expect(message({ ...ok, mpn: 'm'.repeat(LIMITS.mpn + 1) })).toBe(MESSAGES.fieldTooLong('MPN', LIMITS.mpn));
  });
  it('an import row reads them by their kinds', () => {
    const cells = { name: 'Dock', category: 'Docks', price: '10', quantity: '1' };
    expect(validateImportRow({ ...cells, barcode: ' 96385074 ', mpn: ' P-1 ' })).toMatchObject({
      row: { barcode: '96385074', mpn: 'P-1' },
    });
    expect(validateImportRow({ ...cells, barcode: '', mpn: '' })).toMatchObject({ row: { barcode: null, mpn: null } });
    expect(validateImportRow({ ...cells, barcode: '96385075' })).toEqual({
      errors: [{ field: 'barcode', message: MESSAGES.barcodeCheckDigit(4) }],
    });
  });
});

describe('import of barcodes and part numbers', () => {
  it('maps the headers suppliers use for them', () => {
    for (const header of ['EAN', 'UPC', 'GTIN', 'Barcode', 'EAN-13', 'Bar code'])
      expect(guessMapping(['SKU', 'Name', header]).barcode, header).toBe(header);
    for (const header of ['Part No', 'Part No.', 'Part Number', 'MPN', 'Manufacturer Part Number', 'Mfr. Part #'])
      expect(guessMapping(['SKU', 'Name', header]).mpn, header).toBe(header === 'Mfr. Part #' ? undefined : header);
    expect(guessMapping(['Item Code', 'EAN', 'Part No'])).toMatchObject({
      sku: 'Item Code',
      barcode: 'EAN',
      mpn: 'Part No',
    });
  });

  it('refuses one barcode on two rows of a file', () => {
    const checker = createImportChecker(null, () => false);
    checker.header(['SKU', 'Name', 'Category', 'Price', 'Quantity', 'EAN']);
    expect(checker.record(['A-1', 'One', 'Misc', '1', '1', '96385074'])).toMatchObject({ barcode: '96385074' });
    expect(checker.record(['A-2', 'Two', 'Misc', '1', '1', ' 96385074 '])).toBeNull();
    expect(checker.finish()?.errors).toEqual([{ row: 3, column: 'EAN', message: IMPORT_MESSAGES.duplicateBarcode(2) }]);
  });
});

describe('a scanned code (matchesScannedCode, productOfScannedCode)', () => {
  const laptop = { sku: 'LAP-001', barcode: '4006381333931', mpn: 'XPS-9530' };
  const dock = { sku: '4006381333931X', barcode: null, mpn: 'wd19s' };
  const cable = { sku: 'CAB-1', barcode: null, mpn: null };

  it('names a product by its SKU in any ASCII case, its whole barcode, or its part number in any ASCII case', () => {
    expect(matchesScannedCode(laptop, ' lap-001 ')).toBe(true);
    expect(matchesScannedCode(laptop, '4006381333931')).toBe(true);
    expect(matchesScannedCode(laptop, 'xps-9530')).toBe(true);
    expect(matchesScannedCode(laptop, '400638133393')).toBe(false);
    expect(matchesScannedCode(laptop, 'LAP')).toBe(false);
    expect(matchesScannedCode(cable, '')).toBe(false);
  });

  it('prefers the SKU, then the barcode, then the part number', () => {
    const skuLikeMpn = { sku: 'WD19S', barcode: null, mpn: null };
    expect(productOfScannedCode([dock, skuLikeMpn], 'WD19S')).toBe(skuLikeMpn);
    expect(productOfScannedCode([dock, laptop], '4006381333931')).toBe(laptop);
    expect(productOfScannedCode([cable, dock], 'WD19S')).toBe(dock);
    expect(productOfScannedCode([cable, dock, laptop], 'nothing')).toBeUndefined();
  });

  it('admits the longest SKU and a GTIN-14', () => {
    expect(SCANNED_CODE_MAX).toBe(LIMITS.sku);
    expect(SCANNED_CODE_MAX).toBeGreaterThanOrEqual(14);
  });
});

describe('the other form of a UPC-A (otherUpcForm)', () => {
  it('pads a UPC-A to its EAN-13 and unpads an EAN-13 that starts with 0; nothing else', () => {
    expect(otherUpcForm('036000291452')).toBe('0036000291452');
    expect(otherUpcForm(' 0036000291452 ')).toBe('036000291452');
    expect(otherUpcForm('4006381333931')).toBeNull();
    expect(otherUpcForm('96385074')).toBeNull();
    expect(otherUpcForm('10012345678902')).toBeNull();
    expect(otherUpcForm('CAB-1')).toBeNull();
  });
});
