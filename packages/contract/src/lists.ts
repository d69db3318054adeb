import { z } from 'zod';
import type { Order, Product } from './catalogue';
import { LIMITS, PAGE_SIZE } from './constants';
import { MESSAGES } from './messages';
import { ORDER_STATUSES, orderResponseSchema, productResponseSchema } from './responses';

/**
 * Lists of any size, a page at a time: the query a screen sends, the page it gets back, and the rules rows are found
 * and ordered by. The server answers from indexes; the mocks and the tests run the same rules in memory
 * (`queryItems`), so all three agree row for row.
 */
export const PRODUCT_SORTS = ['createdAt', 'name', 'category', 'price', 'quantity', 'value', 'sku'] as const;
export const ORDER_SORTS = PRODUCT_SORTS;
export type ListSort = (typeof PRODUCT_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
export const STOCK_FILTERS = ['in', 'out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The most rows a page may hold, and how many rows a page may skip past its cursor (to jump a few pages ahead). */
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_SKIP = 100;
/**
 * A search's matches are counted up to this and answered as "at least" beyond (`totalExact: false`): counting reads
 * each match, so the cap bounds a keystroke's cost (200 pages of 5 are more than anyone pages through).
 */
export const COUNT_CAP = 1_000;
export const SEARCH_MAX_LENGTH = 100;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, MESSAGES.invalidListQuery)
    .transform((value) => value.trim())
    .optional();

/** A position in a sorted list: the sort value and the id of the row it is taken after (or before). */
export type Cursor = [string | number, string];

export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify(cursor);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if ((typeof key !== 'string' && typeof key !== 'number') || typeof id !== 'string' || id.length > 64) return null;
    if (typeof key === 'string' && key.length > 4 * LIMITS.name) return null;
    return [key, id];
  } catch {
    return null;
  }
}

const cursor = z
  .string()
  .max(1024, MESSAGES.invalidCursor)
  .refine((value) => decodeCursor(value) !== null, MESSAGES.invalidCursor)
  .optional();

const commonQuery = {
  limit: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int()
    .min(1, MESSAGES.invalidListQuery)
    .max(MAX_PAGE_LIMIT, MESSAGES.invalidListQuery)
    .describe(`Rows per page (1–${MAX_PAGE_LIMIT}); present, the answer is a page`),
  q: optionalText(SEARCH_MAX_LENGTH).describe('Search: name, category or SKU contains it, in any case'),
  dir: z.enum(['asc', 'desc'], { error: MESSAGES.invalidListQuery }).optional().describe('Newest first for createdAt, else ascending'),
  after: cursor.describe('`next` of the page before'),
  before: cursor.describe('`prev` of the page after'),
  skip: z.coerce
    .number({ error: MESSAGES.invalidListQuery })
    .int()
    .min(0)
    .max(MAX_PAGE_SKIP, MESSAGES.invalidListQuery)
    .default(0)
    .describe(`Rows to pass over beyond the cursor (at most ${MAX_PAGE_SKIP}), to jump a few pages`),
};

const oneDirection = (query: { after?: string; before?: string }) => !(query.after && query.before);

/** `GET /api/products?limit=…`: a page instead of the whole list. */
export const productListQuerySchema = z
  .strictObject({
    ...commonQuery,
    sort: z.enum(PRODUCT_SORTS, { error: MESSAGES.invalidListQuery }).default('createdAt').describe('The column to sort by'),
    category: optionalText(LIMITS.category).describe('Only this category (exact)'),
    stock: z.enum(STOCK_FILTERS, { error: MESSAGES.invalidListQuery }).optional().describe('in, out, or low (at or below the reorder point)'),
  })
  .refine(oneDirection, MESSAGES.invalidListQuery);

/** `GET /api/orders?limit=…`: a page instead of the whole list. */
export const orderListQuerySchema = z
  .strictObject({
    ...commonQuery,
    sort: z.enum(ORDER_SORTS, { error: MESSAGES.invalidListQuery }).default('createdAt').describe('The column to sort by'),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.invalidListQuery }).optional().describe('Only orders with this status'),
  })
  .refine(oneDirection, MESSAGES.invalidListQuery);

export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type ListQuery = ProductListQuery | OrderListQuery;

/** Newest first by default; every other column A to Z / low to high. */
export const defaultDirection = (sort: ListSort): SortDirection => (sort === 'createdAt' ? 'desc' : 'asc');

const pageFields = {
  total: z.number().int().min(0).describe(`Rows matching the query; at most ${COUNT_CAP} when \`totalExact\` is false`),
  totalExact: z.boolean().describe(`False when more than ${COUNT_CAP} rows match a search`),
  next: z.string().nullable().describe('Send as `after` for the next page; null on the last page'),
  prev: z.string().nullable().describe('Send as `before` for the previous page; null on the first page'),
};

