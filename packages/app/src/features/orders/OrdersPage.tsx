import { useCallback, useEffect, useState } from 'react';
import { MESSAGES, type Order } from '@inventory/contract';
import { buttonVariants } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { ItemsTable } from '../../catalogue/ItemsTable';
import { selectOffers } from '../../membership/selectors';
import { deleteOrderRequested, getOrdersRequested, type OrdersState } from './ordersSlice';
import { selectFilteredOrders, selectOrdersListStatus, selectOrdersMessage } from './selectors';

const viewHref = (order: Order) => `/order-detail/${order._id}`;
const editHref = (order: Order) => `/edit-order/${order._id}`;

/**
 * /orders: the 'Orders Items' table: 5 rows a page with 3 page links, a search on name or category, and an error
 * state with retry when the list fails. A deleted row goes away locally. Add, Edit and Delete show only when the role
 * allows them.
 */
export function OrdersPage() {
  usePageTitle('Orders');
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const rows = useAppSelector((state: { orders: OrdersState }) => selectFilteredOrders(state, search));
  const status = useAppSelector(selectOrdersListStatus);
  const message = useAppSelector(selectOrdersMessage);
  const canAdd = useAppSelector(selectOffers('catalogue:create'));
  const canEdit = useAppSelector(selectOffers('catalogue:update'));
  const canDelete = useAppSelector(selectOffers('catalogue:delete'));

  const load = useCallback(() => dispatch(getOrdersRequested()), [dispatch]);
  useEffect(() => {
    load();
  }, [load]);
  const onDelete = useCallback((order: Order) => dispatch(deleteOrderRequested(order._id)), [dispatch]);

  return (
    <ItemsTable
      title="Orders Items"
      headingLevel={1}
      items={rows}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder="Search orders"
      searchLabel="Search orders by name or category"
      loading={status === 'idle' || status === 'loading'}
      error={status === 'failed' ? message : null}
      onRetry={load}
      emptyMessage={MESSAGES.noOrders}
      nameHeader="Order P.Name"
      viewHref={viewHref}
      editHref={editHref}
      confirmTitle={MESSAGES.deleteOrderTitle}
      confirmMessage={MESSAGES.deleteOrderMessage}
      onDelete={onDelete}
      canEdit={canEdit}
      canDelete={canDelete}
      actions={
        canAdd ? (
          <Link to="/add-Order" className={buttonVariants({ variant: 'primary' })}>
            Add Order
          </Link>
        ) : null
      }
    />
  );
}
