import {
  COUNT_CAP,
  decodeCursor,
  defaultDirection,
  encodeCursor,
  isCountedExactly,
  type ListQuery,
  type ListSort,
  MESSAGES,
} from '@inventory/contract';
import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './db';
import { HttpError } from './http/errors';

/** Whether a list request asks for a page (`limit`) rather than the whole list of the original contract. */
export const asksForPage = (request: { query: unknown }) =>
  typeof request.query === 'object' && request.query !== null && 'limit' in request.query;

/** The two lists a store keeps, each with its search index (SQLite) and the counters its totals come from. */
export type ListTable = 'products' | 'orders';

/**
 * The SQL each sort orders by: exactly the expression of its index (db/migrations/0006_catalogue_at_scale.ts), so
 * every page is one index range, whatever its number. Text sorts lowercase ASCII and compare bytes on both databases.
 */
function sortExpression(sort: ListSort, postgres: boolean): RawBuilder<unknown> {
  switch (sort) {
    case 'name':
      return postgres ? sql`lower(name collate "C")` : sql`lower(name)`;
    case 'category':
      return postgres ? sql`lower(category collate "C")` : sql`lower(category)`;
    case 'price':
      return sql`price_cents`;
    case 'quantity':
      return sql`quantity`;
    case 'value':
      return postgres ? sql`(price_cents::bigint * quantity)` : sql`(price_cents * quantity)`;
    case 'sku':
      return postgres ? sql`(sku collate "C")` : sql`sku`;
    case 'createdAt':
      return sql`created_at`;
  }
}

const NUMERIC_SORTS = new Set<ListSort>(['price', 'quantity', 'value']);

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An FTS5 phrase for the trigram index: the text as one quoted string, in the three searchable columns. */
const ftsPhrase = (text: string) => `{name category sku} : "${text.replace(/"/g, '""')}"`;

/** The trigram index answers texts of 3 characters or more; shorter ones are matched by LIKE on the sorted rows. */
const TRIGRAM = 3;

export interface PageOfRows<Row> {
  rows: Row[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
}

/**
 * One page of a store's products or orders: filters and search in SQL, keyset paging on the sort's index (`after` /
 * `before` a cursor, plus at most MAX_PAGE_SKIP rows), and a total from the store's counters when the query allows it
 * (`isCountedExactly`), else counted up to COUNT_CAP. The same rules as `queryItems` of the contract.
 */
export async function queryPage<Row extends { id: string }>(
  db: Db,
  table: ListTable,
  storeId: string,
  query: ListQuery,
): Promise<PageOfRows<Row>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = sortExpression(query.sort, postgres);
  const dir = query.dir ?? defaultDirection(query.sort);
  const cursorText = query.before ?? query.after;
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  if (cursorText && !cursor) throw new HttpError(400, MESSAGES.invalidCursor);
  if (cursor && NUMERIC_SORTS.has(query.sort) !== (typeof cursor[0] === 'number')) throw new HttpError(400, MESSAGES.invalidCursor);

  const filters = whereOf(table, storeId, query, postgres);
  // Going back (`before`) walks the same index the other way, then the rows are put in the page's order again.
  const backwards = query.before !== undefined;
  const ascending = (dir === 'asc') !== backwards;
  const order = sql.raw(ascending ? 'asc' : 'desc');
  const keyset = cursor ? sql` and (${key}, id) ${sql.raw(ascending ? '>' : '<')} (${cursor[0]}, ${cursor[1]})` : sql``;

  const found = await sql<Row & { sort_key: string | number }>`
    select *, ${key} as sort_key from ${sql.table(table)}
    where ${filters}${keyset}
    order by ${key} ${order}, id ${order}
    limit ${query.limit + 1} offset ${query.skip}`.execute(db);
  const more = found.rows.length > query.limit;
  const rows = found.rows.slice(0, query.limit);
  if (backwards) rows.reverse();

  const cursorOf = (row: Row & { sort_key: string | number }) =>
    encodeCursor([NUMERIC_SORTS.has(query.sort) ? Number(row.sort_key) : String(row.sort_key), row.id]);
  const first = rows[0];
  const last = rows.at(-1);
  // Rows exist past the page's end when more were found going forward, or when the walk came back from a cursor.
  const hasNext = backwards ? cursor !== null : more;
  const hasPrev = backwards ? more : cursor !== null || query.skip > 0;
  const { total, totalExact } = await countOf(db, table, storeId, query, filters);
  return {
    rows: rows.map(({ sort_key: _key, ...row }) => row as unknown as Row),
    total,
    totalExact,
    next: hasNext && last ? cursorOf(last) : null,
    prev: hasPrev && first ? cursorOf(first) : null,
  };
}

function whereOf(table: ListTable, storeId: string, query: ListQuery, postgres: boolean): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`store_id = ${storeId}`];
  if ('category' in query && query.category) parts.push(sql`category = ${query.category}`);
  if ('stock' in query && query.stock === 'out') parts.push(sql`quantity = 0`);
  if ('stock' in query && query.stock === 'in') parts.push(sql`quantity > 0`);
  if ('stock' in query && query.stock === 'low') parts.push(sql`reorder_point is not null and quantity <= reorder_point`);
  if ('status' in query && query.status) parts.push(sql`status = ${query.status}`);
  const text = query.q?.trim();
  if (text) {
    if (postgres) {
      const pattern = containsPattern(text);
      parts.push(sql`(name ilike ${pattern} or category ilike ${pattern} or sku ilike ${pattern})`);
    } else if ([...text].length >= TRIGRAM) {
      const search = sql.raw(`${table}_search`);
      parts.push(sql`rowid in (select rowid from ${search} where ${search} match ${ftsPhrase(text)})`);
    } else {
      const pattern = containsPattern(text);
      parts.push(sql`(name like ${pattern} escape '\\' or category like ${pattern} escape '\\' or sku like ${pattern} escape '\\')`);
    }
  }
  return sql.join(parts, sql` and `);
}

async function countOf(db: Db, table: ListTable, storeId: string, query: ListQuery, filters: RawBuilder<unknown>) {
  if (isCountedExactly(query)) return { total: await countedTotal(db, table, storeId, query), totalExact: true };
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from (select 1 from ${sql.table(table)} where ${filters} limit ${COUNT_CAP + 1}) as matching`.execute(db);
  const n = Number(counted.rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
}

/** A total read from the store's counters (kept by triggers), for a query with no search and at most one filter. */
async function countedTotal(db: Db, table: ListTable, storeId: string, query: ListQuery): Promise<number> {
  if ('category' in query && query.category) {
    const row = await db
      .selectFrom('store_categories')
      .select('products')
      .where('store_id', '=', storeId)
      .where('category', '=', query.category)
      .executeTakeFirst();
    return Number(row?.products ?? 0);
  }
  const stats = await db.selectFrom('store_stats').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  if (!stats) return 0;
  if (table === 'orders') {
    if ('status' in query && query.status === 'open') return Number(stats.orders_open);
    if ('status' in query && query.status === 'fulfilled') return Number(stats.orders_fulfilled);
    if ('status' in query && query.status === 'cancelled') return Number(stats.orders_cancelled);
    return Number(stats.orders);
  }
  if ('stock' in query && query.stock === 'out') return Number(stats.out_of_stock);
  if ('stock' in query && query.stock === 'in') return Number(stats.products) - Number(stats.out_of_stock);
  if ('stock' in query && query.stock === 'low') return Number(stats.low_stock);
  return Number(stats.products);
}
