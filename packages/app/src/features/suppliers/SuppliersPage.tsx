import { MESSAGES, type Supplier, type SupplierSort } from '@inventory/contract/rules';
import { type ArchivableColumn, ArchivableListPage } from '../../catalogue/ArchivableListPage';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppSelector } from '../../store/hooks';
import { selectSupplierList, supplierListActions } from './supplierListSlice';

/** A lead time as people say it. */
export const leadTimeText = (days: number | null) => (days === null ? '—' : days === 1 ? '1 day' : `${days} days`);

const COLUMNS: ArchivableColumn<Supplier, SupplierSort>[] = [
  { key: 'contact', sort: 'contact', label: 'Contact', cell: (supplier) => supplier.contact },
  { key: 'email', sort: 'email', label: 'Email', cell: (supplier) => supplier.email, className: 'max-sm:hidden' },
  { key: 'phone', header: 'Phone', cell: (supplier) => <span className="whitespace-nowrap">{supplier.phone}</span> },
  { key: 'leadTime', header: 'Lead time', cell: (supplier) => <span className="whitespace-nowrap">{leadTimeText(supplier.leadTimeDays)}</span> },
];

/**
 * /suppliers: the store's suppliers (catalogue/ArchivableListPage.tsx), searched by name, contact, email or phone,
 * sorted by name, contact, email or date added, with their lead times.
 */
export function SuppliersPage() {
  usePageTitle('Suppliers');
  const list = useAppSelector(selectSupplierList);
  const canAdd = useAppSelector(selectOffers('suppliers:create'));
  const canEdit = useAppSelector(selectOffers('suppliers:update'));
  return (
    <ArchivableListPage
      title="Suppliers"
      noun="supplier"
      path="suppliers"
      exportWhat="suppliers"
      searchLabel="Search suppliers by name, contact, email or phone"
      emptyMessage={MESSAGES.noSuppliers}
      list={list}
      actions={supplierListActions}
      canAdd={canAdd}
      canEdit={canEdit}
      columns={COLUMNS}
    />
  );
}
