import { useEffect } from 'react';
import { reorderShortfall } from '@inventory/contract/rules';
import { Button, Card, cn, EmptyState, ErrorState, PageHeader, Spinner } from '@inventory/ui';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { selectCan } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CountedReorderTable } from './CountedReorderTable';
import { OrderTheseResult } from './OrderTheseResult';
import {
  orderTheseRequested,
  reorderChoiceToggled,
  reorderExportRequested,
  reorderListRequested,
  reorderMoreRequested,
  selectReorder,
} from './reorderSlice';

/**
 * /reorder: the products at or below their reorder point (the server's `stock=low` pages), with their quantity, reorder
 * point and how many to order ("Order these"'s one rule, reorderShortfall: what brings it above its point); Export CSV
 * downloads the whole list, page after page, as the screen shows it. Owners and managers (who see
 * purchase orders) get the list counting what is on order, so nothing is ordered twice, choose products and "Order
 * these": one draft purchase order per preferred supplier (issue 28).
 */
export function ReorderPage() {
  usePageTitle('To Reorder');
  const dispatch = useAppDispatch();
  const { items, counted, chosen, ordering, suggestion, countsOnOrder, total, next, status, loadingMore, exporting, message } =
    useAppSelector(selectReorder);
  const seesOrders = useAppSelector(selectCan('purchasing:read'));
  const mayOrder = useAppSelector(selectCan('purchasing:manage'));
  useEffect(() => {
    dispatch(reorderListRequested({ countsOnOrder: seesOrders }));
  }, [dispatch, seesOrders]);
  const shown = countsOnOrder ? counted : items;

  let body;
  if (status === 'failed') {
    body = <ErrorState message={message} onRetry={() => dispatch(reorderListRequested({ countsOnOrder: seesOrders }))} />;
  } else if (status !== 'loaded') {
    body = <Spinner label="Loading products to reorder" />;
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        message={
          countsOnOrder
            ? 'Nothing to reorder: every product is above its reorder point, counting what is on order.'
            : 'Nothing to reorder: every product is above its reorder point.'
        }
      />
    );
  } else if (countsOnOrder) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="m-0 text-ink-muted">
          {total === 1 ? '1 product is' : `${total} products are`} at or below the reorder point, counting what is on
          order.
        </p>
        <CountedReorderTable
          rows={counted}
          chosen={mayOrder ? chosen : null}
          onToggle={(ids, choose) => dispatch(reorderChoiceToggled({ ids, chosen: choose }))}
        />
        {next ? (
          <div>
            <Button variant="secondary" loading={loadingMore} onClick={() => dispatch(reorderMoreRequested())}>
              Show more
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="m-0 text-ink-muted">
          {total === 1 ? '1 product is' : `${total} products are`} at or below the reorder point.
        </p>
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Products to reorder</caption>
            <thead className="bg-surface-muted">
              <tr>
                {['Name', 'SKU', 'Category', 'Quantity', 'Reorder point', 'To order'].map((header, i) => (
                  <th
                    key={header}
                    scope="col"
                    className={cn(
                      'px-4 py-3 font-semibold text-ink',
                      i >= 3 && 'text-right',
                      // The name stays in view while the table scrolls sideways inside its card on a phone.
                      i === 0 && 'sticky left-0 z-[1] bg-surface-muted',
                    )}
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((product) => {
                const point = product.reorderPoint ?? 0;
                return (
                  <tr key={product._id} className="border-t border-line">
                    <td className="sticky left-0 z-[1] bg-surface px-4 py-3">
                      <Link
                        to={`/product-detail/${product._id}`}
                        className="font-medium text-brand-600 underline max-md:inline-block max-md:w-36 max-md:[overflow-wrap:anywhere]"
                      >
                        {product.name}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{product.sku}</td>
                    <td className="px-4 py-3">{product.category}</td>
                    <td className="px-4 py-3 text-right">{product.quantity}</td>
                    <td className="px-4 py-3 text-right">{point}</td>
                    <td className="px-4 py-3 text-right font-semibold">{reorderShortfall(product.quantity, point, 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {next ? (
          <div>
            <Button variant="secondary" loading={loadingMore} onClick={() => dispatch(reorderMoreRequested())}>
              Show more
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="To Reorder"
        actions={
          status === 'loaded' && shown.length > 0 ? (
            <>
              <Button variant="secondary" loading={exporting} onClick={() => dispatch(reorderExportRequested())}>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </Button>
              {countsOnOrder && mayOrder ? (
                <Button disabled={chosen.length === 0} loading={ordering} onClick={() => dispatch(orderTheseRequested(chosen))}>
                  Order these{chosen.length > 0 ? ` (${chosen.length})` : ''}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <div className="flex flex-col gap-4">
        {suggestion ? <OrderTheseResult answer={suggestion} /> : null}
        <Card>{body}</Card>
      </div>
    </div>
  );
}
