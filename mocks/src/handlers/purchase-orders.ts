import {
  can,
  checkReceipt,
  compareBytes,
  DEFAULT_CURRENCY,
  documentNumber,
  firstIssueMessage,
  fromCents,
  purchaseOrderTotalCents,
  idParamsSchema,
  keysetPage,
  lineLabel,
  MESSAGES,
  nameMatchKey,
  type OnOrder,
  onOrderByProduct,
  orderProductRefusal,
  outstandingToReceive,
  parseDocumentNumber,
  purchaseOrderMail,
  purchaseOrderSeenBy,
  PURCHASE_MESSAGES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrder,
  purchaseOrderCreateSchema,
  purchaseOrderEditRefusal,
  type PurchaseOrderLine,
  purchaseOrderListQuerySchema,
  purchaseOrderStatusAfterReceipt,
  purchaseOrderStatusSchema,
  purchaseOrderTransitionRefusal,
  purchaseOrderUpdateSchema,
  type Receipt,
  receiptCostRefusal,
  receiptCostUpdates,
  receiptCreateSchema,
  receiptSeenBy,
  receiptStockMoves,
  type ReceivableLine,
  reorderListQuerySchema,
  reorderShortfall,
  type ReorderCandidate,
  reorderSuggestion,
  reorderSuggestionRequestSchema,
  type Role,
  type StockCost,
  stockChangeOutOfRange,
  toCents,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  mockDb,
  newUuid,
  nextDocumentNumber,
  notifyMockDbChange,
  stampChange,
  type StoredActor,
  type StoredProduct,
  type StoredPurchaseOrder,
  type StoredReceipt,
  toActor,
} from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { requireStore } from '../store-auth';
import { moveMockStock } from './stock';
import { FAKE_PDF } from '../fake-pdf';

/**
 * The purchase-order routes with the server's behaviour (features/purchase-orders, docs/decisions/0042): every
 * decision is the contract's (purchase-orders.ts, receiving.ts, moving-average-cost.ts, reorder-suggestion.ts); a
 * write checks everything before it changes anything, so a refusal leaves the state as it was.
 */

const notFound = () => errorResponse(404, PURCHASE_MESSAGES.notFound);
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const labelOf = (status: StoredPurchaseOrder['status']) => PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase();
const productOf = (storeId: string, id: string): StoredProduct | undefined => mockDb.products.find((p) => p._id === id && p.storeId === storeId);
const costCentsOf = (product: StoredProduct): number | null => (product.cost === undefined || product.cost === null ? null : toCents(product.cost));

function ownOrder(id: string | undefined, storeId: string): StoredPurchaseOrder | undefined {
  if (!idParamsSchema.safeParse({ id }).success) return undefined;
  return mockDb.purchaseOrders.find((o) => o._id === id && o.storeId === storeId);
}

