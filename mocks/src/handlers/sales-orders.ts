import {
  checkReturn,
  checkShipment,
  documentNumber,
  firstIssueMessage,
  idParamsSchema,
  isLinesBody,
  makeSku,
  MESSAGES,
  orderCancellationRefusal,
  orderCustomerRefusal,
  orderLinesCancellationMoves,
  orderLinesEditMoves,
  orderLinesPlacementMoves,
  orderProductRefusal,
  orderStockRefusal,
  type OrderStockMove,
  orderUpdateSchema,
  outstandingToShip,
  returnSchema,
  returnStockMoves,
  SALES_MESSAGES,
  SALES_ORDER_STATUS_LABELS,
  salesOrderActions,
  salesOrderSchema,
  salesOrderStatus,
  salesOrderUpdateSchema,
  shipmentSchema,
  shippedLinesEditRefusal,
  specEditOfLinesRefusal,
  specRowOfLines,
  taxRateOfNewLine,
  toCents,
  fromCents,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  newUuid,
  nextDocumentNumber,
  notifyMockDbChange,
  stampChange,
  toOrderAnswer,
  type StoredActor,
  type StoredOrder,
  type StoredOrderLine,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';
import { ownCustomer } from './customers';
import { moveMockStock } from './stock';

/**
 * Orders of several lines, shipments and returns (issue 27), as the server answers them: the contract's rules decide
 * (validateOrderLines through the schemas, the stock moves and refusals, checkShipment, checkReturn, specRowOfLines);
 * this file keeps the state. Registered before the order handlers: a request that is not theirs (a body without
 * `lines` on an order without lines) falls through to those.
 */

export function ownOrder(id: string | undefined, storeId: string): StoredOrder | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.orders.find((o) => o._id === id && o.storeId === storeId);
}
const notFound = () => errorResponse(404, MESSAGES.orderNotFound);
const product = (id: string | null, storeId: string) => (id ? mockDb.products.find((p) => p._id === id && p.storeId === storeId) : undefined);

/** The order's lines; an order as SPEC.md sends it is one line whose id is the order's own (as the server reads it). */
export function linesOf(order: StoredOrder): StoredOrderLine[] {
  if (order.orderLines && order.orderLines.length > 0) return order.orderLines;
  const status = order.status ?? 'open';
  return [
    {
      _id: order._id,
      productId: order.productId ?? null,
      description: order.name,
      quantity: order.quantity,
      unitPriceCents: toCents(order.price),
      discountBp: 0,
      taxRateId: null,
      shipped: status === 'fulfilled' ? order.quantity : 0,
      returned: 0,
      cancelled: status === 'cancelled' ? order.quantity : 0,
    },
  ];
}

const ruleLine = (line: StoredOrderLine) => ({ ...line, lineId: line._id, name: line.description, discountPercent: line.discountBp / 100 });

function taxOf(storeId: string) {
  const rates = mockDb.taxRates.filter((rate) => rate.storeId === storeId).sort((a, b) => (a._id < b._id ? -1 : 1));
  const settings = mockDb.storeSettings.find((s) => s.storeId === storeId);
  return {
    rates: rates.map((rate) => ({ _id: rate._id, name: rate.name, percent: rate.percent })),
    rateIds: new Set(rates.map((rate) => rate._id)),
    defaultRateId: rates.find((rate) => rate.isDefault)?._id ?? null,
    pricesIncludeTax: settings?.pricesIncludeTax ?? false,
  };
}

/** The SPEC fields of the order from its lines (specRowOfLines), or the refusal. */
function specRow(lines: StoredOrderLine[], storeId: string) {
  const tax = taxOf(storeId);
  return specRowOfLines(lines.map(ruleLine), tax.rates, tax.pricesIncludeTax);
}

function applySpecRow(order: StoredOrder, lines: StoredOrderLine[], row: Exclude<ReturnType<typeof specRow>, { refusal: unknown }>, actor: StoredActor) {
  Object.assign(order, { name: row.name, price: fromCents(row.priceCents), quantity: row.quantity, productId: row.productId, status: row.status, orderLines: lines });
  stampChange(order, actor);
}

/** The stock refusal of the moves (orderStockRefusal), or null after making them through the mock ledger. */
function moveStock(moves: OrderStockMove[], lines: StoredOrderLine[], storeId: string, actor: StoredActor, orderId: string | null, edit = false): Response | null {
  const available = new Map(moves.map((move) => [move.productId, product(move.productId, storeId)?.quantity ?? 0]));
  const refusal = orderStockRefusal(moves, available, lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.description })), { edit });
  if (refusal) return errorResponse(refusal.status, refusal.message);
  for (const move of moves) {
    const found = product(move.productId, storeId);
    if (found) moveMockStock(found, move.change, move.reason, actor, orderId);
  }
  return null;
}

