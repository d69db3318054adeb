import {
  asciiLower,
  COUNT_CAP,
  cursorFitsSort,
  decodeCursor,
  defaultDirection,
  encodeCursor,
  isCountedExactly,
  type ListQuery,
  type ListSort,
  MESSAGES,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database, Db } from './db';
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

/** The index of each sort (db/migrations/0006_catalogue_at_scale.ts). */
const SORT_INDEX: Record<ListSort, string> = {
  name: 'name',
  category: 'category',
  price: 'price',
  quantity: 'quantity',
  value: 'value',
  sku: 'sku',
  createdAt: 'newest',
};

/**
 * The index a page reads (one range of it): the sort's index within the query's order status, or for products within
 * its category (if any) and stock filter (db/migrations/0006, 0008 and 0009). Products are kept in the indexes of
 * their stock filters only (rangeParts). Its name for SQLite, whose planner picks among indexes by statistics a growing
 * database may or may not have (the server never runs ANALYZE), and a wrong pick reads the whole store; PostgreSQL's
 * planner finds the same index from the same conditions.
 */
function rangeIndex(table: ListTable, query: ListQuery, stock: StockFilter | 'archived'): string {
  const sort = SORT_INDEX[query.sort];
  if (table === 'orders')
    return 'status' in query && query.status ? `orders_status_${sort}_idx` : `orders_store_${sort}_idx`;
  if (stock === 'archived') return `products_archived_${sort}_idx`;
  return 'category' in query && query.category
    ? `products_category_${stock}_${sort}_idx`
    : `products_${stock}_${sort}_idx`;
}

/**
 * The index ranges a page's rows lie in, with their conditions. A product is in stock (quantity > 0) or out of it
 * (quantity = 0, never below: every write checks it), so a product list without a stock filter is the in-stock and
 * the out-of-stock range of its sort, merged; one with a stock filter is that filter's range. An order list is one
 * range.
 */
function rangeParts(table: ListTable, storeId: string, query: ListQuery, postgres: boolean): RangePart[] {
  const part = (stock: StockFilter) => {
    const filtered = (table === 'products' ? { ...query, stock, archived: 'exclude' } : query) as ListQuery;
    return {
      hint: postgres ? sql`` : sql` indexed by ${sql.raw(rangeIndex(table, query, stock))}`,
      where: whereOf(table, storeId, filtered, postgres, 'range'),
    };
  };
  const stock = 'stock' in query ? query.stock : undefined;
  if (table === 'orders') return [part('in')];
  const archived = archiveFilterOf(query);
  // Archived products lie in one range per sort (0026); a stock or category filter is tested on its rows as they are read.
  const archivedPart: RangePart = {
    hint: postgres ? sql`` : sql` indexed by ${sql.raw(rangeIndex(table, query, 'archived'))}`,
    where: whereOf(table, storeId, { ...query, archived: 'only' } as ListQuery, postgres, 'range'),
  };
  if (archived === 'only') return [archivedPart];
  const active = stock ? [part(stock)] : [part('in'), part('out')];
  return archived === 'include' ? [...active, archivedPart] : active;
}

/** Which products a query lists: the active ones unless it says otherwise. */
const archiveFilterOf = (query: ListQuery): ProductArchiveFilter =>
  ('archived' in query && query.archived) || 'exclude';

type StockFilter = NonNullable<Extract<ListQuery, { stock?: unknown }>['stock']>;
type ProductArchiveFilter = NonNullable<Extract<ListQuery, { archived?: unknown }>['archived']>;

/** A range of one index: SQLite's `indexed by …` (or nothing), and the conditions that make it that range. */
export interface RangePart {
  hint: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
}

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An FTS5 phrase for a trigram index: the text as one quoted string, in the searchable columns. */
export const ftsPhraseOf = (columns: readonly string[], text: string) =>
  `{${columns.join(' ')}} : "${text.replace(/"/g, '""')}"`;
const ftsPhrase = (text: string) => ftsPhraseOf(['name', 'category', 'sku'], text);

/** The trigram index answers texts of 3 characters or more; shorter ones are matched by LIKE on the sorted rows. */
export const TRIGRAM = 3;

