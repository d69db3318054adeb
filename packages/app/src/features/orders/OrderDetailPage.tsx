import { buttonVariants, Card, PageHeader } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { ItemFacts } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppSelector } from '../../store/hooks';
import { ORDER_LOAD_TEXTS, ORDER_ON_ROUTE } from './orderOnRoute';

/**
 * /order-detail/:id: the order loaded by its id (name, SKU, category, price, quantity, total value, who created and
 * last changed it); Edit Order when the role may edit.
 */
export function OrderDetailPage() {
  usePageTitle('Order Detail');
  const { id, item: order, status, message, reload } = useRouteItem(ORDER_ON_ROUTE);
  const mayEdit = useAppSelector(selectOffers('catalogue:update'));

  return (
    <div>
      <PageHeader
        title="Order Detail"
        actions={
          order ? (
            <>
              <Link to="/orders" className={buttonVariants({ variant: 'secondary' })}>
                Back to the orders
              </Link>
              {mayEdit ? (
                <Link to={`/edit-order/${id}`} className={buttonVariants({ variant: 'primary' })}>
                  Edit Order
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {order ? (
        <Card>
          <ItemFacts item={order} valueLabel="Total Value">
            <AuditFacts createdBy={order.createdBy} updatedBy={order.updatedBy} />
          </ItemFacts>
        </Card>
      ) : (
        <ItemLoadState {...ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
      )}
    </div>
  );
}
