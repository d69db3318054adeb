import { categoryListQuerySchema, categoryMergeSchema, categoryRenameSchema, idParamsSchema, MESSAGES, type CategoryMerged } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { CategoryService } from './service';

export interface CategoryRoutesOptions {
  categories: CategoryService;
  access: StoreAccessDeps;
}

function categoryId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.categoryNotFound);
  return result.data.id;
}

/** /api/categories (docs/decisions/0032-categories.md): the list with counts, rename, merge. */
export async function categoryRoutes(app: FastifyInstance, { categories, access }: CategoryRoutesOptions) {
  app.get('/', { preHandler: requireStore(access, 'categories:read') }, async (request, reply) => {
    const query = parse(categoryListQuerySchema, request.query);
    const answer = await categories.list(storeOf(request).storeId, query);
    return reply.header('cache-control', 'private, no-store').send(answer);
  });

  app.patch('/:id', { preHandler: requireStore(access, 'categories:update') }, async (request) => {
    const id = categoryId(request);
    const body = parse(categoryRenameSchema, request.body);
    return categories.rename(storeOf(request), id, body.name);
  });

  app.post('/:id/merge', { preHandler: requireStore(access, 'categories:merge') }, async (request): Promise<CategoryMerged> => {
    const id = categoryId(request);
    const body = parse(categoryMergeSchema, request.body);
    const { moved, into } = await categories.merge(storeOf(request), id, body.into);
    return { message: MESSAGES.categoryMerged(moved, into.name), moved, into };
  });
}