const held = (line: StoredOrderLine) => ({ productId: line.productId, quantity: outstandingToShip(line) });

async function jsonOf(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return undefined;
  }
}

export const salesOrderHandlers = [
  http.post(api('/orders'), async ({ request, cookies }) => {
    if (!isLinesBody(await jsonOf(request))) return undefined;
    const auth = requireStore(request, cookies, 'catalogue:create');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = salesOrderSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const storeId = auth.store._id;
    const tax = taxOf(storeId);
    const lines: StoredOrderLine[] = [];
    for (const [index, line] of parsed.data.lines.entries()) {
      const found = line.productId === null ? undefined : product(line.productId, storeId);
      const refusal = line.productId === null ? null : orderProductRefusal(found ? { name: found.name, archivedAt: found.archivedAt } : null);
      if (refusal) return errorResponse(refusal.status, SALES_MESSAGES.onLine(index + 1, refusal.message));
      const rate = taxRateOfNewLine(line.taxRateSent ? line.taxRateId : undefined, tax.defaultRateId);
      if (rate !== null && !tax.rateIds.has(rate)) return errorResponse(400, SALES_MESSAGES.onLine(index + 1, SALES_MESSAGES.lineTaxRateUnknown));
      lines.push({ _id: newUuid(), productId: line.productId, description: line.description || found?.name || '', quantity: line.quantity, unitPriceCents: line.unitPriceCents, discountBp: line.discountBp, taxRateId: rate, shipped: 0, returned: 0, cancelled: 0 });
    }
    const row = specRow(lines, storeId);
    if ('refusal' in row) return errorResponse(row.refusal.status, row.refusal.message);
    // The stock, then the customer, as the server checks them.
    const moves = orderLinesPlacementMoves(lines);
    const available = new Map(moves.map((move) => [move.productId, product(move.productId, storeId)?.quantity ?? 0]));
    const short = orderStockRefusal(moves, available, lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.description })));
    if (short) return errorResponse(short.status, short.message);
    const { customerId } = parsed.data;
    if (customerId) {
      const customer = ownCustomer(customerId, storeId);
      const refused = orderCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archivedAt } : null);
      if (refused) return errorResponse(refused.status, refused.message);
    }
    const id = newUuid();
    moveStock(moves, lines, storeId, auth.actor, id);
    const first = lines.find((line) => line.productId !== null);
    const firstProduct = first ? product(first.productId, storeId) : undefined;
    const category = firstProduct?.category ?? '';
    const now = new Date().toISOString();
    const order: StoredOrder = {
      _id: id,
      name: row.name,
      sku: lines.length === 1 && firstProduct ? firstProduct.sku : makeSku(category || 'Order'),
      category,
      price: fromCents(row.priceCents),
      quantity: row.quantity,
      status: row.status,
      productId: row.productId,
      ...(customerId ? { customerId } : {}),
      number: nextDocumentNumber(storeId, 'sales_order'),
      createdAt: now,
      updatedAt: now,
      storeId,
      version: 1,
      creator: auth.actor,
      changer: auth.actor,
      orderLines: lines,
    };
    mockDb.orders.push(order);
    notifyMockDbChange();
    return HttpResponse.json(toOrderAnswer(order), { status: 201, headers: { ETag: etag(order.version) } });
  }),

  http.patch<{ id: string }>(api('/orders/:id'), async ({ request, params, cookies }) => {
    const body = await jsonOf(request);
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order || (!isLinesBody(body) && !order.orderLines?.length)) return undefined;
    const storeId = auth.store._id;
    const parsedLines = isLinesBody(body) ? salesOrderUpdateSchema.safeParse(body) : null;
    const parsedSpec = parsedLines ? null : orderUpdateSchema.safeParse(body);
    const failed = parsedLines && !parsedLines.success ? parsedLines.error : parsedSpec && !parsedSpec.success ? parsedSpec.error : null;
    if (failed) return errorResponse(400, firstIssueMessage(failed));
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    const before = linesOf(order);
    let after = before;
    let customerId: string | null | undefined;
    if (parsedLines?.success) {
      const edit = parsedLines.data;
      customerId = edit.customerId;
      const refusal = shippedLinesEditRefusal(before.map(ruleLine), edit.lines);
      if (refusal) return errorResponse(refusal.status, refusal.message);
      const kept = new Map(before.map((line) => [line._id, line]));
      const named = new Set<string>();
      for (const line of edit.lines) {
        if (line.lineId === null) continue;
        if (!kept.has(line.lineId) || named.has(line.lineId)) return errorResponse(400, SALES_MESSAGES.requestLineUnknown);
        named.add(line.lineId);
      }
      const tax = taxOf(storeId);
      const made: StoredOrderLine[] = [];
      for (const [index, line] of edit.lines.entries()) {
        const old = line.lineId === null ? undefined : kept.get(line.lineId);
        const found = line.productId === null ? undefined : product(line.productId, storeId);
        if (line.productId !== null && line.productId !== old?.productId) {
          const refused = orderProductRefusal(found ? { name: found.name, archivedAt: found.archivedAt } : null);
          if (refused) return errorResponse(refused.status, SALES_MESSAGES.onLine(index + 1, refused.message));
        }
        const rate = line.taxRateSent ? line.taxRateId : old ? old.taxRateId : taxRateOfNewLine(undefined, tax.defaultRateId);
        if ((line.taxRateSent || !old) && rate !== null && !tax.rateIds.has(rate)) return errorResponse(400, SALES_MESSAGES.onLine(index + 1, SALES_MESSAGES.lineTaxRateUnknown));
        const shipped = old?.shipped ?? 0;
        made.push({ _id: old?._id ?? newUuid(), productId: line.productId, description: line.description || found?.name || old?.description || '', quantity: line.quantity, unitPriceCents: line.unitPriceCents, discountBp: line.discountBp, taxRateId: rate, shipped, returned: old?.returned ?? 0, cancelled: Math.min(old?.cancelled ?? 0, line.quantity - shipped) });
      }
      after = made;
      const row = specRow(after, storeId);
      if ('refusal' in row) return errorResponse(row.refusal.status, row.refusal.message);
      const moves = orderLinesEditMoves(before.map(held), after.map(held));
      const available = new Map(moves.map((move) => [move.productId, product(move.productId, storeId)?.quantity ?? 0]));
      const short = orderStockRefusal(moves, available, after.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.description })), { edit: true });
      if (short) return errorResponse(short.status, short.message);
      if (customerId && customerId !== order.customerId) {
        const customer = ownCustomer(customerId, storeId);
        const refused = orderCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archivedAt } : null);
        if (refused) return errorResponse(refused.status, refused.message);
      }
      moveStock(moves, after, storeId, auth.actor, order._id, true);
      applySpecRow(order, after, row, auth.actor);
    } else if (parsedSpec?.success) {
      const spec = parsedSpec.data;
      customerId = spec.customerId;
      const changed = specEditOfLinesRefusal(
        { name: order.name, category: order.category, priceCents: toCents(order.price), quantity: order.quantity, productId: order.productId ?? null },
        { ...spec, priceCents: toCents(spec.price) },
      );
      if (changed) return errorResponse(changed.status, changed.message);
      if (spec.status === 'cancelled' && order.status !== 'cancelled') {
        const refusal = orderCancellationRefusal(before);
        if (refusal) return errorResponse(refusal.status, refusal.message);
        moveStock(orderLinesCancellationMoves(before), before, storeId, auth.actor, order._id);
        after = before.map((line) => ({ ...line, cancelled: line.cancelled + outstandingToShip(line) }));
      } else if (spec.status !== undefined && spec.status !== order.status) {
        return errorResponse(409, SALES_MESSAGES.orderNotEditable(SALES_ORDER_STATUS_LABELS[salesOrderStatus(before)].toLowerCase()));
      }
      if (customerId && customerId !== order.customerId) {
        const customer = ownCustomer(customerId, storeId);
        const refused = orderCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archivedAt } : null);
        if (refused) return errorResponse(refused.status, refused.message);
      }
      const row = specRow(after, storeId);
      if ('refusal' in row) return errorResponse(row.refusal.status, row.refusal.message);
      applySpecRow(order, after, row, auth.actor);
    }
    if (customerId !== undefined) {
      if (customerId) order.customerId = customerId;
      else delete order.customerId;
    }
    notifyMockDbChange();
    return HttpResponse.json(toOrderAnswer(order), { headers: { ETag: etag(order.version) } });
  }),

  http.delete<{ id: string }>(api('/orders/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:delete');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order?.orderLines?.length) return undefined;
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    const status = salesOrderStatus(order.orderLines);
    if (!salesOrderActions(status).delete) return errorResponse(409, SALES_MESSAGES.orderNotDeletable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()));
    const moves = orderLinesCancellationMoves(order.orderLines).map((move) => ({ ...move, reason: 'order_deleted' as const }));
    moveStock(moves, order.orderLines, auth.store._id, auth.actor, null);
    mockDb.orders = mockDb.orders.filter((o) => o !== order);
    mockDb.shipments = mockDb.shipments.filter((s) => s.orderId !== order._id);
    mockDb.orderReturns = mockDb.orderReturns.filter((r) => r.orderId !== order._id);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.orderDeleted });
  }),

  http.post<{ id: string }>(api('/orders/:id/shipments'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = shipmentSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const lines = linesOf(order);
    const checked = checkShipment(lines.map(ruleLine), parsed.data.lines);
    if ('refusal' in checked) return errorResponse(checked.refusal.status, checked.refusal.message);
    const asked = new Map(checked.requested.map((entry) => [entry.lineId, entry.quantity]));
    const after = lines.map((line) => ({ ...line, shipped: line.shipped + (asked.get(line._id) ?? 0) }));
    const row = specRow(after, auth.store._id);
    if ('refusal' in row) return errorResponse(row.refusal.status, row.refusal.message);
    applySpecRow(order, after, row, auth.actor);
    const at = new Date().toISOString();
    const shipment = {
      _id: newUuid(),
      orderId: order._id,
      date: parsed.data.date ?? at.slice(0, 10),
      carrier: parsed.data.carrier,
      trackingNumber: parsed.data.trackingNumber,
      lines: checked.requested.map((entry) => ({ lineId: entry.lineId, quantity: entry.quantity })),
      createdAt: at,
    };
    mockDb.shipments.push({ ...shipment, storeId: auth.store._id });
    notifyMockDbChange();
    return HttpResponse.json(shipment, { status: 201 });
  }),

  http.get<{ id: string }>(api('/orders/:id/shipments'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    return HttpResponse.json(mockDb.shipments.filter((s) => s.orderId === order._id).map(({ storeId: _storeId, ...shipment }) => shipment));
  }),

  http.get<{ id: string; shipmentId: string }>(api('/orders/:id/shipments/:shipmentId/packing-slip'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    const shipment = order ? mockDb.shipments.find((s) => s._id === params.shipmentId && s.orderId === order._id) : undefined;
    if (!order || !shipment) return errorResponse(404, SALES_MESSAGES.shipmentNotFound);
    const lines = linesOf(order);
    const rows = shipment.lines.map((part) => `<tr><td>${escape(lines.find((line) => line._id === part.lineId)?.description ?? '')}</td><td>${part.quantity}</td></tr>`).join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packing slip ${documentNumber('sales_order', order.number ?? 0)}</title></head><body><h1>Packing slip</h1><table>${rows}</table></body></html>`;
    return new HttpResponse(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }),

  http.post<{ id: string }>(api('/orders/:id/returns'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:update');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = returnSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const lines = linesOf(order);
    const checked = checkReturn(lines.map(ruleLine), parsed.data.lines);
    if ('refusal' in checked) return errorResponse(checked.refusal.status, checked.refusal.message);
    const asked = new Map(checked.requested.map((entry) => [entry.lineId, entry.quantity]));
    const after = lines.map((line) => ({ ...line, returned: line.returned + (asked.get(line._id) ?? 0) }));
    const row = specRow(after, auth.store._id);
    if ('refusal' in row) return errorResponse(row.refusal.status, row.refusal.message);
    applySpecRow(order, after, row, auth.actor);
    const returnId = newUuid();
    for (const move of returnStockMoves(lines.map(ruleLine), checked.parts)) {
      const found = product(move.productId, auth.store._id);
      if (found) moveMockStock(found, move.change, move.reason, auth.actor, order._id);
    }
    const taken = { _id: returnId, orderId: order._id, lines: checked.parts.map((part) => ({ lineId: part.lineId, quantity: part.quantity, reason: part.reason, restock: part.restock })), createdAt: new Date().toISOString() };
    mockDb.orderReturns.push({ ...taken, storeId: auth.store._id });
    notifyMockDbChange();
    return HttpResponse.json(taken, { status: 201 });
  }),

  http.get<{ id: string }>(api('/orders/:id/returns'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    return HttpResponse.json(mockDb.orderReturns.filter((r) => r.orderId === order._id).map(({ storeId: _storeId, ...taken }) => taken));
  }),
];

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
