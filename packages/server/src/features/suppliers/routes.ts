import {
  idParamsSchema,
  MESSAGES,
  productSupplierCreateSchema,
  productSupplierParamsSchema,
  productSupplierPutSchema,
  supplierListQuerySchema,
  supplierProductsQuerySchema,
  type SupplierRemoved,
  supplierSchema,
  supplierUpdateSchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { etagOf, ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { type Idempotency, sendAnswer } from '../../idempotency';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { ProductLinkService } from './product-links';
import type { SupplierService } from './service';

export interface SupplierRoutesOptions {
  suppliers: SupplierService;
  links: ProductLinkService;
  access: StoreAccessDeps;
  idempotency: Idempotency;
}

/** The `:id` of a path, or 404 with `message` (not a UUID: nothing of the store has it). */
function pathId(request: FastifyRequest, message: string): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, message);
  return result.data.id;
}

/** `:id` and `:supplierId` of a link's path, or 404. */
function linkPath(request: FastifyRequest): { id: string; supplierId: string } {
  const result = productSupplierParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, result.error.issues[0]?.message ?? MESSAGES.notFound);
  return result.data;
}

/**
 * /api/suppliers and /api/products/{id}/suppliers (docs/decisions/0037-suppliers.md): JSON; pages of the list;
 * single-item answers carry an ETag, and PATCH, DELETE and restore honour If-Match. DELETE archives a supplier that
 * products name (the contract's supplierRemoval).
 */
export async function supplierRoutes(app: FastifyInstance, { suppliers, links, access, idempotency }: SupplierRoutesOptions) {
  const supplierId = (request: FastifyRequest) => pathId(request, MESSAGES.supplierNotFound);

  app.get('/api/suppliers', { preHandler: requireStore(access, 'suppliers:read') }, async (request, reply) => {
    const query = parse(supplierListQuerySchema, request.query);
    const page = await suppliers.page(storeOf(request).storeId, query);
    return reply.header('cache-control', 'private, no-store').send(page);
  });

  app.post('/api/suppliers', { preHandler: requireStore(access, 'suppliers:create') }, async (request, reply) => {
    const body = parse(supplierSchema, request.body);
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, body);
    const answer = await idempotency.run(key, async () => {
      const toAnswer = ({ supplier, version }: { supplier: unknown; version: number }) => ({ status: 201, body: supplier, etag: etagOf(version) });
      const created = await suppliers.create(store, body, key ? (trx, made) => idempotency.remember(trx, key, toAnswer(made)) : undefined);
      return toAnswer(created);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/api/suppliers/:id', { preHandler: requireStore(access, 'suppliers:read') }, async (request, reply) => {
    const { supplier, version } = await suppliers.get(storeOf(request).storeId, supplierId(request));
    return setEtag(reply, version).send(supplier);
  });

  app.patch('/api/suppliers/:id', { preHandler: requireStore(access, 'suppliers:update') }, async (request, reply) => {
    const id = supplierId(request);
    const body = parse(supplierUpdateSchema, request.body);
    const { supplier, version } = await suppliers.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(supplier);
  });

  app.delete('/api/suppliers/:id', { preHandler: requireStore(access, 'suppliers:delete') }, async (request): Promise<SupplierRemoved> => {
    const outcome = await suppliers.remove(storeOf(request), supplierId(request), ifMatchOf(request));
    return outcome === 'delete'
      ? { message: MESSAGES.supplierDeleted, outcome: 'deleted' }
      : { message: MESSAGES.supplierArchived, outcome: 'archived' };
  });

  app.post('/api/suppliers/:id/restore', { preHandler: requireStore(access, 'suppliers:delete') }, async (request, reply) => {
    const { supplier, version } = await suppliers.restore(storeOf(request), supplierId(request), ifMatchOf(request));
    return setEtag(reply, version).send(supplier);
  });

  app.get('/api/suppliers/:id/products', { preHandler: requireStore(access, 'suppliers:read') }, async (request, reply) => {
    const id = supplierId(request);
    const query = parse(supplierProductsQuerySchema, request.query);
    const page = await suppliers.products(storeOf(request).storeId, id, query);
    return reply.header('cache-control', 'private, no-store').send(page);
  });

  const productId = (request: FastifyRequest) => pathId(request, MESSAGES.productNotFound);

  app.get('/api/products/:id/suppliers', { preHandler: requireStore(access, 'suppliers:read') }, async (request, reply) => {
    const list = await links.list(storeOf(request).storeId, productId(request));
    return reply.header('cache-control', 'private, no-store').send(list);
  });

  app.post('/api/products/:id/suppliers', { preHandler: requireStore(access, 'suppliers:update') }, async (request, reply) => {
    const id = productId(request);
    const body = parse(productSupplierCreateSchema, request.body);
    return reply.status(201).send(await links.create(storeOf(request), id, body));
  });

  app.put('/api/products/:id/suppliers/:supplierId', { preHandler: requireStore(access, 'suppliers:update') }, async (request) => {
    const { id, supplierId: supplier } = linkPath(request);
    const body = parse(productSupplierPutSchema, request.body);
    return links.put(storeOf(request), id, supplier, body);
  });

  app.delete('/api/products/:id/suppliers/:supplierId', { preHandler: requireStore(access, 'suppliers:update') }, async (request) => {
    const { id, supplierId: supplier } = linkPath(request);
    await links.remove(storeOf(request), id, supplier);
    return { message: MESSAGES.productSupplierRemoved };
  });
}
