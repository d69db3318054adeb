import { z } from 'zod';
import { LIMITS } from '../constants';
import {
  COUNT_CAP,
  cursorFitsSort,
  decodeCursor,
  MAX_PAGE_LIMIT,
  MAX_PAGE_SKIP,
  ORDER_SORTS,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  STOCK_FILTERS,
} from '../lists';
import { MESSAGES } from '../messages';
import { ORDER_STATUSES } from '../order-status';
import { PRODUCT_ARCHIVE_FILTERS } from '../product-archive';
import { queryText } from './query-text';
import { orderResponseSchema, productResponseSchema } from './responses';

/** The list calls' queries and pages, and the dashboard's figures (the sorts, filters and cursors: lists.ts). */

const optionalText = (field: string, max: number) =>
  queryText(field)
    .max(max, MESSAGES.invalidListQuery)
    .transform((value) => value.trim())
    .optional();

const cursor = queryText('Cursor')
  .max(1024, MESSAGES.invalidCursor)
  .refine((value) => decodeCursor(value) !== null, MESSAGES.invalidCursor)
  .optional();

/** The query parameters of every list's page (products, orders, customers): size, search, direction and cursors. */
export const commonQuery = {
  limit: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int(MESSAGES.invalidListQuery)
    .min(1, MESSAGES.invalidListQuery)
    .max(MAX_PAGE_LIMIT, MESSAGES.invalidListQuery)
    .describe(`Rows per page (1–${MAX_PAGE_LIMIT}); present, the answer is a page`),
  q: optionalText('Search', SEARCH_MAX_LENGTH).describe('Search: name, category or SKU contains it, in any case'),
  dir: z.enum(['asc', 'desc'], { error: MESSAGES.invalidListQuery }).optional().describe('Newest first for createdAt, else ascending'),
  after: cursor.describe('`next` of the page before'),
  before: cursor.describe('`prev` of the page after'),
  skip: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int(MESSAGES.invalidListQuery)
    .min(0, MESSAGES.invalidListQuery)
    .max(MAX_PAGE_SKIP, MESSAGES.invalidListQuery)
    .default(0)
    .describe(`Rows to pass over beyond the cursor (at most ${MAX_PAGE_SKIP}), to jump a few pages`),
};

export const oneDirection = (query: { after?: string; before?: string }) => !(query.after && query.before);

/** A cursor is a position in the list as sorted: its key is of the sort's kind and within its column's range. */
export const cursorOfSort = (query: { after?: string; before?: string; sort: string }) => {
  const text = query.after ?? query.before;
  const decoded = text === undefined ? null : decodeCursor(text);
  return decoded === null || cursorFitsSort(decoded, query.sort);
};

/** Which products a product list (or a bulk action's `matching`) names: search, category, stock, archived or not. */
export const productFilterFields = {
  q: commonQuery.q,
  category: optionalText('Category', LIMITS.category).describe('Only this category (exact)'),
  stock: z.enum(STOCK_FILTERS, { error: MESSAGES.invalidListQuery }).optional().describe('in, out, or low (at or below the reorder point)'),
  archived: z
    .enum(PRODUCT_ARCHIVE_FILTERS, { error: MESSAGES.invalidListQuery })
    .optional()
    .describe('exclude (absent): active products; only: the archived ones; include: both'),
};

/** `GET /api/products?limit=…`: a page instead of the whole list. */
export const productListQuerySchema = z
  .strictObject({
    ...commonQuery,
    ...productFilterFields,
    sort: z.enum(PRODUCT_SORTS, { error: MESSAGES.invalidListQuery }).default('createdAt').describe('The column to sort by'),
  })
  .refine(oneDirection, MESSAGES.invalidListQuery)
  .refine(cursorOfSort, MESSAGES.invalidCursor);

/** `GET /api/orders?limit=…`: a page instead of the whole list. */
export const orderListQuerySchema = z
  .strictObject({
    ...commonQuery,
    sort: z.enum(ORDER_SORTS, { error: MESSAGES.invalidListQuery }).default('createdAt').describe('The column to sort by'),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.invalidListQuery }).optional().describe('Only orders with this status'),
  })
  .refine(oneDirection, MESSAGES.invalidListQuery)
  .refine(cursorOfSort, MESSAGES.invalidCursor);

export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type ListQuery = ProductListQuery | OrderListQuery;

/** The fields of every page beside its items. */
export const pageFields = {
  total: z.number().int().min(0).describe(`Rows matching the query; at most ${COUNT_CAP} when \`totalExact\` is false`),
  totalExact: z.boolean().describe(`False when more than ${COUNT_CAP} rows match a search`),
  next: z.string().nullable().describe('Send as `after` for the next page; null on the last page'),
  prev: z.string().nullable().describe('Send as `before` for the previous page; null on the first page'),
};

export const productPageSchema = z.object({ items: z.array(productResponseSchema), ...pageFields });
export const orderPageSchema = z.object({ items: z.array(orderResponseSchema), ...pageFields });

/** The dashboard's figures, from the server in constant time. */
export const catalogueSummarySchema = z.object({
  totalProducts: z.number().int().min(0),
  totalStoreValue: z.number().min(0).describe('Sum of price × quantity, in dollars to the cent'),
  outOfStock: z.number().int().min(0),
  lowStock: z.number().int().min(0).describe('Products at or below their reorder point'),
  categories: z.number().int().min(0),
});
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

export const categoryListSchema = z
  .array(z.object({ name: z.string(), products: z.number().int().min(1) }))
  .describe('Categories of the active store with how many products each, by name');
export type CategoryCount = z.infer<typeof categoryListSchema>[number];
