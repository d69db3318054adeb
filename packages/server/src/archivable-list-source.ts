import { type ArchiveFilter, COUNT_CAP } from '@inventory/contract';
import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './db';
import type { ArchivableTable } from './db/archivable-tables';
import { ASCII, containsPattern, ftsPhraseOf, type ListSource, type RangePart, TRIGRAM } from './list-query';

/**
 * The list of a store's records that are archived rather than deleted (customers, suppliers) as a keyset source
 * (list-query.ts `pageOfSource`), by the rules of products' lists (docs/decisions/0015-lists-at-scale.md): each sort
 * of the active and of the archived records is one range of its own partial index (db/archivable-tables.ts), so a page
 * costs the same at any depth and any size; 'include' merges the two ranges. A search walks the range, then gathers
 * its matches through the trigram index; totals without one come from the counter table.
 */
export interface ArchivableListDeclaration extends ArchivableTable {
  /** The expression of each index suffix (the migration's sort keys): `name` → `lower(name)`. */
  sortKeys: (postgres: boolean) => Record<string, string>;
}

/** What a page of such records is asked with (the contract's ArchivableQuery, with its sort's index suffix). */
export interface ArchivableListQuery {
  /** The suffix of the sort's indexes (a key of `sortKeys`). */
  index: string;
  q?: string;
  archived: ArchiveFilter;
}

type Part = 'active' | 'archived';
const partsOf = (filter: ArchiveFilter): Part[] => (filter === 'include' ? ['active', 'archived'] : filter === 'only' ? ['archived'] : ['active']);
const archivedCondition = (part: Part | ArchiveFilter, column = 'archived_at'): RawBuilder<unknown> | null => {
  if (part === 'include') return null;
  return part === 'active' || part === 'exclude' ? sql`${sql.raw(column)} is null` : sql`${sql.raw(column)} is not null`;
};

export function archivableListSource(db: Db, declaration: ArchivableListDeclaration, storeId: string, query: ArchivableListQuery): ListSource {
  const { table, counts, searched } = declaration;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const text = query.q?.trim() ?? '';
  const search = `${table}_search`;

  const where = (mode: 'range' | 'walk' | 'gather', part: Part | ArchiveFilter): RawBuilder<unknown> => {
    const trigram = !postgres && text !== '' && mode !== 'range' && [...text].length >= TRIGRAM && (mode === 'gather' || !ASCII.test(text));
    // Through the trigram index SQLite must start from the matching rowids: `+` keeps it off the store's indexes.
    const conditions: RawBuilder<unknown>[] = [trigram ? sql`+store_id = ${storeId}` : sql`store_id = ${storeId}`];
    const archived = archivedCondition(part);
    if (archived) conditions.push(archived);
    if (text !== '' && mode !== 'range') conditions.push(contains(text, mode, postgres, trigram));
    return sql.join(conditions, sql` and `);
  };

  /**
   * The searched columns contain the text in any case: PostgreSQL's ILIKE (served by pg_trgm); on SQLite the trigram
   * index when gathering (or for text LIKE cannot fold), LIKE while walking a range, and for short non-ASCII text the
   * contract's Unicode folding (fold_case).
   */
  function contains(text: string, mode: 'walk' | 'gather', postgres: boolean, trigram: boolean): RawBuilder<unknown> {
    const pattern = containsPattern(text);
    const any = (test: (column: RawBuilder<unknown>) => RawBuilder<unknown>) =>
      sql`(${sql.join(
        searched.map((column) => test(sql.raw(column))),
        sql` or `,
      )})`;
    if (postgres) return any((column) => sql`${column} ilike ${pattern}`);
    if (trigram) {
      const rowid = sql.raw(mode === 'walk' ? 'row_id' : 'rowid');
      return sql`${rowid} in (select rowid from ${sql.raw(search)} where ${sql.raw(search)} match ${ftsPhraseOf(searched, text)})`;
    }
    if (ASCII.test(text)) return any((column) => sql`${column} like ${pattern} escape '\\'`);
    const folded = text.toLowerCase();
    return any((column) => sql`instr(fold_case(${column}), ${folded}) > 0`);
  }

  return {
    table,
    key: sql.raw(declaration.sortKeys(postgres)[query.index]!),
    numeric: false,
    parts: (): RangePart[] =>
      partsOf(query.archived).map((part) => ({
        hint: postgres ? sql`` : sql` indexed by ${sql.raw(`${table}_${part}_${query.index}_idx`)}`,
        where: where('range', part),
      })),
    where: (mode) => where(mode, query.archived),
    async exactTotal() {
      if (text !== '') return null;
      const row = await sql<{ active: number | string; archived: number | string }>`
        select active, archived from ${sql.table(counts)} where store_id = ${storeId}`.execute(db);
      const found = row.rows[0];
      if (!found) return 0;
      const active = Number(found.active);
      const archived = Number(found.archived);
      return query.archived === 'only' ? archived : query.archived === 'include' ? active + archived : active;
    },
    async countUpToCap() {
      // On SQLite the trigram matches are read one by one and joined to their rows, so counting stops at the cap.
      const archived = archivedCondition(query.archived, 't.archived_at');
      const matching =
        !postgres && [...text].length >= TRIGRAM
          ? sql`select t.rowid from ${sql.raw(search)} as s cross join ${sql.table(table)} as t on t.rowid = s.rowid
              where s.${sql.raw(search)} match ${ftsPhraseOf(searched, text)} and t.store_id = ${storeId}
              ${archived ? sql`and ${archived}` : sql``}`
          : sql`select 1 from ${sql.table(table)} where ${where('gather', query.archived)}`;
      const counted = await sql<{ n: number | string }>`select count(*) as n from (${matching} limit ${COUNT_CAP + 1}) as matching`.execute(db);
      const n = Number(counted.rows[0]?.n ?? 0);
      return n > COUNT_CAP ? { total: COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
    },
  };
}
