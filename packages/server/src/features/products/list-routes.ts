import { type Page, type Product, productListQuerySchema, productSeenBy } from '@inventory/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ProductsTable } from '../../db/types';
import { parse } from '../../http/errors';
import { queryPage } from '../../list-query';
import type { PublicUrls } from '../../public-urls';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { toProduct } from './mapping';
import { catalogueSummary, categoryCounts } from './summary';

/** One page of the active store's products: `GET /api/products?limit=…`. */
export async function sendProductPage(request: FastifyRequest, reply: FastifyReply, db: Db, urls: PublicUrls) {
  const query = parse(productListQuerySchema, request.query);
  const { storeId, role } = storeOf(request);
  const { rows, ...page } = await queryPage<Selectable<ProductsTable>>(db, 'products', storeId, query);
  const answer: Page<Product> = { ...page, items: rows.map((row) => productSeenBy(role, toProduct(row, urls))) };
  return reply.header('cache-control', 'private, no-store').send(answer);
}

export interface ProductListRoutesOptions {
  access: StoreAccessDeps;
  db: Db;
}

/** /api/products/summary and /api/products/categories: the dashboard's figures and the category filter's choices. */
export async function productListRoutes(app: FastifyInstance, { access, db }: ProductListRoutesOptions) {
  const read = requireStore(access, 'catalogue:read');
  app.get('/summary', { preHandler: read }, async (request) => catalogueSummary(db, storeOf(request).storeId));
  app.get('/categories', { preHandler: read }, async (request) => categoryCounts(db, storeOf(request).storeId));
}
