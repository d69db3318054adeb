import { can, fieldsWriteRefusal, MESSAGES, productFieldsSchema, productSeenBy, productUpdateFieldsSchema, unseenFields } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../../crypto';
import type { Db } from '../../db';
import { etagOf, ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { type Idempotency, sendAnswer } from '../../idempotency';
import { type ListCache, sendList } from '../../list-cache';
import { asksForPage } from '../../list-query';
import type { PublicUrls } from '../../public-urls';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { processImage } from '../../uploads/images';
import { productListRoutes, sendProductPage } from './list-routes';
import { toProduct } from './mapping';
import { productId } from './product-id';
import type { ProductService } from './service';
import { productArchiveRoutes } from './archive-routes';
import { productStockRoutes } from './stock-routes';
import { onOrderOf } from '../../purchasing/on-order';

export interface ProductRoutesOptions {
  products: ProductService;
  access: StoreAccessDeps;
  db: Db;
  listCache: ListCache;
  urls: PublicUrls;
  idempotency: Idempotency;
  now: () => Date;
}

/**
 * A request's fields its role may not set (the cost for staff and viewers, docs/decisions/0031-product-cost.md): 403
 * before the fields are checked or anything is stored.
 */
function refuseFieldsOfOthers(role: Parameters<typeof fieldsWriteRefusal>[0], fields: Record<string, string>) {
  const refusal = fieldsWriteRefusal(role, Object.keys(fields));
  if (refusal) throw new HttpError(403, refusal);
}

/**
 * /api/products: multipart create and update with an optional `image` part; the text fields are checked before
 * anything is stored; single-item answers carry `ETag: "<version>"`, and PATCH/DELETE honour If-Match (409 when stale).
 * Every answer is the product as the caller's role may see it (`productSeenBy`: no cost for staff and viewers).
 */
export async function productRoutes(
  app: FastifyInstance,
  { products, access, db, listCache, urls, idempotency, now }: ProductRoutesOptions,
) {
  await app.register(productListRoutes, { access, db });
  await app.register(productStockRoutes, { access, db, now });
  await app.register(productArchiveRoutes, { products, access });

  app.post('/', { preHandler: requireStore(access, 'catalogue:create') }, async (request, reply) => {
    const form = await readMultipart(request, 'image');
    const store = storeOf(request);
    refuseFieldsOfOthers(store.role, form.fields);
    const fields = parse(productFieldsSchema, form.fields);
    // The request is its fields and its image's bytes: a retry with the same key and the same upload is the same request.
    const key = idempotency.of(request, store.storeId, [form.fields, form.file ? sha256Hex(form.file.bytes) : null]);
    const answer = await idempotency.run(key, async () => {
      const image = form.file ? await processImage(form.file.bytes, form.file.fileName) : null;
      const toAnswer = ({ product, version }: { product: unknown; version: number }) => ({
        status: 201,
        body: product,
        etag: etagOf(version),
      });
      const created = await products.create(
        store,
        fields,
        image,
        key ? (trx, made) => idempotency.remember(trx, key, toAnswer(made)) : undefined,
      );
      return toAnswer(created);
    });
    // The answer is remembered whole (a retry may come from another member): shaped for this caller when sent.
    return sendAnswer(reply, { ...answer, body: productSeenBy(store.role, answer.body as object) });
  });

  // The whole list: cached per store and checked against the database's version on every request, or streamed
  // from the database when it is too large to keep (list-cache.ts).
  app.get('/', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    if (asksForPage(request)) return sendProductPage(request, reply, db, urls);
    const { storeId, role } = storeOf(request);
    return sendList(request, reply, {
      db,
      cache: listCache,
      kind: 'products',
      storeId,
      // Roles that see different fields get different bytes: each view is cached and tagged apart.
      view: unseenFields(role).join('+'),
      map: (row) => productSeenBy(role, toProduct(row, urls)),
    });
  });

  app.get('/:id', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = productId(request);
    const { storeId, role } = storeOf(request);
    const { product, version } = await products.get(storeId, id);
    // What is on order, for the roles that see purchase orders, and only while something is (0042): every other
    // answer stays as it was, as archivedAt does (0033).
    const onOrder = can(role, 'purchasing:read') ? (await onOrderOf(db, storeId, [id])).get(id) : undefined;
    return setEtag(reply, version).send({ ...productSeenBy(role, product), ...(onOrder ? { onOrder } : {}) });
  });

  app.patch('/:id', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = productId(request);
    const store = storeOf(request);
    // A client sending back the product it fetched appends its image object as text: the schema ignores it.
    const form = await readMultipart(request, 'image', { keepTextInFileField: true });
    refuseFieldsOfOthers(store.role, form.fields);
    const fields = parse(productUpdateFieldsSchema, form.fields);
    const ifMatch = ifMatchOf(request);
    // Ownership and version before the image is processed or stored.
    await products.current(store.storeId, id, ifMatch);
    const image = form.file ? await processImage(form.file.bytes, form.file.fileName) : null;
    const { product, version } = await products.update(store, id, fields, image, ifMatch);
    return setEtag(reply, version).send(productSeenBy(store.role, product));
  });

  // SPEC.md's answer either way; the header says whether it was deleted or archived (0033).
  app.delete('/:id', { preHandler: requireStore(access, 'catalogue:delete') }, async (request, reply) => {
    const id = productId(request);
    const outcome = await products.remove(storeOf(request), id, ifMatchOf(request));
    return reply.header('product-removal', outcome).send({ message: MESSAGES.productDeleted });
  });
}