export interface PageOfRows<Row> {
  rows: Row[];
  total: number;
  totalExact: boolean;
  next: string | null;
  prev: string | null;
}

/**
 * How many rows of its range a search reads before it turns to the trigram index: a text matching more than ~0.3% of
 * the range fills a page within this many; a rarer one is answered from the rows it matches, which are then few
 * enough to sort. On PostgreSQL the matches are read first when there are no more than this many (after the shorter
 * walks), and this long a walk only when there are more.
 */
export const WALK = 2_000;

/**
 * One page of a store's products or orders: keyset paging (`after` / `before` a cursor, plus at most MAX_PAGE_SKIP
 * rows) on one range of an index made for the query's filter and sort (rangeIndex), and a total from the store's
 * counters, or for a search counted up to COUNT_CAP. The same rules as `queryItems` of the contract.
 *
 * Every filter but a search is part of the range. A search walks the range for at most `walk` rows and keeps those
 * that match; only when that does not fill the page does it read the matching rows through the trigram index and sort
 * them (on PostgreSQL a few matches are read before the longest walk; `pageOfSource`). See
 * docs/decisions/0015-lists-at-scale.md.
 */
export async function queryPage<Row extends { id: string }>(
  db: Db,
  table: ListTable,
  storeId: string,
  query: ListQuery,
  walk = WALK,
): Promise<PageOfRows<Row>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return pageOfSource<Row>(
    db,
    {
      table,
      key: sortExpression(query.sort, postgres),
      numeric: NUMERIC_SORTS.has(query.sort),
      parts: () => rangeParts(table, storeId, query, postgres),
      where: (mode) => whereOf(table, storeId, query, postgres, mode),
      exactTotal: () => (isCountedExactly(query) ? countedTotal(db, table, storeId, query) : Promise.resolve(null)),
      countUpToCap: () => countUpToCap(db, table, storeId, query, postgres),
    },
    query,
    walk,
  );
}

/**
 * What a keyset page reads of a list (products, orders, customers): its table, the sort key (the expression of its
 * indexes), the index ranges the page lies in, the query's conditions while walking a range or gathering a search's
 * matches through the trigram index, and its total (from counters, or counted up to COUNT_CAP).
 */
export interface ListSource {
  table: string;
  key: RawBuilder<unknown>;
  /** The sort key is a number (a cursor carries it as one). */
  numeric: boolean;
  parts(): RangePart[];
  where(mode: 'walk' | 'gather'): RawBuilder<unknown>;
  /** The total read from counters; null for a query whose rows are counted (a search). */
  exactTotal(): Promise<number | null>;
  countUpToCap(): Promise<{ total: number; totalExact: boolean }>;
}

/** What a page is asked with (the contract's PageQuery): its cursor, size, direction and search text. */
interface SourceQuery {
  sort: string;
  dir?: 'asc' | 'desc';
  limit: number;
  skip: number;
  after?: string;
  before?: string;
  q?: string;
}

/**
 * One page of any list from its source (ListSource): keyset paging on the source's index ranges, a search walked
 * then gathered, the total from counters or counted; the rules of the contract's `keysetPage`.
 */
