import { useCallback, useEffect } from 'react';
import { hasImage, MESSAGES, type Product } from '@inventory/contract';
import { Badge, buttonVariants, Card, PageHeader } from '@inventory/ui';
import { ImageOff } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/usePageTitle';
import { apiAssetUrl } from '../items/assets';
import { formatDateTime, isOutOfStock } from '../items/format';
import { Fact, ItemFacts } from '../items/ItemFacts';
import { ItemLoadState } from '../items/ItemLoadState';
import { getProductRequested } from './productsSlice';
import { RichTextContent } from './RichTextContent';
import { selectProduct, selectProductItemStatus, selectProductsMessage } from './selectors';

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

function ProductDetail({ product }: { product: Product }) {
  const outOfStock = isOutOfStock(product);
  return (
    <Card>
      <div className="flex flex-col gap-5">
        <ProductImage product={product} />
        <p className="m-0">
          <span className="mr-2 font-semibold text-ink">Product Availability:</span>
          <Badge tone={outOfStock ? 'danger' : 'success'}>{outOfStock ? 'Out Of Stock' : 'In Stock'}</Badge>
        </p>
        <ItemFacts item={product} valueLabel="Total Value in stock">
          <Fact label="Created on">{formatDateTime(product.createdAt)}</Fact>
          <Fact label="Last Updated">{formatDateTime(product.updatedAt)}</Fact>
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

/** /product-detail/:id (SPEC.md §2): the product as saved, with links to edit it and back to the dashboard. */
export function ProductDetailPage() {
  usePageTitle('Product Detail');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const product = useAppSelector(selectProduct);
  const status = useAppSelector(selectProductItemStatus);
  const message = useAppSelector(selectProductsMessage);
  const load = useCallback(() => dispatch(getProductRequested(id)), [dispatch, id]);
  useEffect(() => {
    load();
  }, [load]);

  const ready = status === 'loaded' && product?._id === id;
  return (
    <div>
      <PageHeader
        title="Product Detail"
        actions={
          ready ? (
            <>
              <Link to="/dashboard" className={buttonVariants({ variant: 'secondary' })}>
                Back to the dashboard
              </Link>
              <Link to={`/edit-product/${id}`} className={buttonVariants({ variant: 'primary' })}>
                Edit Product
              </Link>
            </>
          ) : null
        }
      />
      {ready ? (
        <ProductDetail product={product} />
      ) : (
        <ItemLoadState
          status={status === 'loaded' ? 'loading' : status}
          loadingLabel="Loading product"
          notFoundText={MESSAGES.productNotFound}
          message={message}
          onRetry={load}
          backHref="/dashboard"
          backLabel="Back to the dashboard"
        />
      )}
    </div>
  );
}
