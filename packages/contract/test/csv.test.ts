import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  createImportChecker,
  idsInFileOrder,
  exportCell,
  IMPORT_MAX_ERRORS,
  detectDelimiter,
  guessMapping,
  hasOnlyFieldKeys,
  IMPORT_MESSAGES,
  invalidUtf8Line,
  normalizeLineEndings,
  parseImportMapping,
  importErrorsAnswerSchema,
  importMappingSchema,
  importResultSchema,
  MESSAGES,
  missingRequiredFields,
  neutralizeCell,
  PRODUCT_EXPORT_HEADER,
  restoreCell,
  rowCells,
  validateImportRow,
} from '../src';

describe('CSV injection rule', () => {
  it.each(['=SUM(A1:A2)', '+1', '-1', '@cmd', '\tx', '\rx', "'quoted"])(
    'neutralizes %j with one leading quote',
    (cell) => {
      expect(neutralizeCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['ThinkPad', '', '1 = 1', 'a-b', ' =x', '12.50'])('leaves %j as it is', (cell) => {
    expect(neutralizeCell(cell)).toBe(cell);
  });

  it.each(['=1+2', '-5', "'", "''", "'=x", '@', '\t', 'plain', '', "it's"])('round-trips %j', (cell) => {
    expect(restoreCell(neutralizeCell(cell))).toBe(cell);
  });

  it('strips exactly one quote, and only before a trigger', () => {
    expect(restoreCell("''=x")).toBe("'=x");
    expect(restoreCell("'abc")).toBe("'abc");
    expect(restoreCell("'")).toBe("'");
  });

  it('writes numbers as numbers, even negative ones', () => {
    expect(exportCell(-3)).toBe('-3');
    expect(exportCell(12.5)).toBe('12.5');
    expect(exportCell('-3')).toBe("'-3");
    expect(exportCell(null)).toBe('');
  });
});

describe('header mapping', () => {
  it('maps headers named like our fields, whatever their case and spacing', () => {
    expect(
      guessMapping(['\uFEFFSKU', 'name', 'CATEGORY', ' Price ', 'quantity', 'reorder_point', 'Description', 'Other']),
    ).toEqual({
      sku: '\uFEFFSKU',
      name: 'name',
      category: 'CATEGORY',
      price: ' Price ',
      quantity: 'quantity',
      reorderPoint: 'reorder_point',
      description: 'Description',
    });
  });

  it("maps the export's own header row completely", () => {
    const mapping = guessMapping(PRODUCT_EXPORT_HEADER);
    expect(Object.keys(mapping)).toHaveLength(PRODUCT_EXPORT_HEADER.length);
  });

  it('names the required fields a mapping misses', () => {
    expect(missingRequiredFields({ name: 'Name', price: 'Cost' }, ['Name', 'Price'])).toEqual([
      'Category',
      'Price',
      'Quantity',
    ]);
  });

  it('accepts a mapping of known fields only', () => {
    expect(importMappingSchema.safeParse({ name: 'Title' }).success).toBe(true);
    expect(importMappingSchema.safeParse({ colour: 'Colour' }).success).toBe(false);
    expect(importMappingSchema.safeParse({ name: 3 }).success).toBe(false);
  });

  it('detects the delimiter from the header line', () => {
    expect(detectDelimiter('SKU,Name,Price')).toBe(',');
    expect(detectDelimiter('SKU;Name;Price')).toBe(';');
    expect(detectDelimiter('"a,b";Name;Price')).toBe(';');
  });
});

describe('import rows', () => {
  const mapping = guessMapping(PRODUCT_EXPORT_HEADER);
  const none = () => false;
  const record = (over: Record<string, string> = {}) => ({
    SKU: 'LAP-1',
    Name: ' ThinkPad ',
    Category: 'Laptops',
    Price: '1299.99',
    Quantity: '3',
    'Reorder point': '',
    Description: "'=not a formula",
    'Description HTML': "'=not a formula",
    ...over,
  });

  /** The check of one record, with some cells of the usual one replaced. */
  const checked = (over: Record<string, string>) => validateImportRow(rowCells(record(over), mapping), none);

  it('yields real numbers and restored text', () => {
    expect(validateImportRow(rowCells(record(), mapping), none)).toEqual({
      row: {
        sku: 'LAP-1',
        name: 'ThinkPad',
        category: 'Laptops',
        price: 1299.99,
        quantity: 3,
        reorderPoint: null,
        description: '=not a formula',
        barcode: null,
        mpn: null,
        cost: null,
      },
    });
  });

  it('lists an error per field with the form messages', () => {
    expect(checked({ Name: '', Price: '12.345', Quantity: '-1', 'Reorder point': 'x' })).toEqual({
      errors: [
        { field: 'name', message: MESSAGES.nameRequired },
        { field: 'price', message: MESSAGES.priceDecimals },
        { field: 'quantity', message: MESSAGES.quantityInvalid },
        { field: 'reorderPoint', message: MESSAGES.reorderPointInvalid },
      ],
    });
  });

  it("refuses a NUL in any cell as that cell's only error, beside the errors of the other cells", () => {
    expect(checked({ Name: 'Think\u0000Pad', Quantity: '-1', Price: '1\u0000', Description: '<p>\u0000</p>' })).toEqual(
      {
        errors: [
          { field: 'name', message: MESSAGES.nulCharacter },
          { field: 'price', message: MESSAGES.nulCharacter },
          { field: 'quantity', message: MESSAGES.quantityInvalid },
          { field: 'description', message: MESSAGES.nulCharacter },
        ],
      },
    );
  });

  it('takes any SKU validateSku passes, new or not, and refuses what it refuses', () => {
    const cells = rowCells(record({ SKU: ' ABC123 ' }), mapping);
    expect(validateImportRow(cells, none)).toMatchObject({ row: { sku: 'ABC123' } });
    expect(validateImportRow(cells, (sku) => sku === 'ABC123')).toMatchObject({ row: { sku: 'ABC123' } });
    const long = rowCells(record({ SKU: 'x'.repeat(LIMITS.sku + 1) }), mapping);
    expect(validateImportRow(long, none)).toEqual({ errors: [{ field: 'sku', message: MESSAGES.fieldTooLong('SKU', LIMITS.sku) }] });
    const directed = rowCells(record({ SKU: 'AB\u202E1' }), mapping);
    expect(validateImportRow(directed, none)).toEqual({ errors: [{ field: 'sku', message: MESSAGES.directionControls('SKU') }] });
  });

  it('leaves unmapped optional fields undefined and a blank SKU to the server', () => {
    const result = validateImportRow(
      rowCells(
        { N: 'A', C: 'Mice', P: '1', Q: '2', S: '' },
        { name: 'N', category: 'C', price: 'P', quantity: 'Q', sku: 'S' },
      ),
      none,
    );
    expect(result).toEqual({
      row: {
        sku: undefined,
        name: 'A',
        category: 'Mice',
        price: 1,
        quantity: 2,
        reorderPoint: undefined,
        description: undefined,
      },
    });
  });
});

describe('answers', () => {
  it('describes the 200 and 422 answers', () => {
    expect(importResultSchema.parse({ created: 1, updated: 2 })).toEqual({ created: 1, updated: 2 });
    expect(
      importErrorsAnswerSchema.safeParse({ message: 'x', errors: [{ row: 2, column: 'Price', message: 'bad' }] })
        .success,
    ).toBe(true);
    expect(
      importErrorsAnswerSchema.safeParse({ message: 'x', errors: [{ row: 0, column: 'Price', message: 'bad' }] })
        .success,
    ).toBe(false);
  });
});

describe('idsInFileOrder', () => {
  it('makes as many ids as asked, ascending', () => {
    let n = 0;
    const made = ['c', 'a', 'd', 'b'];
    expect(idsInFileOrder(4, () => made[n++]!)).toEqual(['a', 'b', 'c', 'd']);
    expect(idsInFileOrder(0, () => 'x')).toEqual([]);
  });
});

describe('the import checker', () => {
  it('numbers rows as a spreadsheet does, skips blank rows, and finds SKUs repeated in the file', () => {
    const checker = createImportChecker(null, () => false);
    expect(checker.header(['SKU', 'Name', 'Category', 'Price', 'Quantity'])).toBeNull();
    expect(checker.record(['LAP-1', 'A', 'Laptops', '1', '1'])).toMatchObject({ row: 2, sku: 'LAP-1' });
    expect(checker.record(['', '', '', '', ''])).toBeNull();
    expect(checker.record(['LAP-1', 'B', 'Laptops', '1', '1'])).toBeNull();
    expect(checker.failed).toBe(true);
    expect(checker.finish()).toEqual({
      message: '1 error: nothing was imported',
      errors: [{ row: 4, column: 'SKU', message: 'SKU is already used by row 2 of this file' }],
    });
  });

  it('reads the SKU a row names through the mapping, as its check does', () => {
    const checker = createImportChecker(
      { sku: 'Code', name: 'Name', category: 'Cat', price: 'P', quantity: 'Q' },
      () => false,
    );
    expect(checker.header(['Name', 'Code', 'Cat', 'P', 'Q'])).toBeNull();
    expect(checker.skuOf(['A', '  LAP-7 ', 'Laptops', '1', '1'])).toBe('LAP-7');
    // Neutralised on export ('-' first), restored on import.
    expect(checker.skuOf(['A', "'-12", 'Laptops', '1', '1'])).toBe('-12');
    expect(checker.skuOf(['A', '  ', 'Laptops', '1', '1'])).toBeUndefined();
    const unmapped = createImportChecker(null, () => false);
    unmapped.header(['Name', 'Category', 'Price', 'Quantity']);
    expect(unmapped.skuOf(['A', 'Laptops', '1', '1'])).toBeUndefined();
  });

  it('refuses a header without the required columns, and an empty file', () => {
    const checker = createImportChecker(null, () => false);
    expect(checker.header(['SKU', 'Name'])?.message).toBe('The file has no column for: Category, Price, Quantity');
    expect(createImportChecker(null, () => false).finish()?.message).toBe('The file has no header row');
  });

  it('lists at most IMPORT_MAX_ERRORS errors and counts them all', () => {
    const checker = createImportChecker(null, () => false);
    checker.header(['Name', 'Category', 'Price', 'Quantity']);
    for (let i = 0; i < IMPORT_MAX_ERRORS + 5; i += 1) checker.record(['', 'Laptops', '1', '1']);
    const answer = checker.finish()!;
    expect(answer.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(answer.message).toBe(
      `${IMPORT_MAX_ERRORS + 5} errors (the first ${IMPORT_MAX_ERRORS} listed): nothing was imported`,
    );
  });
});

describe('issue 24: what a file cannot do', () => {
  it('refuses a row with cells past the header, naming row and column; a trailing blank cell passes', () => {
    const checker = createImportChecker(null, () => false);
    expect(checker.header(['Name', 'Category', 'Price', 'Quantity'])).toBeNull();
    expect(checker.record(['A', 'Laptops', '1', '1', ''])).toMatchObject({ row: 2, name: 'A' });
    expect(checker.record(['B', 'Laptops', '1', '1\nC', 'Laptops', '2'])).toBeNull();
    expect(checker.finish()?.errors).toEqual([{ row: 3, column: 'Column 5', message: IMPORT_MESSAGES.extraCells(4) }]);
  });

  it('reads CRLF, LF and CR alike as the end of a record, never inside quotes', () => {
    expect(normalizeLineEndings('a,b\r\nc,d\ne,f\r\ng,h\ri,j\n')).toBe('a,b\nc,d\ne,f\ng,h\ni,j\n');
    expect(normalizeLineEndings('a,"x\r\ny"\r\nb,c')).toBe('a,"x\r\ny"\nb,c');
    expect(normalizeLineEndings('a,"say ""hi""\r"\r\nb')).toBe('a,"say ""hi""\r"\nb');
  });

  it('finds the first line that is not UTF-8', () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));
    expect(invalidUtf8Line(bytes('Name\nCafé ☕ 𝄞\n'))).toBeNull();
    expect(invalidUtf8Line(bytes('Name\nCaf', [0xe9], '\n'))).toBe(2);
    expect(invalidUtf8Line(bytes('a\nb\nc', [0xc3]))).toBe(3);
    expect(invalidUtf8Line(bytes([0xc0, 0xaf]))).toBe(1); // overlong '/'
    expect(invalidUtf8Line(bytes([0xed, 0xa0, 0x80]))).toBe(1); // a surrogate
    expect(invalidUtf8Line(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(1); // past U+10FFFF
    expect(IMPORT_MESSAGES.notUtf8(2)).toContain('Line 2');
  });

  it('refuses a header the import would read twice, naming it', () => {
    const guessed = createImportChecker(null, () => false);
    expect(guessed.header(['Name', 'Category', 'Price', 'price', 'Quantity'])).toEqual({
      message: IMPORT_MESSAGES.duplicateHeader('Price'),
      errors: [{ row: 1, column: 'Price', message: IMPORT_MESSAGES.duplicateHeader('Price') }],
    });
    const given = createImportChecker({ name: 'N', category: 'C', price: 'P', quantity: 'Q' }, () => false);
    expect(given.header(['N', 'C', 'P', 'Q', 'P'])?.errors).toEqual([
      { row: 1, column: 'P', message: IMPORT_MESSAGES.duplicateHeader('P') },
    ]);
    // A repeated column the import does not read is none of its business.
    expect(createImportChecker(null, () => false).header(['Name', 'Category', 'Price', 'Quantity', 'Notes', 'Notes'])).toBeNull();
  });

  it('refuses __proto__, constructor and prototype as mapping keys', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = `{"name":"Name","${key}":"Price"}`;
      expect(hasOnlyFieldKeys(JSON.parse(text))).toBe(false);
      expect(parseImportMapping(text)).toBeNull();
    }
    expect(parseImportMapping('{"name":"Name","price":"Cost"}')).toEqual({ name: 'Name', price: 'Cost' });
    expect(parseImportMapping('[]')).toBeNull();
    expect(parseImportMapping('not json')).toBeNull();
  });
});
