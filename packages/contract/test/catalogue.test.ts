import { describe, expect, it } from 'vitest';
import {
  contactSchema,
  firstIssueMessage,
  idParamsSchema,
  isValidSku,
  LIMITS,
  productWithSku,
  makeFreeSku,
  skuTakenProblem,
  validateSku,
  makeSku,
  MESSAGES,
  orderSchema,
  orderUpdateSchema,
  ORDER_ECHOED_FIELDS,
  PRODUCT_ECHOED_FIELDS,
  productFieldsSchema,
  productUpdateFieldsSchema,
  validateContact,
  validateItemFields,
} from '../src';
import type { z } from 'zod';

const ok = { name: 'ThinkPad X1', category: 'Laptops', price: '1299.99', quantity: '3' };

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('validateItemFields (product and order forms)', () => {
  it('passes a valid item, with numbers as text or numbers', () => {
    expect(validateItemFields(ok)).toEqual({});
    expect(validateItemFields({ ...ok, price: 0, quantity: 0 })).toEqual({});
    expect(validateItemFields({ ...ok, price: '12.5', quantity: '0' })).toEqual({});
  });

  it('gives one message per bad field', () => {
    expect(validateItemFields({ name: ' ', category: '', price: '', quantity: '' })).toEqual({
      name: MESSAGES.nameRequired,
      category: MESSAGES.categoryRequired,
      price: MESSAGES.priceRequired,
      quantity: MESSAGES.quantityRequired,
    });
  });

  it.each([
    ['-1', MESSAGES.priceInvalid],
    ['abc', MESSAGES.priceInvalid],
    ['1,299.00', MESSAGES.priceThousandsSeparator],
    ['12,345,678', MESSAGES.priceThousandsSeparator],
    ['1,5', MESSAGES.priceInvalid],
    ['1e3', MESSAGES.priceInvalid],
    ['12.345', MESSAGES.priceDecimals],
    ['10000000.01', MESSAGES.priceTooHigh],
  ])('price %j → %s', (price, message) => {
    expect(validateItemFields({ ...ok, price }).price).toBe(message);
  });

  it.each([
    ['-1', MESSAGES.quantityInvalid],
    ['1.5', MESSAGES.quantityInvalid],
    ['two', MESSAGES.quantityInvalid],
    ['1000001', MESSAGES.quantityTooHigh],
  ])('quantity %j → %s', (quantity, message) => {
    expect(validateItemFields({ ...ok, quantity }).quantity).toBe(message);
  });
});

describe('SKU', () => {
  it('is the first 3 letters of the category in upper case, a dash and the timestamp', () => {
    expect(makeSku('laptops', 1700000000000)).toBe('LAP-1700000000000');
    expect(makeSku('tv', 5)).toBe('TV-5');
  });
  it('is free text: trimmed, 1 to LIMITS.sku characters on one line (validateSku)', () => {
    for (const sku of ['LAP-1700000000000', 'XYZ-1', 'ab-1', '4006381333931', '20R1-000GUS', 'Ünïcode #7', ' padded ', 's'.repeat(LIMITS.sku)])
      expect(validateSku(sku)).toBeNull();
    expect(validateSku('')).toBe(MESSAGES.skuRequired);
    expect(validateSku('   ')).toBe(MESSAGES.skuRequired);
    expect(validateSku('s'.repeat(LIMITS.sku + 1))).toBe(MESSAGES.fieldTooLong('SKU', LIMITS.sku));
    expect(validateSku(` ${'s'.repeat(LIMITS.sku)} `)).toBeNull();
    expect(validateSku('AB\n1')).toBe(MESSAGES.controlCharacters('SKU'));
    expect(validateSku('AB\u00001')).toBe(MESSAGES.controlCharacters('SKU'));
    expect(validateSku('AB\u202E1')).toBe(MESSAGES.directionControls('SKU'));
  });
  it('is unique in a store whatever its ASCII case (productWithSku, skuTakenProblem)', () => {
    const products = [{ sku: 'AB-1', name: 'Dock' }, { sku: 'É-2', name: 'Screen' }];
    expect(productWithSku(products, 'ab-1')).toBe(products[0]);
    expect(productWithSku(products, ' AB-1 ')).toBe(products[0]);
    expect(productWithSku(products, 'é-2')).toBeUndefined();
    expect(skuTakenProblem(products, 'aB-1')).toBe(MESSAGES.skuTaken('AB-1', 'Dock'));
    expect(skuTakenProblem(products, 'AB-2')).toBeNull();
  });
  it('is made a millisecond later while the store has the made one (makeFreeSku)', () => {
    expect(makeFreeSku([], 'Laptops', 5)).toEqual({ sku: 'LAP-5', at: 5 });
    expect(makeFreeSku([{ sku: 'lap-5' }, { sku: 'LAP-6' }, { sku: 'MON-7' }], 'Laptops', 5)).toEqual({ sku: 'LAP-7', at: 7 });
  });
  it('has the form makeSku gives it (isValidSku; no longer a rule a SKU must follow)', () => {
    expect(isValidSku('LAP-1700000000000', 'Laptops')).toBe(true);
    expect(isValidSku('MON-1700000000000', 'Laptops')).toBe(false);
    expect(isValidSku('LAP-abc', 'Laptops')).toBe(false);
    expect(isValidSku("LAP-1'; drop table products;--", 'Laptops')).toBe(false);
    // A client that takes the prefix before the category is trimmed: "TV " gives "TV -…".
    expect(isValidSku('TV -1700000000000', 'TV')).toBe(true);
    expect(isValidSku('TV-1700000000000', 'TV')).toBe(true);
    expect(isValidSku('T  -1700000000000', 'T')).toBe(true);
    expect(isValidSku('TV  -1700000000000', 'TV')).toBe(false);
    expect(isValidSku('TVX-1700000000000', 'TV')).toBe(false);
    expect(isValidSku('A-B-1700000000000', 'A-Bike')).toBe(true);
  });
});

