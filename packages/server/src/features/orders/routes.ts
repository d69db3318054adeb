import { isLinesBody, MESSAGES, orderSchema, orderUpdateSchema, salesOrderSchema, salesOrderUpdateSchema } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { etagOf, ifMatchOf, setEtag } from '../../http/etag';
import { parse } from '../../http/errors';
import { type ListCache, sendList } from '../../list-cache';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { toOrder } from './mapping';
import { asksForPage } from '../../list-query';
import { sendOrderPage } from './list-routes';
import type { OrderService } from './service';
import { type Idempotency, sendAnswer } from '../../idempotency';
import { pathId } from '../../http/path-id';

export interface OrderRoutesOptions {
  orders: OrderService;
  access: StoreAccessDeps;
  db: Db;
  listCache: ListCache;
  idempotency: Idempotency;
}

function orderId(request: FastifyRequest): string {
  return pathId(request, MESSAGES.orderNotFound);
}

/** /api/orders: JSON bodies; single-item answers carry an ETag, PATCH/DELETE honour If-Match. */
export async function orderRoutes(app: FastifyInstance, { orders, access, db, listCache, idempotency }: OrderRoutesOptions) {
  app.post('/', { preHandler: requireStore(access, 'catalogue:create') }, async (request, reply) => {
    // With `lines`: an order of several lines (0041); without, the SPEC.md fields as before.
    const lines = isLinesBody(request.body) ? parse(salesOrderSchema, request.body) : null;
    const body = lines ?? parse(orderSchema, request.body);
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, body);
    const answer = await idempotency.run(key, async () => {
      const toAnswer = ({ order, version }: { order: unknown; version: number }) => ({ status: 201, body: order, etag: etagOf(version) });
      const remember = key ? (trx: Parameters<typeof idempotency.remember>[0], made: { order: unknown; version: number }) => idempotency.remember(trx, key, toAnswer(made)) : undefined;
      const created = lines ? await orders.createWithLines(store, lines, remember) : await orders.create(store, body as ReturnType<typeof orderSchema.parse>, remember);
      return toAnswer(created);
    });
    return sendAnswer(reply, answer);
  });

  // The whole list: cached per store and checked against the database's version on every request, or streamed
  // from the database when it is too large to keep (list-cache.ts).
  app.get('/', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    if (asksForPage(request)) return sendOrderPage(request, reply, db);
    const { storeId } = storeOf(request);
    return sendList(request, reply, { db, cache: listCache, kind: 'orders', storeId, map: toOrder });
  });

  app.get('/:id', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = orderId(request);
    const { order, version } = await orders.get(storeOf(request).storeId, id);
    return setEtag(reply, version).send(order);
  });

  app.patch('/:id', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = orderId(request);
    const { order, version } = isLinesBody(request.body)
      ? await orders.updateLines(storeOf(request), id, parse(salesOrderUpdateSchema, request.body), ifMatchOf(request))
      : await orders.update(storeOf(request), id, parse(orderUpdateSchema, request.body), ifMatchOf(request));
    return setEtag(reply, version).send(order);
  });

  app.delete('/:id', { preHandler: requireStore(access, 'catalogue:delete') }, async (request) => {
    const id = orderId(request);
    await orders.remove(storeOf(request), id, ifMatchOf(request));
    return { message: MESSAGES.orderDeleted };
  });
}