export async function pageOfSource<Row extends { id: string }>(
  db: Db,
  source: ListSource,
  query: SourceQuery,
  walk = WALK,
): Promise<PageOfRows<Row>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { table, key } = source;
  const dir = query.dir ?? defaultDirection(query.sort);
  const cursorText = query.before ?? query.after;
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  if (cursorText && !cursor) throw new HttpError(400, MESSAGES.invalidCursor);
  if (cursor && !cursorFitsSort(cursor, query.sort)) throw new HttpError(400, MESSAGES.invalidCursor);

  const exactTotal = await source.exactTotal();
  // Going back (`before`) walks the same index the other way, then the rows are put in the page's order again.
  const backwards = query.before !== undefined;
  const ascending = (dir === 'asc') !== backwards;
  const order = sql.raw(ascending ? 'asc' : 'desc');
  const wanted = query.limit + 1;
  const from = { table, key, ascending, cursor, postgres };

  let found: (Row & { sort_key: string | number; row_id?: number })[] = [];
  /** Every match of a search, when they were gathered and counted (PostgreSQL), so they need no second count. */
  let matchCount: number | null = null;
  if (exactTotal !== 0) {
    const range = { ...from, parts: source.parts() };
    const searched = Boolean(query.q?.trim());
    // The trigram index is keyed by SQLite's rowid, which `select *` leaves out.
    const columns = postgres ? sql`*` : sql`*, rowid as row_id`;
    /**
     * A search walks the range for the rows that match: a short walk first, longer ones only while the page is not
     * full (the rows a shorter walk keeps are the first of those a longer one keeps, so the page is the same, and a
     * text most rows match reads a few dozen rows). Whether the page is settled: full, or the range ended within a
     * walk, which the walk's statement counts as it goes (one row of nulls beside the count when none matched).
     */
    const walkRange = async (lengths: number[]) => {
      for (const length of lengths) {
        const walked = (
          await sql<Row & { id: string | null; sort_key: string | number; row_id?: number; walked: number | string }>`
            with walked as materialized (${rowsFromCursor({ ...range, columns, limit: length })})
            select kept.*, seen.walked
            from (select count(*) as walked from walked) as seen
              left join (
                select * from walked where ${source.where('walk')}
                order by sort_key ${order}, id ${order}
                limit ${wanted} offset ${query.skip}) as kept on true
            order by kept.sort_key ${order}, kept.id ${order}`.execute(db)
        ).rows;
        found = walked.filter((row) => row.id !== null).map(({ walked: _walked, ...row }) => row as typeof found[number]);
        if (found.length === wanted || Number(walked[0]?.walked ?? 0) < length) return true;
      }
      return false;
    };
    const lengths = walkLengths(walk);
    let settled = false;
    if (searched && postgres) {
      // The short walks, then the matches through the trigram indexes while they are no more than a long walk would
      // read (a text that rare is answered from its matches, the long walk would be read for nothing), then the long
      // walk, then every match (docs/decisions/0058-search-few-matches-before-the-long-walk.md).
      const gather = (cap: number | null) =>
        matchesSorted<Row>(db, { ...from, where: source.where('gather'), limit: wanted, skip: query.skip, cap });
      settled = await walkRange(lengths.slice(0, -1));
      if (!settled) {
        const few = await gather(walk);
        if (few.matches <= walk) {
          found = few.rows;
          matchCount = few.matches;
          settled = true;
        } else {
          // More than a long walk's worth match: when that is more than COUNT_CAP, the total is the cap.
          matchCount = few.matches > COUNT_CAP ? few.matches : null;
          settled = await walkRange(lengths.slice(-1));
        }
      }
      if (!settled) {
        const all = await gather(null);
        found = all.rows;
        matchCount = all.matches;
      }
    } else {
      settled = searched ? await walkRange(lengths) : false;
      // No search (the page is the range's rows in order), or the walks left the page short: the matching rows
      // through the trigram index.
      if (!settled) {
        const gather = searched ? [{ hint: sql``, where: source.where('gather') }] : range.parts;
        const rows = rowsFromCursor({ ...from, parts: gather, columns: sql`*`, limit: wanted + query.skip });
        const gathered = await sql<Row & { sort_key: string | number }>`
          select * from (${rows}) as gathered
          order by sort_key ${order}, id ${order}
          limit ${wanted} offset ${query.skip}`.execute(db);
        found = gathered.rows;
      }
    }
  }
  const more = found.length > query.limit;
  const rows = found.slice(0, query.limit);
  if (backwards) rows.reverse();

  const cursorOf = (row: Row & { sort_key: string | number }) =>
    encodeCursor([source.numeric ? Number(row.sort_key) : String(row.sort_key), row.id]);
  const first = rows[0];
  const last = rows.at(-1);
  // Rows exist past the page's end when more were found going forward, or when the walk came back from a cursor.
  const hasNext = backwards ? cursor !== null : more;
  const hasPrev = backwards ? more : cursor !== null || query.skip > 0;
  const counted =
    exactTotal !== null
      ? null
      : matchCount !== null
        ? { total: Math.min(matchCount, COUNT_CAP), totalExact: matchCount <= COUNT_CAP }
        : await source.countUpToCap();
  return {
    rows: rows.map(({ sort_key: _key, row_id: _rowid, ...row }) => row as unknown as Row),
    total: exactTotal ?? counted!.total,
    totalExact: exactTotal !== null || counted!.totalExact,
    next: hasNext && last ? cursorOf(last) : null,
    prev: hasPrev && first ? cursorOf(first) : null,
  };
}

