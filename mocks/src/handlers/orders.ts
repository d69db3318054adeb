import {
  MESSAGES,
  firstIssueMessage,
  idParamsSchema,
  makeSku,
  orderCustomerRefusal,
  orderProductRefusal,
  orderSchema,
  orderUpdateSchema,
  orderDeletionMoves,
  orderEditMoves,
  orderPlacementMoves,
  stockChangeOutOfRange,
  type OrderHolding,
  type OrderStockMove,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  newUuid,
  nextDocumentNumber,
  stampChange,
  notifyMockDbChange,
  ordersOf,
  toListedOrder,
  toOrderAnswer,
  toPublicOrder,
  type StoredActor,
  type StoredOrder,
  type StoredProduct,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { orderPageOf } from '../list-query';
import { requireStore } from '../store-auth';
import { ownCustomer } from './customers';
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

/** What an order holds of a product, for the contract's stock rules. */
function holding(order: Pick<StoredOrder, 'status' | 'productId' | 'quantity'>): OrderHolding {
  return { status: order.status ?? 'open', productId: order.productId ?? null, quantity: order.quantity };
}

/**
 * Moves the stock of the contract's order moves, as the server's ledger does: each checked before anything moves.
 * Taking from a product that is not the store's is refused (400); giving back to one that is gone is skipped. Answers
 * the refusal (400, or 409 with what is available), or null when done.
 */
function applyOrderMoves(
  moves: readonly OrderStockMove[],
  storeId: string,
  actor: StoredActor,
  orderId: string | null,
  /** A check of what the server checks after the stock (the customer): its refusal stops the moves. */
  then: () => Response | null = () => null,
): Response | null {
  const found: { product: StoredProduct; move: OrderStockMove }[] = [];
  for (const move of moves) {
    const product = storeProduct(move.productId, storeId);
    if (!product) {
      if (move.returning) continue;
      return errorResponse(400, MESSAGES.orderProductGone);
    }
    const outOfRange = stockChangeOutOfRange(product.quantity, move.change);
    if (outOfRange === 'above') return errorResponse(409, MESSAGES.stockAboveLimit(product.quantity));
    if (outOfRange === 'below') return errorResponse(409, MESSAGES.insufficientStock(product.quantity));
    found.push({ product, move });
  }
  const refused = then();
  if (refused) return refused;
  for (const { product, move } of found) moveMockStock(product, move.change, move.reason, actor, orderId);
  return null;
}

/** Whether a new order (or an order moved to it) may take this product (the contract's orderProductRefusal). */
function productRefusal(product: StoredProduct | undefined): Response | null {
  const refusal = orderProductRefusal(product ? { name: product.name, archivedAt: product.archivedAt } : null);
  return refusal ? errorResponse(refusal.status, refusal.message) : null;
}

/** Whether an order may name this customer (the contract's orderCustomerRefusal): null when it may, else the refusal. */
function customerRefusal(customerId: string, storeId: string): Response | null {
  const customer = ownCustomer(customerId, storeId);
  const refusal = orderCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archivedAt } : null);
  return refusal ? errorResponse(refusal.status, refusal.message) : null;
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
    // An order of a catalogue product carries its SKU (as on the server); a free-text order gets one made.
    const product = storeProduct(parsed.data.productId, auth.store._id);
    const { customerId, ...fields } = parsed.data;
    const order: StoredOrder = {
      _id: newUuid(),
      ...fields,
      ...(customerId ? { customerId } : {}),
      status: 'open',
      sku: product ? product.sku : makeSku(parsed.data.category),
      createdAt: now,
      updatedAt: now,
      storeId: auth.store._id,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
    };
    // The product first, as the server: none is 400, an archived one 409 (the contract's orderProductRefusal).
    const refusedProduct = parsed.data.productId ? productRefusal(product) : null;
    if (refusedProduct) return refusedProduct;
    // The stock, then the customer, as the server checks them: too little stock is 409, and nothing changes.
    const stock = applyOrderMoves(orderPlacementMoves(holding(order)), auth.store._id, auth.actor, order._id, () =>
      customerId ? customerRefusal(customerId, auth.store._id) : null,
    );
    if (stock) return stock;
    order.number = nextDocumentNumber(auth.store._id, 'sales_order');
    mockDb.orders.push(order);
    notifyMockDbChange();
    return orderResponse(order, 201);
  }),

  http.get(api('/orders'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const stored = ordersOf(auth.store._id);
    const orders = stored.map(toPublicOrder);
    const paged = orderPageOf(request, orders);
    if (paged && !paged.ok) return paged.response;
    if (!paged) return HttpResponse.json(orders);
    // A page answers each order of lines with its sales status, from its row and its lines, as the server (0046).
    const byId = new Map(stored.map((order) => [order._id, order]));
    const items = paged.page.items.map((order) => toListedOrder(byId.get(order._id)!));
    return HttpResponse.json({ ...paged.page, items });
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
    const { status, productId, customerId, ...fields } = parsed.data;
    const after = {
      status: status ?? order.status ?? 'open',
      productId: productId === undefined ? (order.productId ?? null) : productId,
      quantity: fields.quantity,
    };
    // An order may only name another product of the store (400 before any stock moves), as on the server.
    // Nor an archived one (an order keeps its own product archived after it was placed).
    if (after.productId !== null && after.productId !== (order.productId ?? null)) {
      const refusedProduct = productRefusal(storeProduct(after.productId, auth.store._id));
      if (refusedProduct) return refusedProduct;
    }
    // Another customer: one of the store's who is not archived (the one it has may stay, whatever became of them);
    // checked before the stock moves, as on the server.
    const refused = customerId && customerId !== order.customerId ? customerRefusal(customerId, auth.store._id) : null;
    if (refused) return refused;
    const stock = applyOrderMoves(orderEditMoves(holding(order), after), auth.store._id, auth.actor, order._id);
    if (stock) return stock;
    if (customerId !== undefined) {
      if (customerId) order.customerId = customerId;
      else delete order.customerId;
    }
    // The SKU stays the one made at creation.
    // Moved to another product: the order carries that one's SKU (as on the server); else the SKU stays.
    const movedTo = after.productId !== null && after.productId !== (order.productId ?? null) ? storeProduct(after.productId, auth.store._id) : undefined;
    Object.assign(order, fields, { status: after.status, productId: after.productId }, movedTo ? { sku: movedTo.sku } : {});
    stampChange(order, auth.actor);
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
    applyOrderMoves(orderDeletionMoves(holding(order)), auth.store._id, auth.actor, null);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.orderDeleted });
  }),
];
