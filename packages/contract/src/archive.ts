import type { Page } from './lists';
import { keysetPage, type PageQuery } from './query-items';

/**
 * Records a store keeps while other records name them (a customer their orders, a supplier the products they supply):
 * deleting one that is named archives it instead, an archived one is hidden from its list unless asked for, and
 * restoring brings it back. The rules here are the same for each such record.
 */

/** Which records a list shows: the active ones by default, the archived ones, or both. */
export const ARCHIVE_FILTERS = ['exclude', 'only', 'include'] as const;
export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

export const isArchived = (record: { archivedAt: string | null }): boolean => record.archivedAt !== null;

/** Whether a record belongs in a list filtered by `filter`. */
export function matchesArchive(record: { archivedAt: string | null }, filter: ArchiveFilter): boolean {
  return filter === 'include' || isArchived(record) === (filter === 'only');
}

export type Removal = 'delete' | 'archive';

/**
 * What deleting a record does: one that `references` other records name is archived, so they keep naming it; one
 * that none names is deleted. An archived one whose last reference went is deleted the next time.
 */
export function recordRemovalOf(references: number): Removal {
  return references > 0 ? 'archive' : 'delete';
}

/** What a page of such records is asked with. */
export interface ArchivableQuery extends PageQuery {
  q?: string;
  archived: ArchiveFilter;
}

/**
 * One page of a store's records for a query, by the rules the server follows with its indexes: those the search
 * matches and the archive filter keeps, by `key` then id. Counted from the store's counters without a search; a
 * search counts its rows up to COUNT_CAP.
 */
export function queryArchivable<T extends { _id: string; archivedAt: string | null }>(
  rows: readonly T[],
  query: ArchivableQuery,
  matches: (row: T, q: string | undefined) => boolean,
  key: (row: T) => string,
): Page<T> {
  const matching = rows.filter((row) => matches(row, query.q) && matchesArchive(row, query.archived));
  return keysetPage(matching, query, key, !query.q);
}

/** Whether a record's text fields contain the search text, in any case (every list of records searches so). */
export function containsSearch(fields: readonly string[], q: string | undefined): boolean {
  const text = q?.trim().toLowerCase();
  if (!text) return true;
  return fields.some((field) => field.toLowerCase().includes(text));
}
