import { useCallback, useEffect } from 'react';
import { MESSAGES } from '@inventory/contract';
import { buttonVariants, Card, PageHeader } from '@inventory/ui';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/usePageTitle';
import { ItemFacts } from '../items/ItemFacts';
import { ItemLoadState } from '../items/ItemLoadState';
import { getOrderRequested } from './ordersSlice';
import { selectOrder, selectOrderItemStatus, selectOrdersMessage } from './selectors';

/** /order-detail/:id: the order loaded by its id (name, SKU, category, price, quantity, total value). */
export function OrderDetailPage() {
  usePageTitle('Order Detail');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const order = useAppSelector(selectOrder);
  const status = useAppSelector(selectOrderItemStatus);
  const message = useAppSelector(selectOrdersMessage);
  const load = useCallback(() => dispatch(getOrderRequested(id)), [dispatch, id]);
  useEffect(() => {
    load();
  }, [load]);

  const ready = status === 'loaded' && order?._id === id;
  return (
    <div>
      <PageHeader
        title="Order Detail"
        actions={
          ready ? (
            <>
              <Link to="/orders" className={buttonVariants({ variant: 'secondary' })}>
                Back to the orders
              </Link>
              <Link to={`/edit-order/${id}`} className={buttonVariants({ variant: 'primary' })}>
                Edit Order
              </Link>
            </>
          ) : null
        }
      />
      {ready ? (
        <Card>
          <ItemFacts item={order} valueLabel="Total Value" />
        </Card>
      ) : (
        <ItemLoadState
          status={status === 'loaded' ? 'loading' : status}
          loadingLabel="Loading order"
          notFoundText={MESSAGES.orderNotFound}
          message={message}
          onRetry={load}
          backHref="/orders"
          backLabel="Back to the orders"
        />
      )}
    </div>
  );
}
