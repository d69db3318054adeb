import { LIMITS, PAGE_SIZE } from './constants';

/**
 * Lists of any size, a page at a time: the sorts and filters a screen may ask for, the cursors it pages with and the
 * page it gets back. The query and page schemas are in schemas/lists.ts; the rules rows are found and ordered by, run
 * in memory, in query-items.ts.
 */
export const PRODUCT_SORTS = ['createdAt', 'name', 'category', 'price', 'quantity', 'value', 'sku'] as const;
export const ORDER_SORTS = PRODUCT_SORTS;
export type ListSort = (typeof PRODUCT_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
export const STOCK_FILTERS = ['in', 'out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** The most rows a page may hold, and how many rows a page may skip past its cursor (to jump a few pages ahead). */
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_SKIP = 100;
/**
 * A search's matches are counted up to this and answered as "at least" beyond (`totalExact: false`): counting reads
 * each match, so the cap bounds a keystroke's cost (200 pages of 5 are more than anyone pages through).
 */
export const COUNT_CAP = 1_000;
export const SEARCH_MAX_LENGTH = 100;

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
    // No row holds a NUL (PostgreSQL text cannot), so a cursor naming one is forged.
    if (id.includes('\u0000') || (typeof key === 'string' && key.includes('\u0000'))) return null;
    return [key, id];
  } catch {
    return null;
  }
}

/**
 * The keys a numeric sort's cursor may hold: whole numbers its column can hold (price and quantity are 32-bit
 * integers on PostgreSQL; their product, the value, a 64-bit one, within the numbers JSON carries exactly).
 */
const INT32_MAX = 2_147_483_647;
const NUMERIC_KEY_RANGE: Partial<Record<ListSort, readonly [number, number]>> = {
  price: [-INT32_MAX - 1, INT32_MAX],
  quantity: [-INT32_MAX - 1, INT32_MAX],
  value: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Whether a decoded cursor can be a position in a list sorted by `sort` (any list's): a text key for a text sort, else a number in range. */
export function cursorFitsSort([key]: Cursor, sort: string): boolean {
  const range = NUMERIC_KEY_RANGE[sort as ListSort];
  if (!range) return typeof key === 'string';
  return typeof key === 'number' && Number.isInteger(key) && key >= range[0] && key <= range[1];
}

/** The largest id a movement page's `after` may name (movement ids are 32-bit on PostgreSQL). */
export const MAX_MOVEMENT_ID = INT32_MAX;

/** Newest first by default; every other column A to Z / low to high. */
export const defaultDirection = (sort: string): SortDirection => (sort === 'createdAt' ? 'desc' : 'asc');

export interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
}

/** The page size of the spec's tables, as the default `limit` screens send. */
export const LIST_PAGE_SIZE = PAGE_SIZE;

/** The rows-per-page choices a table offers (the spec's size first); each is a `limit` the lists accept. */
export const LIST_PAGE_SIZES = [LIST_PAGE_SIZE, 25, 50, 100] as const;

export function isListPageSize(value: unknown): value is number {
  return typeof value === 'number' && (LIST_PAGE_SIZES as readonly number[]).includes(value);
}
