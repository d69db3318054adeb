import {
  BULK_LIMIT,
  bulkSizeRefusal,
  can,
  firstIssueMessage,
  forbiddenMessage,
  idParamsSchema,
  MESSAGES,
  type ProductHistory,
  productBulkSchema,
  queryItems,
  removalOf,
  removalOutlook,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  deleteUpload,
  mockDb,
  notifyMockDbChange,
  productsOf,
  resolveMockCategory,
  stampChange,
  toProductAnswer,
  toPublicProduct,
  type StoredActor,
  type StoredProduct,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';

/**
 * Archived products and bulk actions, as the server (docs/decisions/0033-archived-products-and-bulk-actions.md): what
 * a delete does is the contract's removalOf of the product's history; the mocks keep the state.
 */

function storeProduct(id: string | undefined, storeId: string): StoredProduct | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.products.find((p) => p._id === id && p.storeId === storeId);
}

/** The orders naming a product and its ledger rows, the opening one included. */
function historyOf(product: StoredProduct): ProductHistory {
  return {
    orders:
      mockDb.orders.filter(
        (order) =>
          order.storeId === product.storeId &&
          // On its own row (as SPEC.md sends it) or on one of its lines (the server's 0041): each order once.
          (order.productId === product._id || (order.orderLines ?? []).some((line) => line.productId === product._id)),
      ).length +
      // A purchase order naming the product is an order of it too (the server's 0042).
      mockDb.purchaseOrders.filter((order) => order.lines.some((line) => line.productId === product._id)).length,
    movements: mockDb.movements.filter((movement) => movement.productId === product._id).length,
  };
}

/** Archive (a history) or delete (none) each product, as a single delete would; an archived one stays as it is. */
export function removeProducts(products: readonly StoredProduct[], actor: StoredActor): { archived: string[]; deleted: string[]; changed: number } {
  const result = { archived: [] as string[], deleted: [] as string[], changed: 0 };
  const at = new Date().toISOString();
  for (const product of products) {
    if (removalOf(historyOf(product)) === 'archive') {
      result.archived.push(product._id);
      if (product.archivedAt) continue;
      product.archivedAt = at;
      stampChange(product, actor, at);
    } else {
      result.deleted.push(product._id);
      mockDb.products = mockDb.products.filter((p) => p !== product);
      mockDb.movements = mockDb.movements.filter((movement) => movement.productId !== product._id);
      // Its supplier links go with it (the server's cascading foreign key).
      mockDb.productSuppliers = mockDb.productSuppliers.filter((link) => link.productId !== product._id);
      if ('filePath' in product.image) deleteUpload(product.image.filePath);
    }
    result.changed += 1;
  }
  return result;
}

export const productArchiveHandlers = [
  http.get<{ id: string }>(api('/products/:id/removal'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:delete');
    if (!auth.ok) return auth.response;
    const product = storeProduct(params.id, auth.store._id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    return HttpResponse.json(removalOutlook(historyOf(product)));
  }),

  http.post<{ id: string }>(api('/products/:id/restore'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:delete');
    if (!auth.ok) return auth.response;
    const product = storeProduct(params.id, auth.store._id);
    if (!product) return errorResponse(404, MESSAGES.productNotFound);
    if (isStaleEdit(request, product.version)) return errorResponse(409, MESSAGES.editConflict);
    if (product.archivedAt) {
      delete product.archivedAt;
      stampChange(product, auth.actor);
      notifyMockDbChange();
    }
    return HttpResponse.json(toProductAnswer(product), { headers: { ETag: etag(product.version) } });
  }),

  http.post(api('/products/bulk'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = productBulkSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const body = parsed.data;
    const permission = body.action === 'archive' ? 'catalogue:delete' : 'catalogue:update';
    if (!can(auth.role, permission)) return errorResponse(403, forbiddenMessage(auth.role, permission));
    const storeId = auth.store._id;
    // The products a list query names: the contract's rule of the list, every page at once.
    const ids = body.ids
      ? [...new Set(body.ids)]
      : queryItems(productsOf(storeId).map(toPublicProduct), { ...body.matching, sort: 'createdAt', limit: BULK_LIMIT + 1, skip: 0 }).items.map((p) => p._id);
    const refusal = bulkSizeRefusal(ids.length);
    if (refusal) return errorResponse(refusal.status, refusal.message);
    const products = ids.map((id) => storeProduct(id, storeId));
    // All or nothing: an id of no product of the store changes nothing.
    if (products.some((product) => product === undefined)) return errorResponse(404, MESSAGES.productNotFound);
    const found = products as StoredProduct[];
    if (body.action === 'archive') {
      const { archived, deleted, changed } = removeProducts(found, auth.actor);
      notifyMockDbChange();
      return HttpResponse.json({ message: MESSAGES.bulkArchived(archived.length, deleted.length), changed, archived, deleted });
    }
    const category = resolveMockCategory(storeId, body.category!);
    const changing = found.filter((product) => product.category !== category);
    for (const product of changing) {
      product.category = category;
      stampChange(product, auth.actor);
    }
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.bulkCategoryChanged(changing.length), changed: changing.length });
  }),
];
