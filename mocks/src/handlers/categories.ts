import {
  categoryKey,
  categoryListQuerySchema,
  categoryMergeRefusal,
  categoryMergeSchema,
  categoryName,
  categoryRenameRefusal,
  categoryRenameSchema,
  type Category,
  firstIssueMessage,
  idParamsSchema,
  MESSAGES,
  queryCategories,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { categoriesOf, mockDb, notifyMockDbChange, productsOf, stampChange, type StoredCategory } from '../db';
import { api, errorResponse, readJsonBody } from '../http';
import { type StoreAuth, requireStore } from '../store-auth';

/** The category `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
function ownCategory(id: string | undefined, storeId: string): StoredCategory | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return categoriesOf(storeId).find((category) => category._id === id);
}

/** A category as answered, its count from the store's active products (the server's store_categories). */
function toCategory(category: StoredCategory): Category {
  return {
    _id: category._id,
    name: category.name,
    products: productsOf(category.storeId).filter((product) => product.category === category.name && !product.archivedAt).length,
    createdAt: category.createdAt,
    updatedAt: category.updatedAt,
  };
}

/** Every product of `from` takes `to`, each stamped with who did it and given a new version, as on the server. */
function moveProducts(auth: StoreAuth, from: string, to: string, at: string): number {
  const moving = productsOf(auth.store._id).filter((product) => product.category === from);
  for (const product of moving) {
    product.category = to;
    stampChange(product, auth.actor, at);
  }
  return moving.length;
}

/** The category routes with the server's behaviour (features/categories): the rules are the contract's. */
export const categoryHandlers = [
  http.get(api('/categories'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'categories:read');
    if (!auth.ok) return auth.response;
    const query = categoryListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    return HttpResponse.json(queryCategories(categoriesOf(auth.store._id).map(toCategory), query.data), { headers: { 'cache-control': 'private, no-store' } });
  }),

  http.patch<{ id: string }>(api('/categories/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'categories:update');
    if (!auth.ok) return auth.response;
    if (!idParamsSchema.safeParse({ id: params.id }).success) return errorResponse(404, MESSAGES.categoryNotFound);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = categoryRenameSchema.safeParse(body.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const category = ownCategory(params.id, auth.store._id);
    const name = categoryName(parsed.data.name);
    const key = categoryKey(name);
    const holder = categoriesOf(auth.store._id).find((other) => other.key === key);
    const refusal = categoryRenameRefusal({ category, name, holder });
    if (refusal || !category) return errorResponse(refusal!.status, refusal!.message);
    if (category.name !== name) {
      const at = new Date().toISOString();
      moveProducts(auth, category.name, name, at);
      Object.assign(category, { name, key, updatedAt: at });
      notifyMockDbChange();
    }
    return HttpResponse.json(toCategory(category));
  }),

  http.post<{ id: string }>(api('/categories/:id/merge'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'categories:merge');
    if (!auth.ok) return auth.response;
    if (!idParamsSchema.safeParse({ id: params.id }).success) return errorResponse(404, MESSAGES.categoryNotFound);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = categoryMergeSchema.safeParse(body.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const source = ownCategory(params.id, auth.store._id);
    const target = ownCategory(parsed.data.into, auth.store._id);
    const refusal = categoryMergeRefusal({ source, target, into: parsed.data.into });
    if (refusal || !source) return errorResponse(refusal!.status, refusal!.message);
    const at = new Date().toISOString();
    const moved = moveProducts(auth, source.name, target!.name, at);
    mockDb.categories = mockDb.categories.filter((category) => category !== source);
    target!.updatedAt = at;
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.categoryMerged(moved, target!.name), moved, into: toCategory(target!) });
  }),
];
