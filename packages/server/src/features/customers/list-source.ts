import type { CustomerListQuery, CustomerSort } from '@inventory/contract';
import { type ArchivableListDeclaration, archivableListSource } from '../../archivable-list-source';
import type { Db } from '../../db';
import { sortKeys } from '../../db/migrations/0022_customers';
import type { ListSource } from '../../list-query';

/**
 * The customer list as a keyset source: the list of a store's archivable records (archivable-list-source.ts) over
 * migration 0022's indexes, counters and search of name, company, email and phone.
 */
const CUSTOMERS: ArchivableListDeclaration = { table: 'customers', counts: 'customer_counts', searched: ['name', 'company', 'email', 'phone'], sortKeys };

/** Each sort's index suffix (migration 0022's `sortKeys`). */
const SORT_INDEX: Record<CustomerSort, string> = { name: 'name', company: 'company', email: 'email', createdAt: 'newest' };

export function customerListSource(db: Db, storeId: string, query: CustomerListQuery): ListSource {
  return archivableListSource(db, CUSTOMERS, storeId, { index: SORT_INDEX[query.sort], q: query.q, archived: query.archived });
}
