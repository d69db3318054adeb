import { z } from 'zod';
import { fieldText, firstFieldError, type ItemFields, validateItemFields, validateReorderPoint, validateSku } from '../catalogue';
import { LIMITS, MAX_PRICE } from '../constants';
import { validateCost } from '../cost';
import { validateBarcode, validateMpn } from '../product-identity';
import { MESSAGES } from '../messages';
import { ORDER_STATUSES } from '../order-status';
import { echoedFields, withoutEchoed } from './echoed-fields';

/** The request schemas of products and orders: the form rules (catalogue.ts) after the shape checks. */

const numberOrText = z.union([z.string(), z.number()], { error: MESSAGES.allFieldsRequired });

/** Shape checks, then the form rules in the form's order; yields trimmed text and real numbers. */
const itemShape = {
  name: z.string({ error: MESSAGES.nameRequired }),
  category: z.string({ error: MESSAGES.categoryRequired }),
  price: numberOrText,
  quantity: numberOrText,
};

function itemRules(body: ItemFields, ctx: z.RefinementCtx) {
  const message = firstFieldError(validateItemFields(body));
  if (message) ctx.addIssue({ code: 'custom', message });
}

const toItem = <T extends ItemFields>(body: T) => ({
  ...body,
  name: fieldText(body.name),
  category: fieldText(body.category),
  price: Number(fieldText(body.price)),
  quantity: Number(fieldText(body.quantity)),
});

/**
 * A product's reorder point: low stock when the quantity is at or below it. Text from a form ('' for none) or a number;
 * absent on an edit keeps the current one (clients of the original contract do not know the field).
 */
const reorderPoint = z
  .union([z.string(), z.number(), z.null()], { error: MESSAGES.reorderPointInvalid })
  .optional()
  .superRefine((value, ctx) => {
    const message = validateReorderPoint(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => (value === undefined ? undefined : fieldText(value) === '' ? null : Number(fieldText(value))));

/**
 * A product's barcode and manufacturer part number (0030): optional text fields; blank is none (null). Absent on an
 * edit keeps the current one (clients of the original contract do not know the fields).
 */
const barcode = z
  .string({ error: MESSAGES.barcodeDigits })
  .optional()
  .superRefine((value, ctx) => {
    const checked = value === undefined || value.trim() === '' ? null : validateBarcode(value);
    if (checked && 'message' in checked) ctx.addIssue({ code: 'custom', message: checked.message });
  })
  .transform((value) => (value === undefined ? undefined : value.trim() === '' ? null : value.trim()))
  .describe('EAN-8, UPC-A (12), EAN-13 or GTIN-14: digits with a valid GS1 check digit, unique in the store (409 otherwise); blank: none');
const mpn = z
  .string()
  .optional()
  .superRefine((value, ctx) => {
    const problem = value === undefined ? null : validateMpn(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === undefined ? undefined : value.trim() === '' ? null : value.trim()))
  .describe(`Manufacturer part number: one line, at most ${LIMITS.mpn} characters; blank: none`);

/**
 * A product's unit cost (0031): text from a form or a number, as the price; blank or null: not known. Absent on an edit
 * keeps it. Only roles with `cost:update` may send it at all (the route answers 403 first, field-access.ts).
 */
const cost = z
  .union([z.string(), z.number(), z.null()], { error: MESSAGES.costInvalid })
  .optional()
  .superRefine((value, ctx) => {
    const message = validateCost(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => (value === undefined ? undefined : fieldText(value) === '' ? null : Number(fieldText(value))))
  .describe(`What the shop pays for one: at most 2 decimals, 0 to ${MAX_PRICE.toLocaleString('en-US')}; blank: not known. Roles without cost:update (staff, viewer) may not send it (403)`);

/** Multipart text fields of POST/PATCH /api/products (the image part is handled apart). */
export const productFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
    // Free text (0030); blank or absent: the server makes one as SPEC.md's client does (makeSku).
    sku: z
      .string()
      .superRefine((sku, ctx) => {
        const problem = sku.trim() === '' ? null : validateSku(sku);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .describe(`Free text, 1 to ${LIMITS.sku} characters on one line, unique in the store whatever its case (409 otherwise); absent or blank: one is made`),
    reorderPoint,
    barcode,
    mpn,
    cost,
  })
  .superRefine(itemRules)
  .transform((body) => ({
    ...toItem(body),
    description: body.description ?? '',
    sku: body.sku?.trim() || undefined,
    reorderPoint: body.reorderPoint ?? null,
    barcode: body.barcode ?? null,
    mpn: body.mpn ?? null,
    cost: body.cost ?? null,
  }));

/**
 * Read-only fields the API answers with an order. A client that edits by sending back the whole order it fetched sends
 * them too (and `__v`, the version key of the original API's database): an edit accepts and ignores them, whatever
 * their value. Creation stays strict.
 */
const ECHOED_FIELDS = ['_id', 'sku', 'createdAt', 'updatedAt', '__v', 'createdBy', 'updatedBy'] as const;
export const ORDER_ECHOED_FIELDS = [...ECHOED_FIELDS, 'number', 'customer'] as const;

/**
 * The same for a product edit (a product has no number), plus `image` as a text field (such a client appends the image object it holds, e.g.
 * "[object Object]"); a file part named `image` still replaces the image.
 */
export const PRODUCT_ECHOED_FIELDS = [...ECHOED_FIELDS, 'image'] as const;

/** PATCH /api/products/{id}: the same fields; the SKU never changes (sent back, it is ignored). */
export const productUpdateFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
    reorderPoint,
    barcode,
    mpn,
    cost,
    ...echoedFields(PRODUCT_ECHOED_FIELDS),
  })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(withoutEchoed(body, PRODUCT_ECHOED_FIELDS)), description: body.description ?? '' }));

