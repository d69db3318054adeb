import { idParamsSchema, MESSAGES, orderSchema, orderUpdateSchema } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { type ListCache, sendList } from '../../list-cache';
import { type AuthDeps, authOf, requireAuth } from '../../session';
import type { OrderService } from './service';

export interface OrderRoutesOptions {
  orders: OrderService;
  authDeps: AuthDeps;
  db: Db;
  listCache: ListCache;
}

function orderId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.orderNotFound);
  return result.data.id;
}

/** /api/orders: JSON bodies; single-item answers carry an ETag, PATCH/DELETE honour If-Match. */
export async function orderRoutes(app: FastifyInstance, { orders, authDeps, db, listCache }: OrderRoutesOptions) {
  app.addHook('preHandler', requireAuth(authDeps));

  app.post('/', async (request, reply) => {
    const body = parse(orderSchema, request.body);
    const { order, version } = await orders.create(authOf(request).user._id, body);
    return setEtag(reply.status(201), version).send(order);
  });

  // The serialised list, cached per user and checked against the database's version on every request.
  app.get('/', async (request, reply) => {
    const userId = authOf(request).user._id;
    return sendList(request, reply, { db, cache: listCache, kind: 'orders', userId, build: () => orders.list(userId) });
  });

  app.get('/:id', async (request, reply) => {
    const id = orderId(request);
    const { order, version } = await orders.get(authOf(request).user._id, id);
    return setEtag(reply, version).send(order);
  });

  app.patch('/:id', async (request, reply) => {
    const id = orderId(request);
    const body = parse(orderUpdateSchema, request.body);
    const { order, version } = await orders.update(authOf(request).user._id, id, body, ifMatchOf(request));
    return setEtag(reply, version).send(order);
  });

  app.delete('/:id', async (request) => {
    const id = orderId(request);
    await orders.remove(authOf(request).user._id, id, ifMatchOf(request));
    return { message: MESSAGES.orderDeleted };
  });
}
