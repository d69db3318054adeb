import { idParamsSchema, MESSAGES, productFieldsSchema, productUpdateFieldsSchema } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { type ListCache, sendList } from '../../list-cache';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { processImage } from '../../uploads/images';
import type { ProductService } from './service';

export interface ProductRoutesOptions {
  products: ProductService;
  access: StoreAccessDeps;
  db: Db;
  listCache: ListCache;
}

/** A malformed id cannot name a product of this user: 404, like another user's product. */
export function productId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.productNotFound);
  return result.data.id;
}

/**
 * /api/products: multipart create and update with an optional `image` part; the text fields are checked before
 * anything is stored; single-item answers carry `ETag: "<version>"`, and PATCH/DELETE honour If-Match (409 when stale).
 */
export async function productRoutes(app: FastifyInstance, { products, access, db, listCache }: ProductRoutesOptions) {
  app.post('/', { preHandler: requireStore(access, 'catalogue:create') }, async (request, reply) => {
    const form = await readMultipart(request, 'image');
    const fields = parse(productFieldsSchema, form.fields);
    const image = form.file ? await processImage(form.file.bytes, form.file.fileName) : null;
    const { product, version } = await products.create(storeOf(request), fields, image);
    return setEtag(reply.status(201), version).send(product);
  });

  // The serialised list, cached per store and checked against the database's version on every request.
  app.get('/', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const { storeId } = storeOf(request);
    return sendList(request, reply, { db, cache: listCache, kind: 'products', storeId, build: () => products.list(storeId) });
  });

  app.get('/:id', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = productId(request);
    const { product, version } = await products.get(storeOf(request).storeId, id);
    return setEtag(reply, version).send(product);
  });

  app.patch('/:id', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = productId(request);
    const store = storeOf(request);
    // A client sending back the product it fetched appends its image object as text: the schema ignores it.
    const form = await readMultipart(request, 'image', { keepTextInFileField: true });
    const fields = parse(productUpdateFieldsSchema, form.fields);
    const ifMatch = ifMatchOf(request);
    // Ownership and version before the image is processed or stored.
    await products.current(store.storeId, id, ifMatch);
    const image = form.file ? await processImage(form.file.bytes, form.file.fileName) : null;
    const { product, version } = await products.update(store, id, fields, image, ifMatch);
    return setEtag(reply, version).send(product);
  });

  app.delete('/:id', { preHandler: requireStore(access, 'catalogue:delete') }, async (request) => {
    const id = productId(request);
    await products.remove(storeOf(request).storeId, id, ifMatchOf(request));
    return { message: MESSAGES.productDeleted };
  });
}