describe('product and order schemas', () => {
  it('turn form text into numbers and trim', () => {
    expect(productFieldsSchema.parse({ ...ok, name: ' ThinkPad X1 ', description: '<p>Hi</p>' })).toEqual({
      name: 'ThinkPad X1',
      category: 'Laptops',
      price: 1299.99,
      quantity: 3,
      description: '<p>Hi</p>',
      sku: undefined,
      reorderPoint: null,
      barcode: null,
      mpn: null,
      cost: null,
    });
    expect(productFieldsSchema.parse({ ...ok, reorderPoint: ' 4 ' }).reorderPoint).toBe(4);
    expect(productFieldsSchema.parse({ ...ok, reorderPoint: '' }).reorderPoint).toBeNull();
    expect(messageOf(productFieldsSchema, { ...ok, reorderPoint: '-1' })).toBe(MESSAGES.reorderPointInvalid);
    // On an edit, an absent reorder point keeps the current one (clients of the original contract do not send it).
    expect(productUpdateFieldsSchema.parse(ok).reorderPoint).toBeUndefined();
    expect(orderSchema.parse({ ...ok, price: 10, quantity: 2 })).toEqual({ ...ok, price: 10, quantity: 2, productId: null, customerId: null });
  });
  it('answer the first bad field in form order', () => {
    expect(messageOf(orderSchema, { ...ok, name: '', price: '-1' })).toBe(MESSAGES.nameRequired);
    expect(messageOf(orderSchema, { ...ok, price: '1.234' })).toBe(MESSAGES.priceDecimals);
    expect(messageOf(orderSchema, { name: 'x', category: 'y', price: 1 })).toBe(MESSAGES.allFieldsRequired);
  });
  it('refuse fields the client may not set', () => {
    expect(messageOf(orderSchema, { ...ok, sku: 'LAP-1' })).toBe('Unexpected field: sku');
    expect(messageOf(orderSchema, { ...ok, user: 'someone' })).toBe('Unexpected field: user');
    expect(messageOf(productFieldsSchema, { ...ok, _id: 'x' })).toBe('Unexpected field: _id');
    for (const key of ['user', 'owner', 'userId', 'password', 'role', 'version']) {
      expect(messageOf(orderUpdateSchema, { ...ok, [key]: 'x' }), key).toBe(`Unexpected field: ${key}`);
      expect(messageOf(productUpdateFieldsSchema, { ...ok, [key]: 'x' }), key).toBe(`Unexpected field: ${key}`);
    }
  });
  it('on an edit, accept and drop the read-only fields an order or product answers, whatever their value', () => {
    const fetched = {
      _id: '6f1c3a1e-8a5b-4c1e-9f3a-2b7d4e5f6a7b',
      sku: 'LAP-1',
      number: 42,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: { $gt: '' },
      __v: 0,
      createdBy: { name: 'Eve', token: null },
      updatedBy: null,
      customer: { _id: '0b6c2f4e-8d1a-4e3b-9c5d-7a2f1e0d3c4b', name: 'Grace Hopper' },
    };
    expect(Object.keys(fetched).sort()).toEqual([...ORDER_ECHOED_FIELDS].sort());
    const fields = { name: 'ThinkPad X1', category: 'Laptops', price: 1299.99, quantity: 3 };
    expect(orderUpdateSchema.parse({ ...ok, ...fetched })).toEqual(fields);
    // An order's number and customer are the order's own: a product has none to echo.
    delete (fetched as Partial<typeof fetched>).number;
    delete (fetched as Partial<typeof fetched>).customer;
    expect(productUpdateFieldsSchema.parse({ ...ok, ...fetched, image: '[object Object]' })).toEqual({ ...fields, description: '' });
    expect(productUpdateFieldsSchema.parse({ ...ok, image: '{"filePath":"/uploads/a.png"}' })).toEqual({ ...fields, description: '' });
    expect(PRODUCT_ECHOED_FIELDS).toContain('image');
    // Creation stays strict.
    expect(messageOf(orderSchema, { ...ok, _id: 'x' })).toBe('Unexpected field: _id');
    expect(messageOf(productFieldsSchema, { ...ok, createdAt: 'x' })).toBe('Unexpected field: createdAt');
  });
  it('ids are UUIDs, anything else is not found', () => {
    expect(messageOf(idParamsSchema, { id: '6f1c3a1e-8a5b-4c1e-9f3a-2b7d4e5f6a7b' })).toBeNull();
    expect(messageOf(idParamsSchema, { id: "1' or '1'='1" })).toBe(MESSAGES.notFound);
  });
});

describe('contact', () => {
  it('needs a subject and a message', () => {
    expect(validateContact({ subject: '', message: '' })).toEqual({
      subject: MESSAGES.subjectRequired,
      message: MESSAGES.messageRequired,
    });
    expect(messageOf(contactSchema, { subject: 'Printer', message: ' ' })).toBe(MESSAGES.messageRequired);
    expect(contactSchema.parse({ subject: ' Printer ', message: ' Jammed ' })).toEqual({
      subject: 'Printer',
      message: 'Jammed',
    });
  });
});
