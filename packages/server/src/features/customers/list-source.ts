import { COUNT_CAP, type CustomerArchiveFilter, type CustomerListQuery, type CustomerSort } from '@inventory/contract';
import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db';
import { sortKeys } from '../../db/migrations/0022_customers';
import { ASCII, containsPattern, ftsPhraseOf, type ListSource, type RangePart, TRIGRAM } from '../../list-query';

/**
 * The customer list as a keyset source (list-query.ts `pageOfSource`), by the rules of products' lists
 * (docs/decisions/0015-lists-at-scale.md): each sort of the active and of the archived customers is one range of its
 * own partial index (migration 0022), so a page costs the same at any depth and any size; 'include' merges the two
 * ranges. A search walks the range, then gathers its matches through the trigram index; totals without one come from
 * `customer_counts`.
 */

const SEARCHED = ['name', 'company', 'email', 'phone'] as const;

/** Each sort's index suffix and expression (migration 0022's `sortKeys`). */
const SORT_INDEX: Record<CustomerSort, keyof ReturnType<typeof sortKeys>> = {
  name: 'name',
  company: 'company',
  email: 'email',
  createdAt: 'newest',
};

type Part = 'active' | 'archived';
const partsOf = (filter: CustomerArchiveFilter): Part[] => (filter === 'include' ? ['active', 'archived'] : filter === 'only' ? ['archived'] : ['active']);
const archivedCondition = (part: Part | CustomerArchiveFilter, column = 'archived_at'): RawBuilder<unknown> | null => {
  if (part === 'include') return null;
  return part === 'active' || part === 'exclude' ? sql`${sql.raw(column)} is null` : sql`${sql.raw(column)} is not null`;
};

export function customerListSource(db: Db, storeId: string, query: CustomerListQuery): ListSource {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sort = SORT_INDEX[query.sort];
  const text = query.q?.trim() ?? '';

  const where = (mode: 'range' | 'walk' | 'gather', part: Part | CustomerArchiveFilter): RawBuilder<unknown> => {
    const trigram = !postgres && text !== '' && mode !== 'range' && [...text].length >= TRIGRAM && (mode === 'gather' || !ASCII.test(text));
    // Through the trigram index SQLite must start from the matching rowids: `+` keeps it off the store's indexes.
    const conditions: RawBuilder<unknown>[] = [trigram ? sql`+store_id = ${storeId}` : sql`store_id = ${storeId}`];
    const archived = archivedCondition(part);
    if (archived) conditions.push(archived);
    if (text !== '' && mode !== 'range') conditions.push(search(text, mode, postgres, trigram));
    return sql.join(conditions, sql` and `);
  };

  return {
    table: 'customers',
    key: sql.raw(sortKeys(postgres)[sort]),
    numeric: false,
    parts: (): RangePart[] =>
      partsOf(query.archived).map((part) => ({
        hint: postgres ? sql`` : sql` indexed by ${sql.raw(`customers_${part}_${sort}_idx`)}`,
        where: where('range', part),
      })),
    where: (mode) => where(mode, query.archived),
    async exactTotal() {
      if (text !== '') return null;
      const counts = await db.selectFrom('customer_counts').select(['active', 'archived']).where('store_id', '=', storeId).executeTakeFirst();
      if (!counts) return 0;
      const active = Number(counts.active);
      const archived = Number(counts.archived);
      return query.archived === 'only' ? archived : query.archived === 'include' ? active + archived : active;
    },
    async countUpToCap() {
      // On SQLite the trigram matches are read one by one and joined to their rows, so counting stops at the cap.
      const matching =
        !postgres && [...text].length >= TRIGRAM
          ? sql`select c.rowid from customers_search as s cross join customers as c on c.rowid = s.rowid
              where s.customers_search match ${ftsPhraseOf(SEARCHED, text)} and c.store_id = ${storeId}
              ${archivedCondition(query.archived, 'c.archived_at') ? sql`and ${archivedCondition(query.archived, 'c.archived_at')}` : sql``}`
          : sql`select 1 from customers where ${where('gather', query.archived)}`;
      const counted = await sql<{ n: number | string }>`select count(*) as n from (${matching} limit ${COUNT_CAP + 1}) as matching`.execute(db);
      const n = Number(counted.rows[0]?.n ?? 0);
      return n > COUNT_CAP ? { total: COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
    },
  };
}

/**
 * Name, company, email or phone contains the text in any case: PostgreSQL's ILIKE (served by pg_trgm); on SQLite the
 * trigram index when gathering (or for text LIKE cannot fold), LIKE while walking a range, and for short non-ASCII
 * text the contract's Unicode folding (fold_case).
 */
function search(text: string, mode: 'walk' | 'gather', postgres: boolean, trigram: boolean): RawBuilder<unknown> {
  const pattern = containsPattern(text);
  const any = (test: (column: RawBuilder<unknown>) => RawBuilder<unknown>) =>
    sql`(${sql.join(
      SEARCHED.map((column) => test(sql.raw(column))),
      sql` or `,
    )})`;
  if (postgres) return any((column) => sql`${column} ilike ${pattern}`);
  if (trigram) {
    const rowid = sql.raw(mode === 'walk' ? 'row_id' : 'rowid');
    return sql`${rowid} in (select rowid from customers_search where customers_search match ${ftsPhraseOf(SEARCHED, text)})`;
  }
  if (ASCII.test(text)) return any((column) => sql`${column} like ${pattern} escape '\\'`);
  const folded = text.toLowerCase();
  return any((column) => sql`instr(fold_case(${column}), ${folded}) > 0`);
}
