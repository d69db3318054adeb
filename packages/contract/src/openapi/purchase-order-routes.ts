import { MESSAGES } from '../messages';
import { PURCHASE_MESSAGES } from '../purchase-messages';
import { idParamsSchema } from '../schemas/catalogue';
import { purchaseOrderListQuerySchema, reorderListQuerySchema } from '../schemas/purchase-orders';
import type { RouteSpec } from './route-spec';

/** The routes of purchase orders and receiving (docs/decisions/0042-purchase-orders-and-receiving.md); routes.ts lists them. */

const read = { auth: 'store' as const, permission: 'purchasing:read' as const };
const manage = { auth: 'store' as const, permission: 'purchasing:manage' as const };
/** Staff too (0047): orders and receipts answered without costs to roles without cost:read. */
const receive = { auth: 'store' as const, permission: 'purchasing:receive' as const };
const withoutCosts = ' To roles without `cost:read` (staff) every unit cost and total is absent.';
const orderId = { id: { schema: idParamsSchema.shape.id, description: "The purchase order's `_id`" } };
const notFound = { description: 'No purchase order of the active store has this id', example: PURCHASE_MESSAGES.notFound };
const badPage = { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor };

export const PURCHASE_ORDER_ROUTES: RouteSpec[] = [
  {
    method: 'post',
    path: '/api/purchase-orders',
    operationId: 'createPurchaseOrder',
    summary: 'Write a draft purchase order',
    description:
      "A supplier of the store (not archived), 1 to 500 lines `{productId, quantity, unitCost}` (each product once; `unitCost` may be null on a draft), an optional expected date and notes. Its number is the store's next (`PO-00045`), taken in the transaction that writes it.",
    tag: 'Purchasing',
    ...manage,
    idempotent: true,
    body: { media: 'json', schema: 'PurchaseOrderRequest' },
    answer: { status: 201, schema: 'PurchaseOrder', description: 'The new draft, with its lines', etag: true },
    extra: { 404: { description: 'The supplier is not one of the store’s', example: MESSAGES.supplierNotFound }, 409: { description: 'The supplier is archived', example: PURCHASE_MESSAGES.supplierArchived('Northwind') } },
  },
  {
    method: 'get',
    path: '/api/purchase-orders',
    operationId: 'listPurchaseOrders',
    summary: "The active store's purchase orders, newest first, a page at a time",
    description: 'One page `{items, total, totalExact, next, prev}` (without lines), filtered by `status` and `supplierId`, searched by number ("PO-00045", "po 45") or the supplier’s name.' + withoutCosts,
    tag: 'Purchasing',
    ...receive,
    query: purchaseOrderListQuerySchema,
    answer: { status: 200, schema: 'PurchaseOrderPage', description: 'A page of purchase orders' },
    extra: { 400: badPage },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/reorder',
    operationId: 'reorderList',
    summary: 'What is low, counting what is on order',
    description:
      'The products at or below their reorder point once what is on order is counted (on hand + on order ≤ point), each with what is on order, when it is expected and the shortfall that brings it above its point. `GET /api/products?stock=low` keeps answering stock alone.',
    tag: 'Purchasing',
    ...read,
    query: reorderListQuerySchema,
    answer: { status: 200, schema: 'ReorderList', description: 'The products to reorder, by name' },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/suggestions',
    operationId: 'orderThese',
    summary: '"Order these": draft purchase orders from the reorder list',
    description:
      "`productIds` (the products chosen) or `all: true` (every product the reorder list names). One draft per preferred supplier, in one transaction; each line what brings the product above its reorder point in whole packs of that supplier, minus what is on order, at the supplier's last cost (else the product's, else blank). Products without a preferred supplier and products that need nothing are answered apart.",
    tag: 'Purchasing',
    ...manage,
    body: { media: 'json', schema: 'ReorderSuggestionRequest' },
    answer: { status: 201, schema: 'ReorderSuggestion', description: 'The drafts made, and what was left out' },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/{id}',
    operationId: 'getPurchaseOrder',
    summary: 'One purchase order, with its lines',
    description: withoutCosts.trim(),
    tag: 'Purchasing',
    ...receive,
    params: orderId,
    answer: { status: 200, schema: 'PurchaseOrder', description: 'The purchase order', etag: true },
    extra: { 404: notFound },
  },
  {
    method: 'patch',
    path: '/api/purchase-orders/{id}',
    operationId: 'updatePurchaseOrder',
    summary: 'Edit a draft purchase order',
    description: 'The fields sent change; `lines`, when sent, are the whole new list. Only a draft (409 otherwise). Read-only fields it answers are ignored when sent back.',
    tag: 'Purchasing',
    ...manage,
    params: orderId,
    ifMatch: true,
    body: { media: 'json', schema: 'PurchaseOrderUpdateRequest' },
    answer: { status: 200, schema: 'PurchaseOrder', description: 'The updated draft', etag: true },
    extra: { 404: notFound, 409: { description: 'A stale If-Match, or the order is no longer a draft', example: PURCHASE_MESSAGES.notEditable('ordered') } },
  },
  {
    method: 'delete',
    path: '/api/purchase-orders/{id}',
    operationId: 'deletePurchaseOrder',
    summary: 'Delete a draft purchase order',
    tag: 'Purchasing',
    ...manage,
    params: orderId,
    ifMatch: true,
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
    extra: { 404: notFound, 409: { description: 'Not a draft (cancel it instead), or a stale If-Match', example: PURCHASE_MESSAGES.notDeletable('ordered') } },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/{id}/status',
    operationId: 'setPurchaseOrderStatus',
    summary: 'Send (order) or cancel a purchase order',
    description:
      'draft → ordered (every line needs a unit cost) or cancelled; ordered or partly received → cancelled (what came stays; the rest is no longer on order). Asking for the status it has changes nothing.',
    tag: 'Purchasing',
    ...manage,
    params: orderId,
    ifMatch: true,
    body: { media: 'json', schema: 'PurchaseOrderStatusRequest' },
    answer: { status: 200, schema: 'PurchaseOrder', description: 'The purchase order', etag: true },
    extra: { 404: notFound, 409: { description: 'A change its status does not allow, a line without a unit cost, or a stale If-Match', example: PURCHASE_MESSAGES.transitionRefused('received', 'cancelled') } },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/{id}/pdf',
    operationId: 'purchaseOrderPdf',
    summary: 'A purchase order as a PDF, to send',
    description: 'The text the mail carries, on A4 pages (`PO-00045.pdf`, an attachment); any status, a draft to check it first.',
    tag: 'Purchasing',
    ...read,
    params: orderId,
    answer: { status: 200, media: { 'application/pdf': {} }, description: 'The PDF' },
    extra: { 404: notFound },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/{id}/mail',
    operationId: 'mailPurchaseOrder',
    summary: 'Mail a sent purchase order to its supplier',
    description:
      "A plain-text mail of the order (its lines with the supplier's part numbers, amounts in the store's currency) to the supplier's email, replies to the member who sent it; written to the mail outbox and sent within a minute. A draft is ordered first; a cancelled order is not mailed.",
    tag: 'Purchasing',
    ...manage,
    params: orderId,
    answer: { status: 200, schema: 'Message', description: 'Mailed (queued in the outbox)' },
    extra: { 404: notFound, 409: { description: 'A draft or cancelled order, or a supplier without an email address', example: PURCHASE_MESSAGES.supplierNoEmail('Northwind') } },
  },
  {
    method: 'post',
    path: '/api/purchase-orders/{id}/receipts',
    operationId: 'receivePurchaseOrder',
    summary: 'Receive part or all of a purchase order',
    description:
      "`lines: [{lineId, quantity, unitCost?}]`. Checked when committed, with the order's lines as they are then: never more than is outstanding on a line, whatever else is received at the same time. All or nothing: each part is a `received` stock movement at its unit cost, each product's cost becomes the weighted moving average, and the order's status follows (partly received, received). Staff receive too: their receipt may not give a `unitCost` (403), so each line's is taken, and the answer carries no costs.",
    tag: 'Purchasing',
    ...receive,
    params: orderId,
    idempotent: true,
    body: { media: 'json', schema: 'ReceiptRequest' },
    answer: { status: 201, schema: 'ReceiptCreated', description: 'The receipt and the order after it' },
    extra: {
      403: { description: 'The role may not receive, or may not set costs and sent a `unitCost`', example: 'Your role (staff) does not allow you to set product costs.' },
      404: notFound,
      409: { description: 'More than is outstanding on a line (each such line named with what is outstanding), or an order that is not ordered or partly received', example: PURCHASE_MESSAGES.receiptExceeds('Line 2 (USB-C dock)', 30, 20) },
    },
  },
  {
    method: 'get',
    path: '/api/purchase-orders/{id}/receipts',
    operationId: 'purchaseOrderReceipts',
    summary: "A purchase order's receipts",
    description: withoutCosts.trim(),
    tag: 'Purchasing',
    ...receive,
    params: orderId,
    answer: { status: 200, schema: 'ReceiptList', description: 'Its receipts, oldest first' },
    extra: { 404: notFound },
  },
];