/** The walks of a search, shortest first: 1/40 and 1/5 of the longest, then the longest. */
const walkLengths = (walk: number) => [...new Set([Math.ceil(walk / 40), Math.ceil(walk / 5), walk])];

interface RowsFromCursor {
  table: string;
  /** The index ranges the rows lie in (merged when more than one). */
  parts: RangePart[];
  key: RawBuilder<unknown>;
  ascending: boolean;
  cursor: [string | number, string] | null;
  postgres: boolean;
  columns: RawBuilder<unknown>;
  limit: number;
}

/**
 * The first `limit` rows of a table that meet `where` and lie past the cursor, in the page's order, with their
 * `sort_key`: a select to use as a derived table. PostgreSQL compares `(key, id)` with the cursor as a row, which its
 * index serves as one range. SQLite serves a row comparison from an index only when its columns are plain ones, not
 * the expressions the text and value sorts are, and then reads every index entry up to the cursor (0.5–1 s deep into
 * a million rows); there the rows past the cursor are those of its key past its id, then those of the keys after it,
 * each one index range (the first ordered by id alone, which that range already is). The selects of several ranges
 * are merged.
 */
function rowsFromCursor({ table, parts, key, ascending, cursor, postgres, columns, limit }: RowsFromCursor) {
  const order = sql.raw(ascending ? 'asc' : 'desc');
  const beyond = sql.raw(ascending ? '>' : '<');
  const byKey = sql`${key} ${order}, id ${order}`;
  const selects = parts.flatMap(({ hint, where }) => {
    // The cursor's terms come first: given two lower (or upper) bounds of one column, as `quantity > 0` of the
    // in-stock filter and `quantity > 39` of a cursor, SQLite bounds the index range by the first and tests the other
    // on every row up to the end of the range.
    const rows = (past: RawBuilder<unknown> | null, orderBy: RawBuilder<unknown>) =>
      sql`select ${columns}, ${key} as sort_key from ${sql.table(table)}${hint} where ${past ? sql`${past} and ` : sql``}${where}
        order by ${orderBy} limit ${limit}`;
    if (!cursor) return [rows(null, byKey)];
    const [cursorKey, cursorId] = cursor;
    if (postgres) return [rows(sql`(${key}, id) ${beyond} (${cursorKey}, ${cursorId})`, byKey)];
    return [
      rows(sql`${key} = ${cursorKey} and id ${beyond} ${cursorId}`, sql`id ${order}`),
      rows(sql`${key} ${beyond} ${cursorKey}`, byKey),
    ];
  });
  if (selects.length === 1) return selects[0]!;
  const merged = sql.join(
    selects.map((select, i) => sql`select * from (${select}) as ${sql.raw(`part_${i}`)}`),
    sql` union all `,
  );
  return sql`select * from (${merged}) as merged order by sort_key ${order}, id ${order} limit ${limit}`;
}

/**
 * PostgreSQL: the page of the rows a search matches past the cursor, found by its conditions alone (the trigram
 * indexes), then sorted, and how many match in all. Asked for the first rows in the sort's order, the planner walks
 * the sort's index and tests each row, expecting the matches spread evenly; when they are not (a word a tenth of the
 * rows share, all of them far down the order), the walk read 300,000 rows for one page. The walks of `pageOfSource`
 * have already read the start of that index when this runs, so the matches are few, or far apart: gathered first,
 * whatever their place in the order, and sorted by key alone before the page's rows are read. Every match is in hand
 * then, so they are counted here: counting them again (`countUpToCap`) read the trigram indexes a second time.
 * With a `cap`, at most `cap + 1` matches are read: `matches` over `cap` says only that there are more, and the page
 * is then not the first of them all.
 */
