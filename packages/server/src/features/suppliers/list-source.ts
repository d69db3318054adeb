import type { SupplierListQuery, SupplierSort } from '@inventory/contract';
import { type ArchivableListDeclaration, archivableListSource } from '../../archivable-list-source';
import type { Db } from '../../db';
import { supplierSortKeys } from '../../db/migrations/0030_suppliers';
import type { ListSource } from '../../list-query';

/**
 * The supplier list as a keyset source: the list of a store's archivable records (archivable-list-source.ts) over
 * migration 0030's indexes, counters and search of name, contact, email and phone.
 */
const SUPPLIERS: ArchivableListDeclaration = {
  table: 'suppliers',
  counts: 'supplier_counts',
  searched: ['name', 'contact', 'email', 'phone'],
  sortKeys: supplierSortKeys,
};

/** Each sort's index suffix (migration 0030's `supplierSortKeys`). */
const SORT_INDEX: Record<SupplierSort, string> = { name: 'name', contact: 'contact', email: 'email', createdAt: 'newest' };

export function supplierListSource(db: Db, storeId: string, query: SupplierListQuery): ListSource {
  return archivableListSource(db, SUPPLIERS, storeId, { index: SORT_INDEX[query.sort], q: query.q, archived: query.archived });
}
