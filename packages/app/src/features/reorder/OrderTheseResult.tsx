import type { ReorderSuggestionAnswer } from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { Link } from 'react-router-dom';

/**
 * What the last "Order these" made (each draft, to open and send) and left out: the products without a preferred
 * supplier, with how many they need, to order another way or to give a supplier on their page.
 */
export function OrderTheseResult({ answer }: { answer: ReorderSuggestionAnswer }) {
  return (
    <Card title="Ordered from the list">
      <div className="flex flex-col gap-3">
        {answer.created.length > 0 ? (
          <div>
            <p className="m-0 font-semibold text-ink">Draft purchase orders made:</p>
            <ul className="m-0 flex flex-col gap-1 pl-5">
              {answer.created.map((order) => (
                <li key={order._id}>
                  <Link to={`/purchase-orders/${order._id}`} className="font-medium text-brand-600 underline">
                    {order.reference}
                  </Link>{' '}
                  for {order.supplier.name} ({order.lineCount === 1 ? '1 line' : `${order.lineCount} lines`})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {answer.withoutSupplier.length > 0 ? (
          <div>
            <p className="m-0 font-semibold text-ink">No preferred supplier, so not ordered:</p>
            <ul aria-label="Products without a preferred supplier" className="m-0 flex flex-col gap-1 pl-5">
              {answer.withoutSupplier.map((product) => (
                <li key={product.productId}>
                  <Link to={`/product-detail/${product.productId}`} className="font-medium text-brand-600 underline">
                    {product.name}
                  </Link>
                  : {product.quantity} to order
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
