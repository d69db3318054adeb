import { type Order, orderListQuerySchema, orderNumberPage, orderNumberSearch, type Page } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable } from '../../db/types';
import { parse } from '../../http/errors';
import { queryPage } from '../../list-query';
import { storeOf } from '../../stores/access';
import { withListedSalesStatus } from './listed-status';
import { toOrder } from './mapping';

/** One page of the active store's orders: `GET /api/orders?limit=…`; an order of lines with its sales status. */
export async function sendOrderPage(request: FastifyRequest, reply: FastifyReply, db: Db) {
  const query = parse(orderListQuerySchema, request.query);
  const { storeId } = storeOf(request);
  const number = orderNumberSearch(query);
  let answer: Page<Order>;
  if (number !== null) {
    // "SO-00042": the order of that number, by the store's unique index of numbers.
    const rows = await db.selectFrom('orders').selectAll().where('store_id', '=', storeId).where('number', '=', number).execute();
    answer = orderNumberPage(await withListedSalesStatus(db, storeId, rows, rows.map(toOrder)), number, query);
  } else {
    const { rows, ...page } = await queryPage<Selectable<OrdersTable>>(db, 'orders', storeId, query);
    answer = { ...page, items: await withListedSalesStatus(db, storeId, rows, rows.map(toOrder)) };
  }
  return reply.header('cache-control', 'private, no-store').send(answer);
}
