import { idParamsSchema, MESSAGES, orderSchema, orderUpdateSchema } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { type ListCache, sendList } from '../../list-cache';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { OrderService } from './service';

export interface OrderRoutesOptions {
  orders: OrderService;
  access: StoreAccessDeps;
  db: Db;
  listCache: ListCache;
}

function orderId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.orderNotFound);
  return result.data.id;
}

/** /api/orders: JSON bodies; single-item answers carry an ETag, PATCH/DELETE honour If-Match. */
export async function orderRoutes(app: FastifyInstance, { orders, access, db, listCache }: OrderRoutesOptions) {
  app.post('/', { preHandler: requireStore(access, 'catalogue:create') }, async (request, reply) => {
    const body = parse(orderSchema, request.body);
    const { order, version } = await orders.create(storeOf(request), body);
    return setEtag(reply.status(201), version).send(order);
  });

  // The serialised list, cached per store and checked against the database's version on every request.
  app.get('/', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const { storeId } = storeOf(request);
    return sendList(request, reply, { db, cache: listCache, kind: 'orders', storeId, build: () => orders.list(storeId) });
  });

  app.get('/:id', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = orderId(request);
    const { order, version } = await orders.get(storeOf(request).storeId, id);
    return setEtag(reply, version).send(order);
  });

  app.patch('/:id', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = orderId(request);
    const body = parse(orderUpdateSchema, request.body);
    const { order, version } = await orders.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(order);
  });

  app.delete('/:id', { preHandler: requireStore(access, 'catalogue:delete') }, async (request) => {
    const id = orderId(request);
    await orders.remove(storeOf(request).storeId, id, ifMatchOf(request));
    return { message: MESSAGES.orderDeleted };
  });
}
