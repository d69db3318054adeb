import {
  PURCHASE_MESSAGES,
  type ReceiptCreated,
  purchaseOrderCreateSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderStatusSchema,
  purchaseOrderSeenBy,
  purchaseOrderUpdateSchema,
  receiptCostRefusal,
  receiptCreateSchema,
  receiptSeenBy,
  reorderListQuerySchema,
  reorderSuggestionRequestSchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { etagOf, ifMatchOf, setEtag } from '../../http/etag';
import { type Idempotency, sendAnswer } from '../../idempotency';
import { HttpError, parse } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { purchaseOrderPage } from './list';
import type { PurchaseOrderMail } from './mail';
import { reorderList } from '../../purchasing/on-order';
import type { Receiving } from './receiving';
import type { VersionedPurchaseOrder } from './mapping';
import type { PurchaseOrderService } from './service';
import type { Suggestions } from './suggestions';

export interface PurchaseOrderRoutesOptions {
  purchaseOrders: PurchaseOrderService;
  receiving: Receiving;
  suggestions: Suggestions;
  mail: PurchaseOrderMail;
  idempotency: Idempotency;
  access: StoreAccessDeps;
  db: Db;
}

const orderId = (request: FastifyRequest) => pathId(request, PURCHASE_MESSAGES.notFound);

/**
 * /api/purchase-orders (docs/decisions/0042-purchase-orders-and-receiving.md): JSON; single-item answers carry an
 * ETag, and PATCH, DELETE and status changes honour If-Match. Orders and receipts are read and received by
 * `purchasing:receive` (staff too, docs/decisions/0047-receiving-by-staff.md), each answer as the caller's role may see
 * it (`purchaseOrderSeenBy`, `receiptSeenBy`: no costs without cost:read).
 */
export async function purchaseOrderRoutes(app: FastifyInstance, { purchaseOrders, receiving, suggestions, mail, idempotency, access, db }: PurchaseOrderRoutesOptions) {
  const read = { preHandler: requireStore(access, 'purchasing:read') };
  const manage = { preHandler: requireStore(access, 'purchasing:manage') };
  const receive = { preHandler: requireStore(access, 'purchasing:receive') };

  app.post('/api/purchase-orders', manage, async (request, reply) => {
    const body = parse(purchaseOrderCreateSchema, request.body);
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, body);
    const answer = await idempotency.run(key, async () => {
      const toAnswer = ({ purchaseOrder, version }: VersionedPurchaseOrder) => ({ status: 201, body: purchaseOrder, etag: etagOf(version) });
      const created = await purchaseOrders.create(store, body, key ? (trx, made) => idempotency.remember(trx, key, toAnswer(made)) : undefined);
      return toAnswer(created);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/api/purchase-orders', receive, async (request, reply) => {
    const query = parse(purchaseOrderListQuerySchema, request.query);
    const { storeId, role } = storeOf(request);
    const page = await purchaseOrderPage(db, storeId, query);
    return reply.header('cache-control', 'private, no-store').send({ ...page, items: page.items.map((order) => purchaseOrderSeenBy(role, order)) });
  });

  app.get('/api/purchase-orders/reorder', read, async (request, reply) => {
    const query = parse(reorderListQuerySchema, request.query);
    return reply.header('cache-control', 'private, no-store').send(await reorderList(db, storeOf(request).storeId, query));
  });

  app.post('/api/purchase-orders/suggestions', manage, async (request, reply) => {
    const body = parse(reorderSuggestionRequestSchema, request.body);
    return reply.status(201).send(await suggestions.orderThese(storeOf(request), body));
  });

  app.get('/api/purchase-orders/:id', receive, async (request, reply) => {
    const { storeId, role } = storeOf(request);
    const { purchaseOrder, version } = await purchaseOrders.get(storeId, orderId(request));
    return setEtag(reply, version).send(purchaseOrderSeenBy(role, purchaseOrder));
  });

  app.patch('/api/purchase-orders/:id', manage, async (request, reply) => {
    const id = orderId(request);
    const body = parse(purchaseOrderUpdateSchema, request.body);
    const { purchaseOrder, version } = await purchaseOrders.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(purchaseOrder);
  });

  app.delete('/api/purchase-orders/:id', manage, async (request) => {
    await purchaseOrders.remove(storeOf(request), orderId(request), ifMatchOf(request));
    return { message: PURCHASE_MESSAGES.deleted };
  });

  app.post('/api/purchase-orders/:id/status', manage, async (request, reply) => {
    const id = orderId(request);
    const body = parse(purchaseOrderStatusSchema, request.body);
    const { purchaseOrder, version } = await purchaseOrders.setStatus(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(purchaseOrder);
  });

  app.get('/api/purchase-orders/:id/pdf', read, async (request, reply) => {
    const { bytes, fileName } = await mail.pdf(storeOf(request).storeId, orderId(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  app.post('/api/purchase-orders/:id/mail', manage, async (request) => mail.send(storeOf(request), orderId(request)));

  app.post('/api/purchase-orders/:id/receipts', receive, async (request, reply) => {
    const id = orderId(request);
    const body = parse(receiptCreateSchema, request.body);
    const store = storeOf(request);
    const costRefusal = receiptCostRefusal(store.role, body);
    if (costRefusal) throw new HttpError(403, costRefusal);
    // The order's id is part of what the key names: the same lines for another order are another request.
    const key = idempotency.of(request, store.storeId, { id, body });
    const answer = await idempotency.run(key, async () => {
      const toAnswer = (created: ReceiptCreated) => ({
        status: 201,
        body: { receipt: receiptSeenBy(store.role, created.receipt), purchaseOrder: purchaseOrderSeenBy(store.role, created.purchaseOrder) },
        etag: null,
      });
      const created = await receiving.receive(store, id, body, key ? (trx, made) => idempotency.remember(trx, key, toAnswer(made)) : undefined);
      return toAnswer(created);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/api/purchase-orders/:id/receipts', receive, async (request, reply) => {
    const { storeId, role } = storeOf(request);
    const receipts = await receiving.list(storeId, orderId(request));
    return reply.header('cache-control', 'private, no-store').send(receipts.map((receipt) => receiptSeenBy(role, receipt)));
  });
}