/** An order's catalogue product (`productId`): placing the order takes its quantity from that product's stock. */
const productIdField = z.uuid({ error: MESSAGES.productNotFound }).nullable().optional().describe('The catalogue product it takes stock from');

/**
 * An order's customer (`customerId`, docs/decisions/0035-customers.md): one of the store's customers who is not
 * archived (404 / 409 otherwise). Absent on an edit: the customer stays; null: none.
 */
const customerIdField = z.uuid({ error: MESSAGES.customerNotFound }).nullable().optional().describe("The store's customer it is placed for (not an archived one)");

/** POST /api/orders (JSON). */
export const orderSchema = z
  .strictObject({ ...itemShape, productId: productIdField, customerId: customerIdField })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(body), productId: body.productId ?? null, customerId: body.customerId ?? null }));

/** PATCH /api/orders/{id} (JSON): the fields of a new order; the read-only ones an order answers are ignored. */
export const orderUpdateSchema = z
  .strictObject({
    ...itemShape,
    productId: productIdField.describe('Absent: the product stays; null: no product (its stock is given back)'),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.orderStatusInvalid }).optional().describe('Absent: the status stays'),
    customerId: customerIdField.describe('Absent: the customer stays; null: none; another: one of the store\'s customers who is not archived'),
    ...echoedFields(ORDER_ECHOED_FIELDS),
  })
  .superRefine(itemRules)
  .transform((body) => toItem(withoutEchoed(body, ORDER_ECHOED_FIELDS)));

/** `:id` route params. Ids are server-made UUIDs; anything else cannot name an item of this user. */
export const idParamsSchema = z.strictObject({ id: z.string().uuid(MESSAGES.notFound) });

export type ProductFieldsBody = z.infer<typeof productFieldsSchema>;
export type ProductUpdateFieldsBody = z.infer<typeof productUpdateFieldsSchema>;
export type OrderBody = z.infer<typeof orderSchema>;
export type OrderUpdateBody = z.infer<typeof orderUpdateSchema>;
