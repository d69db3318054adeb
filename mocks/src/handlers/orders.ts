import { MESSAGES, firstIssueMessage, idParamsSchema, makeSku, orderSchema, orderUpdateSchema } from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, newUuid, notifyMockDbChange, ordersOf, toPublicOrder, type StoredOrder } from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody, requireUser } from '../http';

/** The order `:id` names for this user, or undefined (unknown, another user's, or not a UUID: all 404). */
function ownOrder(id: string | undefined, userId: string): StoredOrder | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.orders.find((o) => o._id === id && o.ownerId === userId);
}

const notFound = () => errorResponse(404, MESSAGES.orderNotFound);

function orderResponse(order: StoredOrder, status = 200): Response {
  return HttpResponse.json(toPublicOrder(order), { status, headers: { ETag: etag(order.version) } });
}

/** The order routes of the API, with the server's behaviour: JSON, the server makes the SKU. */
export const orderHandlers = [
  http.post(api('/orders'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
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
      ownerId: auth.user._id,
      version: 1,
    };
    mockDb.orders.push(order);
    notifyMockDbChange();
    return orderResponse(order, 201);
  }),

  http.get(api('/orders'), ({ cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    return HttpResponse.json(ordersOf(auth.user._id).map(toPublicOrder));
  }),

  http.get<{ id: string }>(api('/orders/:id'), ({ params, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.user._id);
    return order ? orderResponse(order) : notFound();
  }),

  http.patch<{ id: string }>(api('/orders/:id'), async ({ request, params, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.user._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = orderUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    // The SKU stays the one made at creation.
    Object.assign(order, parsed.data);
    order.updatedAt = new Date().toISOString();
    order.version += 1;
    notifyMockDbChange();
    return orderResponse(order);
  }),

  http.delete<{ id: string }>(api('/orders/:id'), ({ params, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.user._id);
    if (!order) return notFound();
    mockDb.orders = mockDb.orders.filter((o) => o !== order);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.orderDeleted });
  }),
];
