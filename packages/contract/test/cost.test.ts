import { describe, expect, it } from 'vitest';
import {
  can,
  catalogueFieldsSeenBy,
  exportHeader,
  fieldOfMessage,
  fieldsWriteRefusal,
  firstIssueMessage,
  forbiddenMessage,
  guessMapping,
  IMPORT_MESSAGES,
  importFieldsFor,
  importMappingRefusal,
  MESSAGES,
  PRODUCT_EXPORT_HEADER,
  productExportColumnsFor,
  productFieldsSchema,
  productMargin,
  productResponseSchema,
  productSeenBy,
  productUpdateFieldsSchema,
  ROLES,
  rowCells,
  seesField,
  setsField,
  validateCost,
  validateImportRow,
} from '../src';
import type { z } from 'zod';

const ok = { name: 'ThinkPad X1', category: 'Laptops', price: '1299.99', quantity: '3' };
const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
};

describe('who sees and sets the cost (the role table)', () => {
  it('is owners and managers only', () => {
    expect(ROLES.filter((role) => can(role, 'cost:read'))).toEqual(['owner', 'manager']);
    expect(ROLES.filter((role) => can(role, 'cost:update'))).toEqual(['owner', 'manager']);
    expect(ROLES.filter((role) => seesField(role, 'cost'))).toEqual(['owner', 'manager']);
    expect(ROLES.filter((role) => setsField(role, 'cost'))).toEqual(['owner', 'manager']);
    // Every other field: whoever reads the catalogue.
    for (const role of ROLES) expect(seesField(role, 'price') && setsField(role, 'price')).toBe(true);
    expect(forbiddenMessage('staff', 'cost:update')).toBe('Your role (staff) does not allow you to set product costs.');
  });

  it('leaves the cost out of what staff and viewers see (absent, not null), and copies nothing it need not', () => {
    const product = { _id: 'p', name: 'Dock', price: 10, cost: 6.5, mpn: null };
    for (const role of ['owner', 'manager'] as const) expect(productSeenBy(role, product)).toBe(product);
    for (const role of ['staff', 'viewer'] as const) {
      const seen = productSeenBy(role, product);
      expect(seen).toEqual({ _id: 'p', name: 'Dock', price: 10, mpn: null });
      expect('cost' in seen).toBe(false);
    }
    expect(productSeenBy('staff', { ...product, cost: null })).not.toHaveProperty('cost');
    // A product without the key (an order, a product made before the field) is given back as it is.
    const order = { _id: 'o', name: 'Dock' };
    expect(productSeenBy('viewer', order)).toBe(order);
    expect(product.cost).toBe(6.5);
  });

  it('refuses a request that sends the cost, blank too, from a role without cost:update', () => {
    expect(fieldsWriteRefusal('staff', ['name', 'price', 'cost'])).toBe(forbiddenMessage('staff', 'cost:update'));
    expect(fieldsWriteRefusal('viewer', ['cost'])).toBe(forbiddenMessage('viewer', 'cost:update'));
    expect(fieldsWriteRefusal('staff', ['name', 'price', 'barcode'])).toBeNull();
    expect(fieldsWriteRefusal('manager', ['cost'])).toBeNull();
    expect(fieldsWriteRefusal('owner', ['cost'])).toBeNull();
  });

  it('refuses an import that maps a column to the cost for such a role, naming the column; others may map it', () => {
    const mapping = guessMapping(['Name', 'Category', 'Price', 'Qty', 'Unit Cost']);
    expect(mapping.cost).toBe('Unit Cost');
    expect(importMappingRefusal('staff', mapping)).toBe(
      IMPORT_MESSAGES.columnNotAllowed(forbiddenMessage('staff', 'cost:update'), 'Unit Cost', 'Cost'),
    );
    expect(importMappingRefusal('staff', mapping)).toContain('"Unit Cost"');
    expect(importMappingRefusal('owner', mapping)).toBeNull();
    expect(importMappingRefusal('manager', mapping)).toBeNull();
    const { cost: _cost, ...withoutCost } = mapping;
    expect(importMappingRefusal('staff', withoutCost)).toBeNull();
    expect(importFieldsFor('staff').map((field) => field.key)).not.toContain('cost');
    expect(importFieldsFor('manager').map((field) => field.key)).toContain('cost');
  });

  it('exports the Cost column to owners and managers only', () => {
    expect(PRODUCT_EXPORT_HEADER.at(-1)).toBe('Cost');
    for (const role of ROLES) {
      const header = exportHeader(productExportColumnsFor(role), { timeZone: 'UTC' });
      expect(header, role).toEqual(can(role, 'cost:read') ? PRODUCT_EXPORT_HEADER : PRODUCT_EXPORT_HEADER.filter((label) => label !== 'Cost'));
    }
    expect(catalogueFieldsSeenBy('viewer').map((field) => field.key)).not.toContain('cost');
  });
});

