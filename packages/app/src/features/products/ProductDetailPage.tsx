import { hasImage, MESSAGES, type Product } from '@inventory/contract/rules';
import { Badge, buttonVariants, Card, PageHeader } from '@inventory/ui';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { selectCan, selectOffers } from '../../membership/selectors';
import { useAppSelector } from '../../store/hooks';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { CostFacts } from './CostFacts';
import { Fact, ItemFacts } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { usePageTitle } from '../../page/usePageTitle';
import { apiAssetUrl } from './apiAssetUrl';
import { ArchivedBanner } from './ArchivedBanner';
import { formatDate, formatDateTime } from '../../dates/formatDateTime';
import { isOutOfStock } from './outOfStock';
import { PRODUCT_LOAD_TEXTS, PRODUCT_ON_ROUTE } from './productOnRoute';
import { RichTextContent } from './RichTextContent';
import { CorrectStockCard, StockHistoryCard } from './StockHistoryCard';
import { ProductSuppliersCard } from '../../product-suppliers/ProductSuppliersCard';

function ProductImage({ product }: { product: Product }) {
  if (!hasImage(product.image)) {
    return (
      <p className="m-0 flex min-h-40 items-center justify-center gap-2 rounded-md border border-dashed border-line-strong bg-surface-muted p-4 text-ink-muted">
        <ImageOff aria-hidden="true" className="size-5" />
        {MESSAGES.noImageDetail}
      </p>
    );
  }
  return (
    <img
      src={apiAssetUrl(product.image.filePath)}
      alt={product.name}
      className="max-h-80 max-w-full rounded-md object-contain"
    />
  );
}

/** "12, expected 8 Mar 2024": what is on sent purchase orders and when the earliest is expected (0042). */
function onOrderText(onOrder: NonNullable<Product['onOrder']>): string {
  const day = onOrder.expectedDate ? formatDate(`${onOrder.expectedDate}T12:00:00`) || onOrder.expectedDate : null;
  return day ? `${onOrder.quantity}, expected ${day}` : String(onOrder.quantity);
}

function ProductDetail({ product }: { product: Product }) {
  const outOfStock = isOutOfStock(product);
  // The server sends the cost only to roles that may see it; the role decides here too.
  const seesCost = useAppSelector(selectCan('cost:read')) && product.cost !== undefined;
  return (
    <Card>
      <div className="flex flex-col gap-5">
        <ProductImage product={product} />
        <p className="m-0">
          <span className="mr-2 font-semibold text-ink">Product Availability:</span>
          <Badge tone={outOfStock ? 'danger' : 'success'}>{outOfStock ? 'Out Of Stock' : 'In Stock'}</Badge>
        </p>
        <ItemFacts item={product} valueLabel="Total Value in stock">
          {product.barcode ? <Fact label="Barcode">{product.barcode}</Fact> : null}
          {product.mpn ? <Fact label="Part number">{product.mpn}</Fact> : null}
          {seesCost ? <CostFacts price={product.price} cost={product.cost ?? null} /> : null}
          {product.onOrder ? <Fact label="On order">{onOrderText(product.onOrder)}</Fact> : null}
          <Fact label="Created on">{formatDateTime(product.createdAt)}</Fact>
          <Fact label="Last Updated">{formatDateTime(product.updatedAt)}</Fact>
          <AuditFacts createdBy={product.createdBy} updatedBy={product.updatedBy} />
        </ItemFacts>
        <section aria-labelledby="product-description" className="flex flex-col gap-2">
          <h2 id="product-description" className="text-lg font-semibold text-ink">
            Description
          </h2>
          <RichTextContent html={product.description} />
        </section>
      </div>
    </Card>
  );
}

/**
 * /product-detail/:id: the product as saved (and who created and last changed it), with links back to the dashboard
 * and, when the role may edit, to edit it.
 */
export function ProductDetailPage() {
  usePageTitle('Product Detail');
  const { id, item: product, status, message, reload } = useRouteItem(PRODUCT_ON_ROUTE);
  const mayEdit = useAppSelector(selectOffers('catalogue:update'));
  const mayCorrect = useAppSelector(selectCan('catalogue:update'));

  return (
    <div>
      <PageHeader
        title="Product Detail"
        actions={
          product ? (
            <>
              <Link to="/dashboard" className={buttonVariants({ variant: 'secondary' })}>
                Back to the dashboard
              </Link>
              <Link to={`/labels?ids=${id}`} className={buttonVariants({ variant: 'secondary' })}>
                Print label
              </Link>
              {mayEdit ? (
                <Link
                  to={`/edit-product/${id}`}
                  state={{ from: `/product-detail/${id}` }}
                  className={buttonVariants({ variant: 'primary' })}
                >
                  Edit Product
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {product ? (
        <div className="flex flex-col gap-6">
          <ArchivedBanner product={product} />
          <ProductDetail product={product} />
          {mayCorrect ? <CorrectStockCard productId={product._id} /> : null}
          <ProductSuppliersCard productId={product._id} />
          <StockHistoryCard productId={product._id} />
        </div>
      ) : (
        <ItemLoadState {...PRODUCT_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
      )}
    </div>
  );
}