async function matchesSorted<Row>(
  db: Db,
  {
    table,
    key,
    ascending,
    cursor,
    where,
    limit,
    skip,
    cap,
  }: Omit<RowsFromCursor, 'parts' | 'columns' | 'postgres'> & { where: RawBuilder<unknown>; skip: number; cap: number | null },
) {
  const order = sql.raw(ascending ? 'asc' : 'desc');
  const past = cursor ? sql`where (sort_key, id) ${sql.raw(ascending ? '>' : '<')} (${cursor[0]}, ${cursor[1]})` : sql``;
  // One row per row of the page, each with the count; a page with none is one row of nulls beside the count.
  const result = await sql<Row & { id: string | null; sort_key: string | number; match_count: string | number }>`
    with matches as materialized (
        select id, ${key} as sort_key from ${sql.table(table)} where ${where}${cap === null ? sql`` : sql` limit ${cap + 1}`}),
      page_ids as (
        select id as page_id, sort_key from matches ${past}
        order by sort_key ${order}, id ${order} limit ${limit} offset ${skip})
    select t.*, page_ids.sort_key, counted.match_count
    from (select count(*) as match_count from matches) as counted
      left join page_ids on true
      left join ${sql.table(table)} as t on t.id = page_ids.page_id
    order by page_ids.sort_key ${order}, page_ids.page_id ${order}`.execute(db);
  const matches = Number(result.rows[0]?.match_count ?? 0);
  const rows = result.rows
    .filter((row) => row.id !== null)
    .map(({ match_count: _count, ...row }) => row as unknown as Row & { sort_key: string | number });
  return { rows, matches };
}

/**
 * The query's filters as SQL. A search is a trigram index lookup when the matching rows are gathered (SQLite FTS5;
 * PostgreSQL's pg_trgm serves ILIKE), and a LIKE on each row while the sort's index is walked; texts of other than
 * ASCII letters are matched through the index in both cases, where case folding follows Unicode as the contract does.
 */
function whereOf(
  table: ListTable,
  storeId: string,
  query: ListQuery,
  postgres: boolean,
  mode: 'range' | 'walk' | 'gather' | 'joined',
): RawBuilder<unknown> {
  // 'range': the conditions of the page's index range (rangeIndex) only. 'joined': the rows of `p` joined to the
  // trigram matches by the caller, so without the search itself.
  const c = (column: string) => sql.raw(mode === 'joined' ? `p.${column}` : column);
  const text = mode === 'joined' || mode === 'range' ? undefined : query.q?.trim();
  const category = 'category' in query ? query.category : undefined;
  const stock = 'stock' in query ? query.stock : undefined;
  const trigram =
    !postgres && text !== undefined && [...text].length >= TRIGRAM && (mode === 'gather' || !ASCII.test(text));
  // Through the trigram index, SQLite must start from the matching rowids; `+` keeps it off the store's indexes, whose
  // statistics could make it read the whole store to test each row against the match.
  const parts: RawBuilder<unknown>[] = [trigram ? sql`+store_id = ${storeId}` : sql`${c('store_id')} = ${storeId}`];
  if (category) parts.push(sql`${c('category')} = ${category}`);
  if (stock === 'out') parts.push(sql`${c('quantity')} = 0`);
  if (stock === 'in') parts.push(sql`${c('quantity')} > 0`);
  if (stock === 'low') parts.push(sql`${c('reorder_point')} is not null and ${c('quantity')} <= ${c('reorder_point')}`);
  if ('status' in query && query.status) parts.push(sql`${c('status')} = ${query.status}`);
  if (table === 'products') {
    const archived = archiveFilterOf(query);
    if (archived === 'exclude') parts.push(sql`${c('archived_at')} is null`);
    if (archived === 'only') parts.push(sql`${c('archived_at')} is not null`);
  }
  if (text) {
    const pattern = containsPattern(text);
    let contains: RawBuilder<unknown>;
    if (postgres) {
      contains = sql`(name ilike ${pattern} or category ilike ${pattern} or sku ilike ${pattern})`;
    } else if (trigram) {
      const search = sql.raw(`${table}_search`);
      const rowid = sql.raw(mode === 'walk' ? 'row_id' : 'rowid');
      contains = sql`${rowid} in (select rowid from ${search} where ${search} match ${ftsPhrase(text)})`;
    } else if (ASCII.test(text)) {
      contains = sql`(name like ${pattern} escape '\\' or category like ${pattern} escape '\\' or sku like ${pattern} escape '\\')`;
    } else {
      // Too short for the trigram index and not ASCII, which LIKE folds alone: the contract's Unicode case folding.
      const folded = text.toLowerCase();
      contains = sql`(instr(fold_case(${c('name')}), ${folded}) > 0 or instr(fold_case(${c('category')}), ${folded}) > 0 or instr(fold_case(${c('sku')}), ${folded}) > 0)`;
    }
    // A product is also found by its exact barcode or part number (the contract's `matchesSearch`), through the
    // indexes of migration 0018.
    parts.push(table === 'products' ? sql`(${contains} or ${codeMatch(text, postgres, c)})` : contains);
  }
  return sql.join(parts, sql` and `);
}

