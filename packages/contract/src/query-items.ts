import type { Order, Product } from './catalogue';
import {
  COUNT_CAP,
  decodeCursor,
  defaultDirection,
  encodeCursor,
  type ListSort,
  type Page,
  type SortDirection,
  type StockFilter,
} from './lists';
import { parseDocumentNumber } from './documents';
import { matchesProductArchive } from './product-archive';
import type { ListQuery, OrderListQuery } from './schemas/lists';

/**
 * The rules a list's rows are found and ordered by, in memory. The server answers from indexes; the mocks and the
 * tests run these (`queryItems`), so all three agree row for row.
 */

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
  archivedAt?: string | null;
  barcode?: string | null;
  mpn?: string | null;
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

/**
 * Whether a row matches the search text: name, category or SKU contains it, in any case; or, for a product, the text
 * is its barcode or its manufacturer part number whatever its ASCII case (`matchesCode`: a scan or a typed code).
 */
export function matchesSearch(row: Pick<Row, 'name' | 'category' | 'sku' | 'barcode' | 'mpn'>, q: string | undefined): boolean {
  const text = q?.trim().toLowerCase();
  if (!text) return true;
  return [row.name, row.category, row.sku].some((field) => field.toLowerCase().includes(text)) || matchesCode(row, q!.trim());
}

/** Whether `code` (trimmed) is the product's barcode, or its part number whatever its ASCII case. */
export function matchesCode(row: Pick<Row, 'barcode' | 'mpn'>, code: string): boolean {
  if (code === '') return false;
  return row.barcode === code || (row.mpn !== null && row.mpn !== undefined && asciiLower(row.mpn) === asciiLower(code));
}

export function matchesStock(row: Pick<Row, 'quantity' | 'reorderPoint'>, stock: StockFilter | undefined): boolean {
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
  if (query.q) return false;
  // Archived products have one counter per store (0033), not one per category and stock level.
  if (!('archived' in query) || query.archived === undefined || query.archived === 'exclude') return true;
  return !(query.category || query.stock);
}

/** One page of `rows` for a query, by the rules the server follows with its indexes. */
export function queryItems<T extends Row>(rows: readonly T[], query: ListQuery): Page<T> {
  const matching = rows.filter(
    (row) =>
      matchesSearch(row, query.q) &&
      ('category' in query && query.category ? row.category === query.category : true) &&
      ('stock' in query ? matchesStock(row, query.stock) : true) &&
      // The active products unless the query asks otherwise (orders are never archived, so all pass).
      matchesProductArchive(row, 'archived' in query ? query.archived : undefined) &&
      ('status' in query && query.status ? (row.status ?? 'open') === query.status : true),
  );
  return keysetPage(matching, query, (row) => sortKey(row, query.sort), isCountedExactly(query));
}

/** What a page of any list is asked with: its size, its direction and the cursor it starts from (schemas/lists.ts). */
export interface PageQuery {
  sort: string;
  dir?: SortDirection;
  limit: number;
  skip: number;
  after?: string;
  before?: string;
}

/**
 * The page of a list's matching rows a query asks for: ordered by `key` and then by id, in the query's direction;
 * after (or before) its cursor, past `skip` rows. `countedExactly`: the total is read from counters (else counted up
 * to COUNT_CAP). The keyset rule every list pages by, whatever its rows.
 */
export function keysetPage<T extends { _id: string }>(
  matching: readonly T[],
  query: PageQuery,
  key: (row: T) => string | number,
  countedExactly: boolean,
): Page<T> {
  const dir = query.dir ?? defaultDirection(query.sort);
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a: T, b: T) => sign * (compareKeys(key(a), key(b)) || compareBytes(a._id, b._id));
  const ordered = [...matching].sort(compare);
  const position = (text: string) => {
    const [cursorKey, id] = decodeCursor(text)!;
    return (row: T) => sign * (compareKeys(key(row), cursorKey) || compareBytes(row._id, id));
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
  const cursorOf = (row: T) => encodeCursor([key(row), row._id]);
  const exact = countedExactly || matching.length <= COUNT_CAP;
  return {
    items,
    total: exact ? matching.length : COUNT_CAP,
    totalExact: exact,
    next: end < ordered.length && items.length > 0 ? cursorOf(items.at(-1)!) : null,
    prev: start > 0 && items.length > 0 ? cursorOf(items[0]!) : null,
  };
}

/**
 * The order number a search of the orders names ("SO-00042", "so 42": parseDocumentNumber), or null for a search of
 * names, categories and SKUs as before.
 */
export function orderNumberSearch(query: OrderListQuery): number | null {
  return query.q ? parseDocumentNumber('sales_order', query.q) : null;
}

/**
 * The page of a search by order number: the order of that number among `rows` (the server reads it by its unique
 * index; the mocks pass every order), kept only when it also passes the status filter. One page, no cursors.
 */
export function orderNumberPage<T extends Pick<Order, 'number' | 'status'>>(rows: readonly T[], number: number, query: OrderListQuery): Page<T> {
  const items = rows.filter((row) => row.number === number && (!query.status || (row.status ?? 'open') === query.status)).slice(0, 1);
  return { items, total: items.length, totalExact: true, next: null, prev: null };
}
