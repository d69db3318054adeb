import { customerListQuerySchema, customerSchema, customerUpdateSchema, MESSAGES, type CustomerRemoved } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, ifMatchOf, setEtag } from '../../http/etag';
import { parse } from '../../http/errors';
import { type Idempotency, sendAnswer } from '../../idempotency';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { CustomerService } from './service';
import { pathId } from '../../http/path-id';

export interface CustomerRoutesOptions {
  customers: CustomerService;
  access: StoreAccessDeps;
  idempotency: Idempotency;
}

function customerId(request: FastifyRequest): string {
  return pathId(request, MESSAGES.customerNotFound);
}

/**
 * /api/customers (docs/decisions/0035-customers.md): JSON; pages of the list; single-item answers carry an ETag, and
 * PATCH, DELETE and restore honour If-Match. DELETE archives a customer orders name (the contract's customerRemoval).
 */
export async function customerRoutes(app: FastifyInstance, { customers, access, idempotency }: CustomerRoutesOptions) {
  app.get('/', { preHandler: requireStore(access, 'customers:read') }, async (request, reply) => {
    const query = parse(customerListQuerySchema, request.query);
    const page = await customers.page(storeOf(request).storeId, query);
    return reply.header('cache-control', 'private, no-store').send(page);
  });

  app.post('/', { preHandler: requireStore(access, 'customers:create') }, async (request, reply) => {
    const body = parse(customerSchema, request.body);
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, body);
    const answer = await idempotency.run(key, async () => {
      const toAnswer = ({ customer, version }: { customer: unknown; version: number }) => ({ status: 201, body: customer, etag: etagOf(version) });
      const created = await customers.create(store, body, key ? (trx, made) => idempotency.remember(trx, key, toAnswer(made)) : undefined);
      return toAnswer(created);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/:id', { preHandler: requireStore(access, 'customers:read') }, async (request, reply) => {
    const { customer, version } = await customers.get(storeOf(request).storeId, customerId(request));
    return setEtag(reply, version).send(customer);
  });

  app.patch('/:id', { preHandler: requireStore(access, 'customers:update') }, async (request, reply) => {
    const id = customerId(request);
    const body = parse(customerUpdateSchema, request.body);
    const { customer, version } = await customers.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(customer);
  });

  app.delete('/:id', { preHandler: requireStore(access, 'customers:delete') }, async (request): Promise<CustomerRemoved> => {
    const outcome = await customers.remove(storeOf(request), customerId(request), ifMatchOf(request));
    return outcome === 'delete'
      ? { message: MESSAGES.customerDeleted, outcome: 'deleted' }
      : { message: MESSAGES.customerArchived, outcome: 'archived' };
  });

  app.post('/:id/restore', { preHandler: requireStore(access, 'customers:delete') }, async (request, reply) => {
    const { customer, version } = await customers.restore(storeOf(request), customerId(request), ifMatchOf(request));
    return setEtag(reply, version).send(customer);
  });
}
