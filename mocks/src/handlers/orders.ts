import {
  MESSAGES,
  firstIssueMessage,
  idParamsSchema,
  makeSku,
  orderSchema,
  orderUpdateSchema,
  stockChangeOutOfRange,
  type MovementReason,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  newUuid,
  notifyMockDbChange,
  ordersOf,
  toOrderAnswer,
  toPublicOrder,
  type StoredActor,
  type StoredOrder,
  type StoredProduct,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { orderPageOf } from '../list-query';
import { requireStore } from '../store-auth';
import { moveMockStock } from './stock';

/** The order `:id` names in this store, or undefined (unknown, another store's, or not a UUID: all 404). */
function ownOrder(id: string | undefined, storeId: string): StoredOrder | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.orders.find((o) => o._id === id && o.storeId === storeId);
}

const notFound = () => errorResponse(404, MESSAGES.orderNotFound);

function storeProduct(id: string | null | undefined, storeId: string): StoredProduct | undefined {
  return id ? mockDb.products.find((p) => p._id === id && p.storeId === storeId) : undefined;
}

type Holding = Pick<StoredOrder, 'status' | 'productId' | 'quantity'>;

/** How much stock an order holds: its quantity while open or fulfilled with a product; nothing once cancelled. */
const held = (order: Holding): number => (order.productId != null && order.status !== 'cancelled' ? order.quantity : 0);

/**
 * Moves the stock an edit implies (the server's followStock): a new quantity moves the difference, cancelling gives
 * the stock back, reopening takes it again, another product gives back to the old one and takes from the new. Checked
 * before anything moves; answers the refusal (400 unknown product, 409 too little stock), or null when done.
 */
function followStock(before: StoredOrder, after: Holding, storeId: string, actor: StoredActor): Response | null {
  const reason: MovementReason =
    after.status === 'cancelled' && before.status !== 'cancelled'
      ? 'order_cancelled'
      : before.status === 'cancelled' && after.status !== 'cancelled'
        ? 'order_reopened'
        : 'order_changed';
  const moves: { product: StoredProduct; change: number }[] = [];
  const newProduct = storeProduct(after.productId, storeId);
  if (after.productId != null && after.productId !== (before.productId ?? null) && !newProduct) {
    return errorResponse(400, MESSAGES.orderProductGone);
  }
  if ((before.productId ?? null) === (after.productId ?? null)) {
    const change = held(before) - held(after);
    if (change !== 0 && newProduct) moves.push({ product: newProduct, change });
  } else {
    const oldProduct = storeProduct(before.productId, storeId);
    if (oldProduct && held(before) > 0) moves.push({ product: oldProduct, change: held(before) });
    if (newProduct && held(after) > 0) moves.push({ product: newProduct, change: -held(after) });
  }
  for (const { product, change } of moves) {
    const outOfRange = stockChangeOutOfRange(product.quantity, change);
    if (outOfRange === 'above') return errorResponse(409, MESSAGES.stockAboveLimit(product.quantity));
    if (outOfRange === 'below') return errorResponse(409, MESSAGES.insufficientStock(product.quantity));
  }
  for (const { product, change } of moves) moveMockStock(product, change, reason, actor, before._id);
  return null;
}

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
      status: 'open',
      sku: makeSku(parsed.data.category),
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    // The stock first, as the server: an unknown product is 400, too little stock 409, and nothing changes.
    if (order.productId) {
      const product = storeProduct(order.productId, auth.store._id);
      if (!product) return errorResponse(400, MESSAGES.orderProductGone);
      const moved = moveMockStock(product, -order.quantity, 'order_placed', auth.actor, order._id);
      if (!moved.ok) return errorResponse(409, moved.aboveLimit ? MESSAGES.stockAboveLimit(moved.available) : MESSAGES.insufficientStock(moved.available));
    }
    mockDb.orders.push(order);
    notifyMockDbChange();
    return orderResponse(order, 201);
  }),

  http.get(api('/orders'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const orders = ordersOf(auth.store._id).map(toPublicOrder);
    const paged = orderPageOf(request, orders);
    if (paged && !paged.ok) return paged.response;
    return HttpResponse.json(paged ? paged.page : orders);
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
    if (order.status === 'fulfilled') return errorResponse(409, MESSAGES.orderFulfilledLocked);
    const { status, productId, ...fields } = parsed.data;
    const after = {
      status: status ?? order.status ?? 'open',
      productId: productId === undefined ? (order.productId ?? null) : productId,
      quantity: fields.quantity,
    };
    const stock = followStock(order, after, auth.store._id, auth.actor);
    if (stock) return stock;
    // The SKU stays the one made at creation.
    Object.assign(order, fields, { status: after.status, productId: after.productId });
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
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    mockDb.orders = mockDb.orders.filter((o) => o !== order);
    // An open order gives its stock back (a fulfilled one's goods have left, a cancelled one's came back).
    const product = storeProduct(order.productId, auth.store._id);
    if (product && (order.status ?? 'open') === 'open') moveMockStock(product, order.quantity, 'order_deleted', auth.actor, null);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.orderDeleted });
  }),
];