export const productPageSchema = z.object({ items: z.array(productResponseSchema), ...pageFields });
export const orderPageSchema = z.object({ items: z.array(orderResponseSchema), ...pageFields });

export interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
}

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

// ---- the rules, in memory ----

/** ASCII-only lowercasing, as SQLite's lower() and PostgreSQL's lower() under the C collation do. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}

const utf8 = new TextEncoder();
/** Byte order of the UTF-8 text (SQLite's BINARY collation, PostgreSQL's "C"). */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

type Row = Pick<Product, '_id' | 'name' | 'category' | 'sku' | 'price' | 'quantity' | 'createdAt'> & {
  reorderPoint?: number | null;
  status?: Order['status'];
};

/** The value a row is sorted by (money in cents, text lowercased where the sort ignores case). */
export function sortKey(row: Row, sort: ListSort): string | number {
  switch (sort) {
    case 'name':
      return asciiLower(row.name);
    case 'category':
      return asciiLower(row.category);
    case 'price':
      return Math.round(row.price * 100);
    case 'quantity':
      return row.quantity;
    case 'value':
      return Math.round(row.price * 100) * row.quantity;
    case 'sku':
      return row.sku;
    case 'createdAt':
      return row.createdAt;
  }
}

const compareKeys = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : compareBytes(String(a), String(b));

/** Whether a row matches the search text: name, category or SKU contains it, in any case. */
export function matchesSearch(row: Pick<Row, 'name' | 'category' | 'sku'>, q: string | undefined): boolean {
  const text = q?.trim().toLowerCase();
  if (!text) return true;
  return [row.name, row.category, row.sku].some((field) => field.toLowerCase().includes(text));
}

export function matchesStock(row: Row, stock: StockFilter | undefined): boolean {
  if (stock === undefined) return true;
  if (stock === 'out') return row.quantity === 0;
  if (stock === 'in') return row.quantity > 0;
  return row.reorderPoint !== null && row.reorderPoint !== undefined && row.quantity <= row.reorderPoint;
}

/**
 * Whether the total of a query is read from counters kept per store (exact at any size): every query without a search
 * (the store's figures, each category's figures with its stock figures, each order status). A search counts its rows
 * up to COUNT_CAP.
 */
export function isCountedExactly(query: ListQuery): boolean {
  return !query.q;
}

/** One page of `rows` for a query, by the rules the server follows with its indexes. */
export function queryItems<T extends Row>(rows: readonly T[], query: ListQuery): Page<T> {
  const sort = query.sort;
  const dir = query.dir ?? defaultDirection(sort);
  const sign = dir === 'asc' ? 1 : -1;
  const matching = rows.filter(
    (row) =>
      matchesSearch(row, query.q) &&
      ('category' in query && query.category ? row.category === query.category : true) &&
      ('stock' in query ? matchesStock(row, query.stock) : true) &&
      ('status' in query && query.status ? (row.status ?? 'open') === query.status : true),
  );
  const compare = (a: T, b: T) => sign * (compareKeys(sortKey(a, sort), sortKey(b, sort)) || compareBytes(a._id, b._id));
  const ordered = [...matching].sort(compare);
  const position = (text: string) => {
    const [key, id] = decodeCursor(text)!;
    return (row: T) => sign * (compareKeys(sortKey(row, sort), key) || compareBytes(row._id, id));
  };
  let start: number;
  let end: number;
  if (query.before) {
    const before = position(query.before);
    end = ordered.filter((row) => before(row) < 0).length - query.skip;
    start = Math.max(0, end - query.limit);
    end = Math.max(0, end);
  } else {
    const after = query.after ? position(query.after) : null;
    start = (after ? ordered.filter((row) => after(row) <= 0).length : 0) + query.skip;
    end = start + query.limit;
  }
  const items = ordered.slice(start, end);
  const cursorOf = (row: T) => encodeCursor([sortKey(row, sort), row._id]);
  const exact = isCountedExactly(query) || matching.length <= COUNT_CAP;
  return {
    items,
    total: exact ? matching.length : COUNT_CAP,
    totalExact: exact,
    next: end < ordered.length && items.length > 0 ? cursorOf(items.at(-1)!) : null,
    prev: start > 0 && items.length > 0 ? cursorOf(items[0]!) : null,
  };
}

/** The page size of the spec's tables, as the default `limit` screens send. */
export const LIST_PAGE_SIZE = PAGE_SIZE;