/** A product whose barcode is the text, or whose part number is it whatever its ASCII case (`matchesCode`). */
function codeMatch(text: string, postgres: boolean, c: (column: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  const mpn = postgres ? sql`lower(${c('mpn')} collate "C")` : sql`lower(${c('mpn')})`;
  return sql`(${c('barcode')} = ${text} or (${c('mpn')} is not null and ${mpn} = ${asciiLower(text)}))`;
}

/** Text SQLite's LIKE compares in any case exactly as the contract's rule does. */
export const ASCII = /^[\x20-\x7e]*$/;

/**
 * A search's total: its matching rows counted up to COUNT_CAP. On SQLite the trigram matches are read one by one and
 * joined to their rows, so counting stops at the cap instead of first listing every match.
 */
async function countUpToCap(db: Db, table: ListTable, storeId: string, query: ListQuery, postgres: boolean) {
  const text = query.q?.trim() ?? '';
  const search = sql.raw(`${table}_search`);
  // A product found by its barcode or part number (not in the trigram index) is counted beside the trigram matches.
  const joined = (column: string) => sql.raw(`p.${column}`);
  const codes =
    table === 'products'
      ? sql` union select p.rowid from products as p where ${codeMatch(text, false, joined)} and ${whereOf(table, storeId, query, postgres, 'joined')}`
      : sql``;
  const matching =
    !postgres && [...text].length >= TRIGRAM
      ? sql`select p.rowid from ${search} as s cross join ${sql.table(table)} as p on p.rowid = s.rowid
          where s.${search} match ${ftsPhrase(text)} and ${whereOf(table, storeId, query, postgres, 'joined')}${codes}`
      : sql`select 1 from ${sql.table(table)} where ${whereOf(table, storeId, query, postgres, 'gather')}`;
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from (${matching} limit ${COUNT_CAP + 1}) as matching`.execute(db);
  const n = Number(counted.rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
}

/** A total read from the store's counters (kept by triggers), for a query with no search and at most one filter. */
async function countedTotal(db: Db, table: ListTable, storeId: string, query: ListQuery): Promise<number> {
  const archived = table === 'products' ? archiveFilterOf(query) : 'exclude';
  if (archived !== 'exclude') {
    // No category or stock filter here (isCountedExactly): the archived count, beside the active one for `include`.
    const stats = await db
      .selectFrom('store_stats')
      .select(['products', 'archived_products'])
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (!stats) return 0;
    return Number(stats.archived_products) + (archived === 'include' ? Number(stats.products) : 0);
  }
  if ('category' in query && query.category) {
    const row = await db
      .selectFrom('store_categories')
      .select(['products', 'out_of_stock', 'low_stock'])
      .where('store_id', '=', storeId)
      .where('category', '=', query.category)
      .executeTakeFirst();
    if (!row) return 0;
    if (query.stock === 'out') return Number(row.out_of_stock);
    if (query.stock === 'in') return Number(row.products) - Number(row.out_of_stock);
    if (query.stock === 'low') return Number(row.low_stock);
    return Number(row.products);
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

/**
 * The ids of a store's products a list query names (its search and filters; not its sort or page), at most `limit`:
 * a bulk action's `matching`. The rows the contract's `queryItems` keeps for the same query.
 */
export async function matchingProductIds(
  db: Kysely<Database>,
  storeId: string,
  query: ListQuery,
  limit: number,
): Promise<string[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await sql<{ id: string }>`
    select id from products where ${whereOf('products', storeId, query, postgres, 'gather')} order by id limit ${limit}`.execute(
    db,
  );
  return rows.rows.map((row) => row.id);
}
