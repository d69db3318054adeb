import { type Customer, type CustomerSort, MESSAGES } from '@inventory/contract/rules';
import { type ArchivableColumn, ArchivableListPage } from '../../catalogue/ArchivableListPage';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppSelector } from '../../store/hooks';
import { customerListActions, selectCustomerList } from './customerListSlice';

const COLUMNS: ArchivableColumn<Customer, CustomerSort>[] = [
  { key: 'company', sort: 'company', label: 'Company', cell: (customer) => customer.company },
  { key: 'email', sort: 'email', label: 'Email', cell: (customer) => customer.email, className: 'max-sm:hidden' },
  { key: 'phone', header: 'Phone', cell: (customer) => <span className="whitespace-nowrap">{customer.phone}</span> },
];

/**
 * /customers: the store's customers (catalogue/ArchivableListPage.tsx), searched by name, company, email or phone,
 * sorted by name, company, email or date added.
 */
export function CustomersPage() {
  usePageTitle('Customers');
  const list = useAppSelector(selectCustomerList);
  const canAdd = useAppSelector(selectOffers('customers:create'));
  const canEdit = useAppSelector(selectOffers('customers:update'));
  return (
    <ArchivableListPage
      title="Customers"
      noun="customer"
      path="customers"
      exportWhat="customers"
      searchLabel="Search customers by name, company, email or phone"
      emptyMessage={MESSAGES.noCustomers}
      list={list}
      actions={customerListActions}
      canAdd={canAdd}
      canEdit={canEdit}
      columns={COLUMNS}
    />
  );
}
