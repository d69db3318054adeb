import { productBulkSchema } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { ifMatchOf, setEtag } from '../../http/etag';
import { parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { productId } from './product-id';
import type { ProductService } from './service';

export interface ProductArchiveRoutesOptions {
  products: ProductService;
  access: StoreAccessDeps;
}

/**
 * What deleting a product will do, restoring an archived one, and bulk actions
 * (docs/decisions/0033-archived-products-and-bulk-actions.md).
 */
export async function productArchiveRoutes(app: FastifyInstance, { products, access }: ProductArchiveRoutesOptions) {
  app.get('/:id/removal', { preHandler: requireStore(access, 'catalogue:delete') }, async (request) =>
    products.removal(storeOf(request).storeId, productId(request)),
  );

  app.post('/:id/restore', { preHandler: requireStore(access, 'catalogue:delete') }, async (request, reply) => {
    const row = await products.restore(storeOf(request), productId(request), ifMatchOf(request));
    const { product, version } = await products.answerOf(row);
    return setEtag(reply, version).send(product);
  });

  // The edit permission here; archiving also needs the delete permission, which the service checks.
  app.post('/bulk', { preHandler: requireStore(access, 'catalogue:update') }, async (request) =>
    products.bulk(storeOf(request), parse(productBulkSchema, request.body)),
  );
}
