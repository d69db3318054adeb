import { type Order, orderListQuerySchema, type Page } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable } from '../../db/types';
import { parse } from '../../http/errors';
import { queryPage } from '../../list-query';
import { storeOf } from '../../stores/access';
import { toOrder } from './mapping';

/** One page of the active store's orders: `GET /api/orders?limit=…`. */
export async function sendOrderPage(request: FastifyRequest, reply: FastifyReply, db: Db) {
  const query = parse(orderListQuerySchema, request.query);
  const { rows, ...page } = await queryPage<Selectable<OrdersTable>>(db, 'orders', storeOf(request).storeId, query);
  const answer: Page<Order> = { ...page, items: rows.map(toOrder) };
  return reply.header('cache-control', 'private, no-store').send(answer);
}
