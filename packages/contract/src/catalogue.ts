import type { z } from 'zod';
import { LIMITS, MAX_PRICE, MAX_QUANTITY, SKU_PREFIX_LENGTH } from './constants';
import { MESSAGES } from './messages';
import type { orderResponseSchema, productImageSchema, productResponseSchema } from './schemas/responses';
import { isBlank, singleLineProblem } from './validation';

/**
 * Products and orders: their shapes, the form rules shared by client and server, and
 * the SKU rule. Prices travel as numbers with at most 2 decimals; quantities as whole numbers. The shapes products
 * and orders leave the server in are inferred from their response schemas (schemas/responses.ts), so there is one
 * source; the request schemas that run these rules are in schemas/catalogue.ts.
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


export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
export const QUANTITY_PATTERN = /^\d+$/;

/** A form field as trimmed text ('' when absent). */
export const fieldText = (value: string | number | undefined | null) =>
  value === undefined || value === null ? '' : String(value).trim();

export function hasImage(image: Product['image']): image is ProductImage {
  return 'filePath' in image && typeof image.filePath === 'string' && image.filePath !== '';
}

/** Field errors of a product or order form, one per field, in the form's order (name, category, price, quantity). */
export function validateItemFields(fields: ItemFields): ItemFieldErrors {
  const errors: ItemFieldErrors = {};
  const name = fieldText(fields.name);
  const category = fieldText(fields.category);
  const price = fieldText(fields.price);
  const quantity = fieldText(fields.quantity);

  const nameProblem = singleLineProblem('Name', name);
  if (isBlank(name)) errors.name = MESSAGES.nameRequired;
  else if (nameProblem) errors.name = nameProblem;
  else if (name.length > LIMITS.name) errors.name = MESSAGES.fieldTooLong('Name', LIMITS.name);

  const categoryProblem = validateCategoryName(category);
  if (categoryProblem) errors.category = categoryProblem;

  if (!price) errors.price = MESSAGES.priceRequired;
  else {
    const problem = moneyProblem(price, PRICE_MESSAGES);
    if (problem) errors.price = problem;
  }

  if (!quantity) errors.quantity = MESSAGES.quantityRequired;
  else if (!QUANTITY_PATTERN.test(quantity)) errors.quantity = MESSAGES.quantityInvalid;
  else if (Number(quantity) > MAX_QUANTITY) errors.quantity = MESSAGES.quantityTooHigh;

  return errors;
}

/** The messages of one money field's rule (price, cost). */
export interface MoneyMessages {
  invalid: string;
  thousandsSeparator: string;
  decimals: string;
  tooHigh: string;
}

const PRICE_MESSAGES: MoneyMessages = {
  invalid: MESSAGES.priceInvalid,
  thousandsSeparator: MESSAGES.priceThousandsSeparator,
  decimals: MESSAGES.priceDecimals,
  tooHigh: MESSAGES.priceTooHigh,
};

/**
 * The rule of every amount of money a form or file gives (docs/decisions/0006-money-in-cents.md): digits with at most
 * 2 decimals, 0 to MAX_PRICE. `text` is trimmed and not blank; the message, or null when it is valid.
 */
export function moneyProblem(text: string, messages: MoneyMessages): string | null {
  // "1,299.00" is a number to a person: say exactly what to change (accepting it would guess at "1,5" too).
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return messages.thousandsSeparator;
  if (!/^\d+(\.\d+)?$/.test(text)) return messages.invalid;
  if (!PRICE_PATTERN.test(text)) return messages.decimals;
  if (Number(text) > MAX_PRICE) return messages.tooHigh;
  return null;
}

/** A category as written (a product's, an order's, a category's new name): required, one line, at most LIMITS.category. */
export function validateCategoryName(value: string): string | null {
  const category = fieldText(value);
  if (isBlank(category)) return MESSAGES.categoryRequired;
  return singleLineProblem('Category', category) ?? (category.length > LIMITS.category ? MESSAGES.fieldTooLong('Category', LIMITS.category) : null);
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

/**
 * A SKU is free text (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md): trimmed, 1 to LIMITS.sku
 * characters, one line (no control or text-direction characters). The message, or null when it is valid; `value` is
 * checked as given (trim it first where blank means "make one").
 */
export function validateSku(value: string): string | null {
  const sku = value.trim();
  if (isBlank(sku)) return MESSAGES.skuRequired;
  const problem = singleLineProblem('SKU', sku);
  if (problem) return problem;
  if (sku.length > LIMITS.sku) return MESSAGES.fieldTooLong('SKU', LIMITS.sku);
  return null;
}

/**
 * Whether a SKU has the form `makeSku` gives it for its category (a client of the original contract builds it so).
 * No longer a rule any SKU must follow: any SKU `validateSku` passes is kept. A client of the original contract takes
 * the prefix from the category as typed, before the server trims it: a short category with a trailing space ("TV ")
 * gives "TV -…", which is the same prefix.
 */
export function isValidSku(sku: string, category: string): boolean {
  const prefix = skuPrefix(category);
  const dash = sku.lastIndexOf('-');
  if (dash < 0 || !/^\d{1,16}$/.test(sku.slice(dash + 1))) return false;
  const head = sku.slice(0, dash);
  return head === prefix || (head.length <= SKU_PREFIX_LENGTH && head.startsWith(prefix.trimEnd()) && head.trimEnd() === prefix.trimEnd());
}

/** The reorder point field's rule ('' or absent is none), for the form and the server. */
export function validateReorderPoint(value: string | number | null | undefined): string | null {
  const text = fieldText(value);
  if (text === '') return null;
  if (!QUANTITY_PATTERN.test(text)) return MESSAGES.reorderPointInvalid;
  if (Number(text) > MAX_QUANTITY) return MESSAGES.reorderPointTooHigh;
  return null;
}
