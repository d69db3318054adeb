import { z } from 'zod';
import { ARCHIVE_FILTERS } from '../archive';
import { LIST_PAGE_SIZE, SEARCH_MAX_LENGTH } from '../lists';
import { MESSAGES } from '../messages';
import { commonQuery, cursorOfSort, oneDirection } from './lists';
import { queryText } from './query-text';

/**
 * The query of a list of a store's records that are archived rather than deleted (customers, suppliers): always a
 * page (`limit` defaults to the spec's page size), searched, sorted by one of `sorts` (by name unless asked), the
 * active records unless `archived` says otherwise; a cursor is valid only for its sort.
 */
export function archivableListQuerySchema<S extends string>(records: string, sorts: readonly [S, ...S[]], searched: string) {
  return z
    .strictObject({
      ...commonQuery,
      limit: commonQuery.limit.default(LIST_PAGE_SIZE),
      q: queryText('Search')
        .max(SEARCH_MAX_LENGTH, MESSAGES.invalidListQuery)
        .transform((value) => value.trim())
        .optional()
        .describe(`Search: ${searched} contains it, in any case`),
      sort: z
        .enum(sorts as unknown as [S, ...S[]], { error: MESSAGES.invalidListQuery })
        .default('name' as never)
        .describe('The column to sort by'),
      archived: z
        .enum(ARCHIVE_FILTERS, { error: MESSAGES.invalidListQuery })
        .default('exclude')
        .describe(`exclude (default): active ${records}; only: the archived ones; include: both`),
    })
    .refine(oneDirection, MESSAGES.invalidListQuery)
    .refine(cursorOfSort, MESSAGES.invalidCursor);
}

/** A page of what names one record, newest first (a customer's orders, a supplier's products): cursors of `createdAt`. */
export const newestFirstPageQuerySchema = z
  .strictObject({
    limit: commonQuery.limit.default(LIST_PAGE_SIZE),
    after: commonQuery.after,
    before: commonQuery.before,
    skip: commonQuery.skip,
  })
  .refine(oneDirection, MESSAGES.invalidListQuery)
  .refine((query) => cursorOfSort({ ...query, sort: 'createdAt' }), MESSAGES.invalidCursor);