function toPurchaseOrder(order: StoredPurchaseOrder, withLines: boolean): PurchaseOrder {
  const supplier = mockDb.suppliers.find((s) => s._id === order.supplierId)!;
  const totalCents = purchaseOrderTotalCents(order.lines);
  return {
    _id: order._id,
    number: order.number,
    reference: documentNumber('purchase_order', order.number),
    supplier: { _id: supplier._id, name: supplier.name, email: supplier.email },
    status: order.status,
    expectedDate: order.expectedDate,
    notes: order.notes,
    orderedAt: order.orderedAt,
    lineCount: order.lines.length,
    total: totalCents === null ? null : fromCents(totalCents),
    ...(withLines
      ? {
          lines: order.lines.map((line) => ({
            _id: line._id,
            product: productRef(order.storeId, line.productId),
            quantity: line.quantity,
            unitCost: line.unitCostCents === null ? null : fromCents(line.unitCostCents),
            received: line.received,
            outstanding: outstandingToReceive(line),
          })),
        }
      : {}),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

function productRef(storeId: string, id: string) {
  const product = productOf(storeId, id);
  return product ? { _id: product._id, name: product.name, sku: product.sku } : null;
}

/** A single-item answer: with its lines, who created and changed it. */
const fullAnswer = (order: StoredPurchaseOrder): PurchaseOrder => ({ ...toPurchaseOrder(order, true), createdBy: toActor(order.creator), updatedBy: toActor(order.changer) });

function orderResponse(order: StoredPurchaseOrder, status = 200, role: Role = 'owner'): Response {
  return HttpResponse.json(purchaseOrderSeenBy(role, fullAnswer(order)), { status, headers: { ETag: etag(order.version) } });
}

/** The supplier an order may name: 404 when not the store's, 409 when archived; else null. */
function supplierRefusal(storeId: string, supplierId: string): Response | null {
  const supplier = mockDb.suppliers.find((s) => s._id === supplierId && s.storeId === storeId);
  if (!supplier) return errorResponse(404, MESSAGES.supplierNotFound);
  return supplier.archivedAt === null ? null : errorResponse(409, PURCHASE_MESSAGES.supplierArchived(supplier.name));
}

/** Every line's product is the store's and not archived, as the server's checkLineProducts. */
function linesRefusal(storeId: string, lines: readonly PurchaseOrderLine[]): Response | null {
  for (const [index, line] of lines.entries()) {
    const product = productOf(storeId, line.productId);
    if (!product) return errorResponse(400, PURCHASE_MESSAGES.lineProductUnknown(index + 1));
    const refusal = orderProductRefusal({ name: product.name, archivedAt: product.archivedAt ?? null });
    if (refusal) return errorResponse(refusal.status, `Line ${index + 1}: ${refusal.message}`);
  }
  return null;
}

const storedLines = (lines: readonly PurchaseOrderLine[]) =>
  lines.map((line) => ({ _id: newUuid(), productId: line.productId, quantity: line.quantity, unitCostCents: line.unitCostCents, received: 0 }));

function addOrder(storeId: string, actor: StoredActor, fields: { supplierId: string; expectedDate: string | null; notes: string; lines: readonly PurchaseOrderLine[] }): StoredPurchaseOrder {
  const at = new Date().toISOString();
  const order: StoredPurchaseOrder = {
    _id: newUuid(),
    storeId,
    number: nextDocumentNumber(storeId, 'purchase_order'),
    supplierId: fields.supplierId,
    status: 'draft',
    expectedDate: fields.expectedDate,
    notes: fields.notes,
    orderedAt: null,
    lines: storedLines(fields.lines),
    createdAt: at,
    updatedAt: at,
    version: 1,
    creator: actor,
    changer: actor,
  };
  mockDb.purchaseOrders.push(order);
  return order;
}

/** What is on order of each of the store's products (the contract's onOrderByProduct) and the earliest expected date. */
export function mockOnOrder(storeId: string): Map<string, OnOrder> {
  const orders = mockDb.purchaseOrders.filter((o) => o.storeId === storeId);
  const quantities = onOrderByProduct(orders);
  const answer = new Map<string, OnOrder>([...quantities].map(([productId, quantity]) => [productId, { quantity, expectedDate: null }]));
  for (const order of orders) {
    if (order.expectedDate === null) continue;
    for (const line of order.lines) {
      const entry = answer.get(line.productId);
      if (!entry || outstandingToReceive(line) === 0 || (order.status !== 'ordered' && order.status !== 'partly_received')) continue;
      if (entry.expectedDate === null || order.expectedDate < entry.expectedDate) entry.expectedDate = order.expectedDate;
    }
  }
  return answer;
}

/** The product's answer gains `onOrder` for the roles that see purchase orders, only while something is on order. */
export function withOnOrder<T extends object>(product: T & { _id: string }, storeId: string, role: Role): T {
  if (!can(role, 'purchasing:read')) return product;
  const onOrder = mockOnOrder(storeId).get(product._id);
  return onOrder ? { ...product, onOrder } : product;
}

/** What is low counting what is on order, by name (the server's productsToReorder). */
function productsToReorder(storeId: string) {
  const onOrder = mockOnOrder(storeId);
  return mockDb.products
    .filter((p) => p.storeId === storeId && !p.archivedAt && p.reorderPoint !== null && p.reorderPoint !== undefined && p.quantity <= p.reorderPoint)
    .map((product) => ({ product, onOrder: onOrder.get(product._id) ?? { quantity: 0, expectedDate: null } }))
    .filter(({ product, onOrder: on }) => reorderShortfall(product.quantity, product.reorderPoint ?? null, on.quantity) > 0)
    .sort((a, b) => compareBytes(nameMatchKey(a.product.name), nameMatchKey(b.product.name)) || compareBytes(a.product._id, b.product._id));
}

function receiptAnswer(receipt: StoredReceipt): Receipt {
  const order = mockDb.purchaseOrders.find((o) => o._id === receipt.purchaseOrderId)!;
  return {
    _id: receipt._id,
    purchaseOrderId: receipt.purchaseOrderId,
    lines: receipt.lines.map((part) => ({
      lineId: part.lineId,
      product: productRef(order.storeId, order.lines.find((line) => line._id === part.lineId)!.productId),
      quantity: part.quantity,
      unitCost: fromCents(part.unitCostCents),
    })),
    createdAt: receipt.createdAt,
    createdBy: toActor(receipt.actor),
  };
}

const DAY_MS = 86_400_000;

/** The order as its supplier reads it (the contract's purchaseOrderMail), as the server's supplierDocument. */
function supplierDocument(order: StoredPurchaseOrder, storeName: string, answer: PurchaseOrder) {
  const settings = mockDb.storeSettings.find((s) => s.storeId === order.storeId);
  const currency = settings ? { symbol: settings.currencySymbol, decimals: settings.currencyDecimals } : DEFAULT_CURRENCY;
  const partNumbers = Object.fromEntries(mockDb.productSuppliers.filter((l) => l.supplierId === order.supplierId).map((l) => [l.productId, l.partNumber]));
  return purchaseOrderMail({ storeName, currency, order: answer, partNumbers });
}

export const purchaseOrderHandlers = [
  http.get(api('/purchase-orders'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:receive');
    if (!auth.ok) return auth.response;
    const query = purchaseOrderListQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const { status, supplierId, q } = query.data;
    const number = q ? parseDocumentNumber('purchase_order', q) : null;
    const matching = mockDb.purchaseOrders.filter((order) => {
      if (order.storeId !== auth.store._id || (status && order.status !== status) || (supplierId && order.supplierId !== supplierId)) return false;
      if (!q) return true;
      const name = mockDb.suppliers.find((s) => s._id === order.supplierId)!.name.toLowerCase();
      return order.number === number || name.includes(q.toLowerCase());
    });
    const page = keysetPage(matching.map((order) => purchaseOrderSeenBy(auth.role, toPurchaseOrder(order, false))), { ...query.data, sort: 'createdAt', dir: 'desc' }, (order) => order.createdAt, true);
    return HttpResponse.json(page);
  }),

  http.get(api('/purchase-orders/reorder'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:read');
    if (!auth.ok) return auth.response;
    const query = reorderListQuerySchema.safeParse(queryOf(request));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const all = productsToReorder(auth.store._id);
    return HttpResponse.json({
      total: all.length,
      items: all.slice(query.data.skip, query.data.skip + query.data.limit).map(({ product, onOrder }) => ({
        product: { _id: product._id, name: product.name, sku: product.sku },
        quantity: product.quantity,
        reorderPoint: product.reorderPoint!,
        onOrder,
        shortfall: reorderShortfall(product.quantity, product.reorderPoint ?? null, onOrder.quantity),
      })),
    });
  }),

  http.post(api('/purchase-orders/suggestions'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = reorderSuggestionRequestSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const storeId = auth.store._id;
    const onOrder = mockOnOrder(storeId);
    let products: StoredProduct[];
    if (parsed.data.all) products = productsToReorder(storeId).map(({ product }) => product);
    else {
      const ids = [...new Set(parsed.data.productIds ?? [])];
      const found = ids.map((id) => productOf(storeId, id));
      if (found.some((product) => !product)) return errorResponse(404, MESSAGES.productNotFound);
      products = found as StoredProduct[];
    }
    const preferred = (productId: string) => {
      const link = mockDb.productSuppliers.find((l) => l.productId === productId && l.preferred);
      const supplier = link && mockDb.suppliers.find((s) => s._id === link.supplierId && s.archivedAt === null);
      return link && supplier ? { link, supplier } : null;
    };
    const candidates: ReorderCandidate[] = products.map((product) => {
      const found = preferred(product._id);
      return {
        productId: product._id,
        name: product.name,
        onHand: product.quantity,
        reorderPoint: product.reorderPoint ?? null,
        onOrder: onOrder.get(product._id)?.quantity ?? 0,
        costCents: costCentsOf(product),
        supplier: found
          ? { supplierId: found.supplier._id, name: found.supplier.name, packSize: found.link.packSize, lastCostCents: found.link.lastCost === null ? null : toCents(found.link.lastCost) }
          : null,
      };
    });
    const suggestion = reorderSuggestion(candidates);
    for (const order of suggestion.orders) {
      const refused = linesRefusal(storeId, order.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitCostCents: line.unitCostCents })));
      if (refused) return refused;
    }
    const at = Date.now();
    const created = suggestion.orders.map((order) => {
      const leadTime = mockDb.suppliers.find((s) => s._id === order.supplierId)!.leadTimeDays;
      const expectedDate = leadTime === null ? null : new Date(at + leadTime * DAY_MS).toISOString().slice(0, 10);
      const lines = order.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitCostCents: line.unitCostCents }));
      return fullAnswer(addOrder(storeId, auth.actor, { supplierId: order.supplierId, expectedDate, notes: '', lines }));
    });
    notifyMockDbChange();
    return HttpResponse.json({ created, withoutSupplier: suggestion.withoutSupplier, nothingToOrder: suggestion.nothingToOrder }, { status: 201 });
  }),

  http.post(api('/purchase-orders'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = purchaseOrderCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const refused = supplierRefusal(auth.store._id, parsed.data.supplierId) ?? linesRefusal(auth.store._id, parsed.data.lines);
    if (refused) return refused;
    const order = addOrder(auth.store._id, auth.actor, parsed.data);
    notifyMockDbChange();
    return orderResponse(order, 201);
  }),

  http.get<{ id: string }>(api('/purchase-orders/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:receive');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    return order ? orderResponse(order, 200, auth.role) : notFound();
  }),

  http.patch<{ id: string }>(api('/purchase-orders/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = purchaseOrderUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    const refusal = purchaseOrderEditRefusal(order.status);
    if (refusal) return errorResponse(refusal.status, refusal.message);
    const { lines, ...fields } = parsed.data;
    const refused = (fields.supplierId !== undefined && fields.supplierId !== order.supplierId ? supplierRefusal(auth.store._id, fields.supplierId) : null) ?? (lines ? linesRefusal(auth.store._id, lines) : null);
    if (refused) return refused;
    Object.assign(order, fields, lines ? { lines: storedLines(lines) } : {});
    stampChange(order, auth.actor);
    notifyMockDbChange();
    return orderResponse(order);
  }),

  http.delete<{ id: string }>(api('/purchase-orders/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    if (order.status !== 'draft') return errorResponse(409, PURCHASE_MESSAGES.notDeletable(labelOf(order.status)));
    mockDb.purchaseOrders = mockDb.purchaseOrders.filter((o) => o !== order);
    notifyMockDbChange();
    return HttpResponse.json({ message: PURCHASE_MESSAGES.deleted });
  }),

  http.post<{ id: string }>(api('/purchase-orders/:id/status'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = purchaseOrderStatusSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (isStaleEdit(request, order.version)) return errorResponse(409, MESSAGES.editConflict);
    const named = order.lines.map((line) => ({ name: productOf(order.storeId, line.productId)?.name ?? 'deleted product', unitCostCents: line.unitCostCents }));
    const refusal = purchaseOrderTransitionRefusal(order.status, parsed.data.status, named);
    if (refusal) return errorResponse(refusal.status, refusal.message);
    if (order.status !== parsed.data.status) {
      const at = new Date().toISOString();
      order.status = parsed.data.status;
      if (parsed.data.status === 'ordered') order.orderedAt = at;
      stampChange(order, auth.actor, at);
      notifyMockDbChange();
    }
    return orderResponse(order);
  }),

  http.get<{ id: string }>(api('/purchase-orders/:id/pdf'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const answer = fullAnswer(order);
    return new HttpResponse(FAKE_PDF, {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${answer.reference}.pdf"`, 'cache-control': 'private, no-store' },
    });
  }),

  http.post<{ id: string }>(api('/purchase-orders/:id/mail'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:manage');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    if (order.status === 'draft' || order.status === 'cancelled') return errorResponse(409, PURCHASE_MESSAGES.notMailable(labelOf(order.status)));
    const answer = fullAnswer(order);
    if (answer.supplier.email === '') return errorResponse(409, PURCHASE_MESSAGES.supplierNoEmail(answer.supplier.name));
    const { subject, text } = supplierDocument(order, auth.store.name, answer);
    const sender = mockDb.users.find((u) => u._id === auth.actor.userId);
    mockDb.outbox.push({ to: answer.supplier.email, subject, text, ...(sender ? { replyTo: sender.email } : {}), sentAt: new Date().toISOString() });
    notifyMockDbChange();
    return HttpResponse.json({ message: PURCHASE_MESSAGES.mailed(answer.supplier.email) });
  }),

  http.post<{ id: string }>(api('/purchase-orders/:id/receipts'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:receive');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = receiptCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const costRefusal = receiptCostRefusal(auth.role, parsed.data);
    if (costRefusal) return errorResponse(403, costRefusal);
    const receivable: ReceivableLine[] = order.lines.map((line) => {
      const product = productOf(order.storeId, line.productId);
      return { lineId: line._id, name: product?.name ?? 'deleted product', productId: product ? line.productId : '', quantity: line.quantity, received: line.received, unitCostCents: line.unitCostCents };
    });
    const checked = checkReceipt(order.status, receivable, parsed.data.lines);
    if ('refusal' in checked) return errorResponse(checked.refusal.status, checked.refusal.message);
    const gone = checked.parts.find((part) => part.productId === '');
    if (gone) return errorResponse(409, PURCHASE_MESSAGES.receiptProductGone(lineLabel([gone.line], 'deleted product')));
    const moves = receiptStockMoves(checked.parts);
    // Checked whole before anything moves (the server's transaction rolls back instead): no product past its limit.
    const before = new Map<string, StockCost>();
    for (const move of moves) {
      const product = productOf(order.storeId, move.productId)!;
      before.set(product._id, { onHand: product.quantity, costCents: costCentsOf(product) });
      if (stockChangeOutOfRange(product.quantity, move.change)) return errorResponse(409, MESSAGES.stockAboveLimit(product.quantity));
    }
    const at = new Date().toISOString();
    const receipt: StoredReceipt = { _id: newUuid(), storeId: order.storeId, purchaseOrderId: order._id, lines: checked.parts.map((part) => ({ lineId: part.lineId, quantity: part.quantity, unitCostCents: part.unitCostCents })), createdAt: at, actor: auth.actor };
    for (const move of moves) {
      moveMockStock(productOf(order.storeId, move.productId)!, move.change, 'received', auth.actor);
      Object.assign(mockDb.movements.at(-1)!, { receiptId: receipt._id, unitCostCents: move.unitCostCents });
    }
    for (const update of receiptCostUpdates(before, moves)) {
      const product = productOf(order.storeId, update.productId)!;
      product.cost = update.costCents === null ? null : fromCents(update.costCents);
    }
    for (const part of checked.parts) order.lines.find((line) => line._id === part.lineId)!.received += part.quantity;
    order.status = purchaseOrderStatusAfterReceipt(order.lines);
    stampChange(order, auth.actor, at);
    mockDb.receipts.push(receipt);
    notifyMockDbChange();
    return HttpResponse.json({ receipt: receiptSeenBy(auth.role, receiptAnswer(receipt)), purchaseOrder: purchaseOrderSeenBy(auth.role, fullAnswer(order)) }, { status: 201 });
  }),

  http.get<{ id: string }>(api('/purchase-orders/:id/receipts'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'purchasing:receive');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id, auth.store._id);
    if (!order) return notFound();
    return HttpResponse.json(mockDb.receipts.filter((r) => r.purchaseOrderId === order._id).map((receipt) => receiptSeenBy(auth.role, receiptAnswer(receipt))));
  }),
];
