import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_FIELDS,
  catalogueValues,
  exportCell,
  exportFile,
  exportFileName,
  exportHeader,
  exportQuerySchema,
  guessMapping,
  isTimeZone,
  localDateTime,
  MESSAGES,
  MOVEMENT_EXPORT_COLUMNS,
  MOVEMENT_REASONS,
  movementReasonLabel,
  ORDER_EXPORT_COLUMNS,
  PRODUCT_EXPORT_COLUMNS,
  PRODUCT_EXPORT_HEADER,
  plainToRichText,
  REORDER_EXPORT_COLUMNS,
  richTextToPlain,
  rowCells,
  validateImportRow,
  type CatalogueValues,
  type MovementExportRow,
} from '../src';

const paris = { timeZone: 'Europe/Paris' };
const utc = { timeZone: 'UTC' };

describe('the export rule: cells', () => {
  it('quotes a text cell only when it holds a comma, a quote or a line break', () => {
    expect(exportCell('ThinkPad')).toBe('ThinkPad');
    expect(exportCell('Dock, USB-C')).toBe('"Dock, USB-C"');
    expect(exportCell('14" screen')).toBe('"14"" screen"');
    expect(exportCell('two\nlines')).toBe('"two\nlines"');
    expect(exportCell('a;b')).toBe('a;b');
  });

  it('writes numbers as plain decimals, never quoted or neutralized, and nothing as an empty cell', () => {
    expect(exportCell(1299.99)).toBe('1299.99');
    expect(exportCell(-3)).toBe('-3');
    expect(exportCell(0)).toBe('0');
    expect(exportCell(null)).toBe('');
    expect(exportCell(undefined)).toBe('');
  });

  it('neutralizes formulas in text and quotes them when they also need it', () => {
    expect(exportCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(exportCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes a file with a byte-order mark, CRLF lines and the header first', () => {
    const file = exportFile(REORDER_EXPORT_COLUMNS, [{ name: 'Dock', sku: 'ACC-1', category: 'Docks', quantity: 1, reorderPoint: 3 }], utc);
    expect(file).toBe('\uFEFFName,SKU,Category,Quantity,Reorder point,To order,On order,Expected\r\nDock,ACC-1,Docks,1,3,3,,\r\n');
  });

  it('says what is on order and orders by "Order these"\'s rule: above the point, counting what is on order', () => {
    const onOrder = { quantity: 2, expectedDate: '2026-12-01' };
    const file = exportFile(REORDER_EXPORT_COLUMNS, [{ name: 'Dock', sku: 'ACC-1', category: 'Docks', quantity: 1, reorderPoint: 5, onOrder }], utc);
    // (5 + 1) − 1 on hand − 2 on order = 3, as reorderShortfall says for "Order these" and the To Reorder screen.
    expect(file.split('\r\n')[1]).toBe('Dock,ACC-1,Docks,1,5,3,2,2026-12-01');
  });
});

describe('the export rule: dates and names', () => {
  it('gives each date in UTC as stored and in the export\'s time zone beside it', () => {
    expect(localDateTime('2026-07-01T22:30:05.000Z', 'Europe/Paris')).toBe('2026-07-02 00:30:05');
    expect(localDateTime('2026-01-01T22:30:05.000Z', 'America/New_York')).toBe('2026-01-01 17:30:05');
    expect(localDateTime('2026-01-01T00:00:00.000Z', 'UTC')).toBe('2026-01-01 00:00:00');
    expect(localDateTime(null, 'UTC')).toBe('');
    const header = exportHeader(ORDER_EXPORT_COLUMNS, paris);
    expect(header.slice(-4)).toEqual(['Created at', 'Created at (Europe/Paris)', 'Updated at', 'Updated at (Europe/Paris)']);
  });

  it('names a file by what it holds and the day in the export\'s zone', () => {
    const late = new Date('2026-11-23T23:30:00.000Z');
    expect(exportFileName('products', late)).toBe('products-2026-11-23.csv');
    expect(exportFileName('to-reorder', late, 'Europe/Paris')).toBe('to-reorder-2026-11-24.csv');
  });

  it('takes IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', '../etc', 'Europe/Paris\n', 'x'.repeat(80)]) expect(isTimeZone(bad)).toBe(false);
    expect(exportQuerySchema.safeParse({ timeZone: 'Europe/Paris' }).success).toBe(true);
    expect(exportQuerySchema.safeParse({}).success).toBe(true);
    const refused = exportQuerySchema.safeParse({ timeZone: 'Nowhere' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(MESSAGES.timeZoneInvalid);
    expect(exportQuerySchema.safeParse({ other: '1' }).success).toBe(false);
  });
});

describe('the movements export', () => {
  const movement: MovementExportRow = {
    id: 7,
    productId: 'p1',
    sku: 'LAP-1',
    product: 'ThinkPad',
    change: -2,
    quantityAfter: 3,
    reason: 'order_cancelled',
    orderId: 'o1',
    byName: 'Jane Doe',
    byEmail: 'jane@example.com',
    token: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    correctionReason: null,
    note: null,
  };

  it('says who and why, the reason readable beside its code', () => {
    const [header, row] = exportFile(MOVEMENT_EXPORT_COLUMNS, [movement], paris).slice(1).split('\r\n');
    expect(header).toBe(
      'Movement ID,Product ID,SKU,Product,Change,Quantity after,Reason,Reason code,Order ID,By,By email,API token,Correction reason,Correction reason code,Note,Created at,Created at (Europe/Paris)',
    );
    expect(row).toBe('7,p1,LAP-1,ThinkPad,-2,3,Order cancelled,order_cancelled,o1,Jane Doe,jane@example.com,,,,,2026-11-23T10:00:00.000Z,2026-11-23 11:00:00');
  });

  it("gives a stock correction's reason, readable and as its code, and its note", () => {
    const correction: MovementExportRow = { ...movement, change: 1, reason: 'correction', orderId: null, correctionReason: 'found', note: 'Behind the shelf, "box 2"' };
    const [, row] = exportFile(MOVEMENT_EXPORT_COLUMNS, [correction], paris).slice(1).split('\r\n');
    expect(row).toBe('7,p1,LAP-1,ThinkPad,1,3,Stock correction,correction,,Jane Doe,jane@example.com,,Found,found,"Behind the shelf, ""box 2""",2026-11-23T10:00:00.000Z,2026-11-23 11:00:00');
  });

  it('has a readable label for every reason, and shows an unknown code as it is', () => {
    for (const reason of MOVEMENT_REASONS) expect(movementReasonLabel(reason)).not.toBe(reason);
    expect(movementReasonLabel('from_the_future')).toBe('from_the_future');
    expect(movementReasonLabel('__proto__')).toBe('__proto__');
  });
});

describe('the products export and its round trip', () => {
  const product: CatalogueValues = catalogueValues({
    sku: 'LAP-1',
    name: 'ThinkPad',
    category: 'Laptops',
    price: 1299.5,
    quantity: 3,
    reorderPoint: null,
    description: '<h2>Fast &amp; light</h2><p>14" <strong>OLED</strong><br>32 GB</p><ul><li>USB-C</li><li>HDMI</li></ul>',
  });

  it('has a column per catalogue field, the rich text as plain text with its HTML beside it', () => {
    expect(PRODUCT_EXPORT_HEADER).toEqual(['SKU', 'Name', 'Category', 'Price', 'Quantity', 'Reorder point', 'Description', 'Description HTML', 'Barcode', 'MPN', 'Cost']);
    expect(PRODUCT_EXPORT_COLUMNS.length).toBe(CATALOGUE_FIELDS.length + 1);
    const cells = PRODUCT_EXPORT_COLUMNS.map((column) => column.cell(product, utc));
    expect(cells.slice(0, 6)).toEqual(['LAP-1', 'ThinkPad', 'Laptops', 1299.5, 3, null]);
    expect(cells[6]).toBe('Fast & light\n14" OLED\n32 GB\n• USB-C\n• HDMI');
    expect(cells[7]).toBe(product.description);
    expect(cells.slice(8)).toEqual([null, null, null]);
  });

  const reimported = (over: Record<string, string> = {}) => {
    const record = Object.fromEntries(
      PRODUCT_EXPORT_COLUMNS.map((column, i) => [PRODUCT_EXPORT_HEADER[i]!, String(column.cell(product, utc) ?? '')]),
    );
    return validateImportRow(rowCells({ ...record, ...over }, guessMapping(PRODUCT_EXPORT_HEADER)), () => true);
  };

  it('imports back as the same product: the HTML column gives the description', () => {
    expect(reimported()).toEqual({ row: { ...product, description: product.description } });
  });

  it('takes the plain text when it was edited in the spreadsheet, as paragraphs', () => {
    const result = reimported({ Description: 'Now with <3 ports\nand a dock' });
    expect(result).toEqual({ row: { ...product, description: '<p>Now with &lt;3 ports</p><p>and a dock</p>' } });
  });

  it('reads the Description column as before when a file has no HTML column', () => {
    const mapping = guessMapping(['SKU', 'Name', 'Category', 'Price', 'Quantity', 'Description']);
    const record = { SKU: 'LAP-1', Name: 'A', Category: 'Laptops', Price: '1', Quantity: '1', Description: '<p>Kept</p>' };
    expect(validateImportRow(rowCells(record, mapping), () => true)).toMatchObject({ row: { description: '<p>Kept</p>' } });
  });

  it('names the HTML column in its errors', () => {
    const result = reimported({ 'Description HTML': 'x\u0000' });
    expect(result).toEqual({ errors: [{ field: 'descriptionHtml', message: MESSAGES.nulCharacter }] });
  });
});

describe('rich text as plain text', () => {
  it('keeps the words, one line per block, entities decoded', () => {
    expect(richTextToPlain('<p>a &lt; b &amp;&nbsp;c</p><p><br></p><p>d&#39;e &#x263A;</p>')).toBe("a < b & c\n\nd'e ☺");
    expect(richTextToPlain('')).toBe('');
  });

  it('writes text as escaped paragraphs', () => {
    expect(plainToRichText('one\r\n\r\n<two> & "three"')).toBe('<p>one</p><p>&lt;two&gt; &amp; &quot;three&quot;</p>');
    expect(richTextToPlain(plainToRichText('one\ntwo'))).toBe('one\ntwo');
  });
});
