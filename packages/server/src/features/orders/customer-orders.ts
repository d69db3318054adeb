import { customerOrdersQuerySchema, MESSAGES, type Order, type Page } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable } from '../../db/types';
import { HttpError, parse } from '../../http/errors';
import { type ListSource, pageOfSource } from '../../list-query';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { toOrder } from './mapping';
import { withListedSalesStatus } from './listed-status';
import { pathId } from '../../http/path-id';

export interface CustomerOrderRoutesOptions {
  access: StoreAccessDeps;
  db: Db;
}

function customerId(request: FastifyRequest): string {
  return pathId(request, MESSAGES.customerNotFound);
}

/**
 * A customer's orders newest first, as a keyset source (list-query.ts): one range of `orders_customer_idx`
 * (`customer_id, created_at, id`, migration 0022) at any depth; the total is that range counted (a customer's orders,
 * not the store's).
 */
function customerOrdersSource(db: Db, storeId: string, id: string): ListSource {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const where = sql`customer_id = ${id} and store_id = ${storeId}`;
  return {
    table: 'orders',
    key: sql`created_at`,
    numeric: false,
    parts: () => [{ hint: postgres ? sql`` : sql` indexed by orders_customer_idx`, where }],
    where: () => where,
    async exactTotal() {
      const counted = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('customer_id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      return Number(counted?.n ?? 0);
    },
    countUpToCap: () => Promise.reject(new Error('a customer’s orders are counted exactly')),
  };
}

/**
 * GET /api/customers/{id}/orders: the orders naming one of the store's customers (archived ones too), a page at a time;
 * an order of lines with its `salesStatus`, as on the orders list's pages.
 */
export async function customerOrderRoutes(app: FastifyInstance, { access, db }: CustomerOrderRoutesOptions) {
  app.get('/api/customers/:id/orders', { preHandler: requireStore(access, 'customers:read') }, async (request, reply) => {
    const id = customerId(request);
    const query = parse(customerOrdersQuerySchema, request.query);
    const { storeId } = storeOf(request);
    const customer = await db.selectFrom('customers').select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    if (!customer) throw new HttpError(404, MESSAGES.customerNotFound);
    const { rows, ...page } = await pageOfSource<Selectable<OrdersTable>>(db, customerOrdersSource(db, storeId, id), { ...query, sort: 'createdAt', dir: 'desc' });
    // Each order of lines with its sales status, as the orders list answers it (0046).
    const answer: Page<Order> = { ...page, items: await withListedSalesStatus(db, storeId, rows, rows.map(toOrder)) };
    return reply.header('cache-control', 'private, no-store').send(answer);
  });
}
