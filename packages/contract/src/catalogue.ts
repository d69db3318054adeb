import { z } from 'zod';
import { LIMITS, SKU_PREFIX_LENGTH } from './constants';
import { MESSAGES } from './messages';

/**
 * Products and orders (SPEC.md §3, DESIGN.md §4-§5): their shapes, the form rules shared by client and server, and
 * the SKU rule. Prices travel as numbers with at most 2 decimals; quantities as whole numbers.
 */
export interface ProductImage {
  fileName: string;
  /** A URL the browser can load: `/uploads/<generated name>` on the API's origin. */
  filePath: string;
  fileType: string;
  fileSize: number;
}

export interface Product {
  _id: string;
  name: string;
  sku: string;
  category: string;
  price: number;
  quantity: number;
  /** Sanitized rich-text HTML. */
  description: string;
  /** `{}` when the product has no image. */
  image: ProductImage | Record<string, never>;
  createdAt: string;
  updatedAt: string;
}

export interface Order {
  _id: string;
  name: string;
  sku: string;
  category: string;
  price: number;
  quantity: number;
  createdAt: string;
  updatedAt: string;
}

/** What the product and order forms hold: text inputs, so numbers arrive as strings. */
export interface ItemFields {
  name: string;
  category: string;
  price: string | number;
  quantity: string | number;
}

export type ItemField = keyof ItemFields;
export type ItemFieldErrors = Partial<Record<ItemField, string>>;

/** The order payload of SPEC.md §7: the client builds no SKU for it. */
export interface OrderPayload {
  name: string;
  category: string;
  price: number;
  quantity: number;
}

export const MAX_PRICE = 10_000_000;
export const MAX_QUANTITY = 1_000_000;

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

  if (!name) errors.name = MESSAGES.nameRequired;
  else if (name.length > LIMITS.name) errors.name = MESSAGES.fieldTooLong('Name', LIMITS.name);

  if (!category) errors.category = MESSAGES.categoryRequired;
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

/** SPEC.md §3: the first 3 letters of the category in upper case, '-', then the current timestamp. */
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

/** Multipart text fields of POST/PATCH /api/products (the image part is handled apart). */
export const productFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
    sku: z.string().max(LIMITS.sku, MESSAGES.fieldTooLong('SKU', LIMITS.sku)).optional(),
  })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(body), description: body.description ?? '', sku: body.sku?.trim() || undefined }));

/** PATCH /api/products/{id}: the same fields; the SKU never changes, so it is not accepted. */
export const productUpdateFieldsSchema = z
  .strictObject({
    ...itemShape,
    description: z.string().max(LIMITS.description, MESSAGES.descriptionTooLong).optional(),
  })
  .superRefine(itemRules)
  .transform((body) => ({ ...toItem(body), description: body.description ?? '' }));

/** POST and PATCH /api/orders (JSON). */
export const orderSchema = z.strictObject(itemShape).superRefine(itemRules).transform(toItem);

/** `:id` route params. Ids are server-made UUIDs; anything else cannot name an item of this user. */
export const idParamsSchema = z.strictObject({ id: z.string().uuid(MESSAGES.notFound) });

export type ProductFieldsBody = z.infer<typeof productFieldsSchema>;
export type ProductUpdateFieldsBody = z.infer<typeof productUpdateFieldsSchema>;
export type OrderBody = z.infer<typeof orderSchema>;
