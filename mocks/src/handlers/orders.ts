import { MESSAGES, firstIssueMessage, idParamsSchema, makeSku, orderSchema, orderUpdateSchema } from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, newUuid, notifyMockDbChange, ordersOf, toOrderAnswer, toPublicOrder, type StoredOrder } from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';

/** The order `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
function ownOrder(id: string | undefined, storeId: string): StoredOrder | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.orders.find((o) => o._id === id && o.storeId === storeId);
}

const notFound = () => errorResponse(404, MESSAGES.orderNotFound);

function orderResponse(order: StoredOrder, status = 200): Response {
  return HttpResponse.json(toOrderAnswer(order), { status, headers: { ETag: etag(order.version) } });
}

/** The order routes of the API, with the server's behaviour: JSON, the server makes the SKU; the active store's, as the role allows. */
export const orderHandlers = [
  http.post(api('/orders'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:create');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = orderSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const now = new Date().toISOString();
    const order: StoredOrder = {
      _id: newUuid(),
      ...parsed.data,
      sku: makeSku(parsed.data.category),
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    mockDb.orders.push(order);
    notifyMockDbChange();
    return orderResponse(order, 201);
  }),

  http.get(api('/orders'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    return HttpResponse.json(ordersOf(auth.store._id).map(toPublicOrder));
  }),

  http.get<{ id: string }>(api('/orders/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    return order ? orderResponse(order) : notFound();
  }),

  http.patch<{ id: string }>(api('/orders/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = orderUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    // The SKU stays the one made at creation.
    Object.assign(order, parsed.data);
    order.updatedAt = new Date().toISOString();
    order.changer = auth.actor;
    order.version += 1;
    notifyMockDbChange();
    return orderResponse(order);
  }),

  http.delete<{ id: string }>(api('/orders/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:delete');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    mockDb.orders = mockDb.orders.filter((o) => o !== order);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.orderDeleted });
  }),
];
