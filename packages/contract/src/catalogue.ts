import { z } from 'zod';
import { LIMITS, MAX_PRICE, MAX_QUANTITY, SKU_PREFIX_LENGTH } from './constants';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { MESSAGES } from './messages';
import { ORDER_STATUSES, type orderResponseSchema, type productImageSchema, type productResponseSchema } from './responses';
import { hasDirectionControls, isBlank } from './validation';

/**
 * Products and orders: their shapes, the form rules shared by client and server, and
 * the SKU rule. Prices travel as numbers with at most 2 decimals; quantities as whole numbers. The shapes products
 * and orders leave the server in are inferred from their response schemas (responses.ts), so there is one source.
 */
export type ProductImage = z.infer<typeof productImageSchema>;
export type Product = z.infer<typeof productResponseSchema>;
export type Order = z.infer<typeof orderResponseSchema>;

/** What the product and order forms hold: text inputs, so numbers arrive as strings. */
export interface ItemFields {
  name: string;
  category: string;
  price: string | number;
  quantity: string | number;
}

export type ItemField = keyof ItemFields;
export type ItemFieldErrors = Partial<Record<ItemField, string>>;

/** The order payload of the API's order calls: the client builds no SKU for it; the server makes it. */
export interface OrderPayload {
  name: string;
  category: string;
  price: number;
  quantity: number;
}


const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const QUANTITY_PATTERN = /^\d+$/;

const asText = (value: string | number | undefined | null) =>
  value === undefined || value === null ? '' : String(value).trim();

export function hasImage(image: Product['image']): image is ProductImage {
  return 'filePath' in image && typeof image.filePath === 'string' && image.filePath !== '';
}

/** Field errors of a product or order form, one per field, in the form's order (name, category, price, quantity). */
export function validateItemFields(fields: ItemFields): ItemFieldErrors {
  const errors: ItemFieldErrors = {};
  const name = asText(fields.name);
  const category = asText(fields.category);
  const price = asText(fields.price);
  const quantity = asText(fields.quantity);

  if (isBlank(name)) errors.name = MESSAGES.nameRequired;
  else if (hasDirectionControls(name)) errors.name = MESSAGES.directionControls('Name');
  else if (name.length > LIMITS.name) errors.name = MESSAGES.fieldTooLong('Name', LIMITS.name);

  if (isBlank(category)) errors.category = MESSAGES.categoryRequired;
  else if (hasDirectionControls(category)) errors.category = MESSAGES.directionControls('Category');
  else if (category.length > LIMITS.category) errors.category = MESSAGES.fieldTooLong('Category', LIMITS.category);

  if (!price) errors.price = MESSAGES.priceRequired;
  else if (!/^\d+(\.\d+)?$/.test(price)) errors.price = MESSAGES.priceInvalid;
  else if (!PRICE_PATTERN.test(price)) errors.price = MESSAGES.priceDecimals;
  else if (Number(price) > MAX_PRICE) errors.price = MESSAGES.priceTooHigh;

  if (!quantity) errors.quantity = MESSAGES.quantityRequired;
  else if (!QUANTITY_PATTERN.test(quantity)) errors.quantity = MESSAGES.quantityInvalid;
  else if (Number(quantity) > MAX_QUANTITY) errors.quantity = MESSAGES.quantityTooHigh;

  return errors;
}

export function firstFieldError(errors: ItemFieldErrors): string | null {
  return errors.name ?? errors.category ?? errors.price ?? errors.quantity ?? null;
}

/** The SKU: the first 3 letters of the category in upper case, '-', then the current timestamp. */
export function makeSku(category: string, now: number = Date.now()): string {
  return `${skuPrefix(category)}-${now}`;
}

export function skuPrefix(category: string): string {
  return category.trim().slice(0, SKU_PREFIX_LENGTH).toUpperCase();
}

/** A client-built SKU is kept only when it follows the rule for its category. */
export function isValidSku(sku: string, category: string): boolean {
  const prefix = skuPrefix(category);
  return sku.startsWith(`${prefix}-`) && /^\d{1,16}$/.test(sku.slice(prefix.length + 1));
}

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
  name: asText(body.name),
  category: asText(body.category),
  price: Number(asText(body.price)),
  quantity: Number(asText(body.quantity)),
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
  .transform((value) => (value === undefined ? undefined : asText(value) === '' ? null : Number(asText(value))));

/** The reorder point field's rule ('' or absent is none), for the form and the server. */
export function validateReorderPoint(value: string | number | null | undefined): string | null {
  const text = asText(value);
  if (text === '') return null;
  if (!QUANTITY_PATTERN.test(text)) return MESSAGES.reorderPointInvalid;
  if (Number(text) > MAX_QUANTITY) return MESSAGES.reorderPointTooHigh;
  return null;
}

/** Multipart text fields of POST/PATCH /api/products (the image part is handled apart). */
export const productFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
    sku: z
      .string()
      .max(LIMITS.sku, MESSAGES.fieldTooLong('SKU', LIMITS.sku))
      .refine((sku) => !hasDirectionControls(sku), MESSAGES.directionControls('SKU'))
      .optional(),
    reorderPoint,
  })
  .superRefine(itemRules)
  .transform((body) => ({
    ...toItem(body),
    description: body.description ?? '',
    sku: body.sku?.trim() || undefined,
    reorderPoint: body.reorderPoint ?? null,
  }));

/**
 * Read-only fields the API answers with an order. A client that edits by sending back the whole order it fetched sends
 * them too (and `__v`, the version key of the original API's database): an edit accepts and ignores them, whatever
 * their value. Creation stays strict.
 */
export const ORDER_ECHOED_FIELDS = ['_id', 'sku', 'createdAt', 'updatedAt', '__v', 'createdBy', 'updatedBy'] as const;

/**
 * The same for a product edit, plus `image` as a text field (such a client appends the image object it holds, e.g.
 * "[object Object]"); a file part named `image` still replaces the image.
 */
export const PRODUCT_ECHOED_FIELDS = [...ORDER_ECHOED_FIELDS, 'image'] as const;

/** PATCH /api/products/{id}: the same fields; the SKU never changes (sent back, it is ignored). */
export const productUpdateFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
    reorderPoint,
    ...echoedFields(PRODUCT_ECHOED_FIELDS),
  })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(withoutEchoed(body, PRODUCT_ECHOED_FIELDS)), description: body.description ?? '' }));

/** An order's catalogue product (`productId`): placing the order takes its quantity from that product's stock. */
const productIdField = z.uuid({ error: MESSAGES.productNotFound }).nullable().optional().describe('The catalogue product it takes stock from');

/** POST /api/orders (JSON). */
export const orderSchema = z
  .strictObject({ ...itemShape, productId: productIdField })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(body), productId: body.productId ?? null }));

/** PATCH /api/orders/{id} (JSON): the fields of a new order; the read-only ones an order answers are ignored. */
export const orderUpdateSchema = z
  .strictObject({
    ...itemShape,
    productId: productIdField.describe('Absent: the product stays; null: no product (its stock is given back)'),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.orderStatusInvalid }).optional().describe('Absent: the status stays'),
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