describe('the cost field', () => {
  it('has the price rules; blank is not known', () => {
    for (const value of ['', '  ', null, undefined, '0', '0.5', '849.99', 849.99, '10000000']) expect(validateCost(value), String(value)).toBeNull();
    expect(validateCost('-1')).toBe(MESSAGES.costInvalid);
    expect(validateCost('abc')).toBe(MESSAGES.costInvalid);
    expect(validateCost('1,299.00')).toBe(MESSAGES.costThousandsSeparator);
    expect(validateCost('1.234')).toBe(MESSAGES.costDecimals);
    expect(validateCost('10000000.01')).toBe(MESSAGES.costTooHigh);
    // Each message shows under the form's cost field.
    for (const message of [MESSAGES.costInvalid, MESSAGES.costThousandsSeparator, MESSAGES.costDecimals, MESSAGES.costTooHigh]) {
      expect(fieldOfMessage(message)).toBe('cost');
    }
  });

  it('is read by the request schemas: a number, null when blank; absent on an edit keeps it', () => {
    expect(productFieldsSchema.parse({ ...ok, cost: ' 849.5 ' }).cost).toBe(849.5);
    expect(productFieldsSchema.parse({ ...ok, cost: '' }).cost).toBeNull();
    expect(productFieldsSchema.parse(ok).cost).toBeNull();
    expect(productUpdateFieldsSchema.parse(ok).cost).toBeUndefined();
    expect(productUpdateFieldsSchema.parse({ ...ok, cost: '' }).cost).toBeNull();
    expect(productUpdateFieldsSchema.parse({ ...ok, cost: '12' }).cost).toBe(12);
    expect(messageOf(productFieldsSchema, { ...ok, cost: '1.001' })).toBe(MESSAGES.costDecimals);
    expect(messageOf(productUpdateFieldsSchema, { ...ok, cost: '-3' })).toBe(MESSAGES.costInvalid);
  });

  it('is answered as a number or null, and may be absent', () => {
    const product = {
      _id: '6f1f8b1e-4c1a-4d2b-9a51-2f0e3c4d5a6b',
      name: 'Dock',
      sku: 'DOC-1',
      category: 'Docks',
      price: 10,
      quantity: 1,
      description: '',
      image: {},
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
    };
    for (const cost of [undefined, null, 0, 6.5]) expect(productResponseSchema.safeParse({ ...product, cost }).success, String(cost)).toBe(true);
    expect(productResponseSchema.safeParse({ ...product, cost: -1 }).success).toBe(false);
  });

  it('is a column of the import: its synonyms, its rule, its number format', () => {
    for (const header of ['Cost', 'cost', 'Unit Cost', 'Cost Price', 'Purchase Price', 'Einkaufspreis', "Prix d'achat"]) {
      expect(guessMapping(['Name', 'Price', header]), header).toMatchObject({ price: 'Price', cost: header });
    }
    // "Price" stays the selling price, whatever else the file has.
    expect(guessMapping(['Purchase Price', 'Price'])).toEqual({ price: 'Price', cost: 'Purchase Price' });
    const mapping = { name: 'Name', category: 'Category', price: 'Price', quantity: 'Qty', cost: 'Cost' } as const;
    const row = (cost: string) => validateImportRow(rowCells({ Name: 'Dock', Category: 'Docks', Price: '10', Qty: '1', Cost: cost }, mapping));
    expect(row('6.25')).toMatchObject({ row: { cost: 6.25 } });
    expect(row(' ')).toMatchObject({ row: { cost: null } });
    expect(row('6.255')).toEqual({ errors: [{ field: 'cost', message: MESSAGES.costDecimals }] });
    // Not mapped: undefined (an update keeps the product's cost).
    const { cost: _cost, ...unmapped } = mapping;
    expect(validateImportRow(rowCells({ Name: 'Dock', Category: 'Docks', Price: '10', Qty: '1' }, unmapped))).toMatchObject({ row: { cost: undefined } });
  });
});

describe('productMargin', () => {
  it('is price minus cost in cents and as a percentage of the price; null while the cost is not known', () => {
    expect(productMargin(1299.99, 849.5)).toEqual({ cents: 45049, amount: 450.49, percent: 34.7 });
    expect(productMargin(10, 10)).toEqual({ cents: 0, amount: 0, percent: 0 });
    expect(productMargin(10, 0)).toEqual({ cents: 1000, amount: 10, percent: 100 });
    expect(productMargin(10, null)).toBeNull();
    expect(productMargin(10, undefined)).toBeNull();
  });

  it('sells below cost as a negative margin; no percentage of a price of 0', () => {
    expect(productMargin(8, 9)).toEqual({ cents: -100, amount: -1, percent: -12.5 });
    expect(productMargin(0, 5)).toEqual({ cents: -500, amount: -5, percent: null });
  });

  it('rounds the percentage to one decimal, half away from zero, exactly', () => {
    expect(productMargin(3, 2)!.percent).toBe(33.3);
    expect(productMargin(3, 1)!.percent).toBe(66.7);
    // 0.05 % exactly: 1 cent of 20.00 rounds up, and down to -0.1 when negative.
    expect(productMargin(20, 19.99)!.percent).toBe(0.1);
    expect(productMargin(20, 20.01)!.percent).toBe(-0.1);
    // 0.1 × 3 is 0.30000000000000004 in floating point: cents are whole, so it is exact here.
    expect(productMargin(0.3, 0.1)).toEqual({ cents: 20, amount: 0.2, percent: 66.7 });
    // The extremes stay exact: a cent of price against the highest cost.
    expect(productMargin(0.01, 10_000_000)).toEqual({ cents: -999_999_999, amount: -9_999_999.99, percent: -99_999_999_900 });
    expect(productMargin(10_000_000, 0.01)!.percent).toBe(100);
  });
});
