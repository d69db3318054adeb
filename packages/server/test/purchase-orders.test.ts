import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MESSAGES,
  type Page,
  type Product,
  type PurchaseOrder,
  type Receipt,
  type ReceiptCreated,
  type ReorderList,
  type ReorderSuggestionAnswer,
  type Supplier,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/**
 * Issue 28 (docs/decisions/0042-purchase-orders-and-receiving.md): purchase orders written, sent, received in parts
 * and cancelled; each receipt all or nothing, moving stock, ledger, on-order and cost together; the moving average of
 * 0039's worked example end to end; "Order these" in pack sizes minus what is on order.
 */
describe.each(databases)('purchase orders and receiving, on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: string;
  let headers: Record<string, string>;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
    headers = cookieHeader(owner);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const product = async (fields: Record<string, string>) => {
    const body = await multipart({ ...PRODUCT_FIELDS, quantity: '0', ...fields });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  let supplierCount = 0;
  const supplier = async (fields: Record<string, unknown> = {}) => {
    supplierCount += 1;
    const response = await call(app, 'POST', '/api/suppliers', headers, { name: `Supplier ${supplierCount}`, email: `s${supplierCount}@example.com`, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Supplier>();
  };
  const link = async (productId: string, supplierId: string, fields: Record<string, unknown>) => {
    const response = await call(app, 'POST', `/api/products/${productId}/suppliers`, headers, { supplierId, ...fields });
    expect(response.statusCode, response.body).toBe(201);
  };
  const draft = async (supplierId: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    const response = await call(app, 'POST', '/api/purchase-orders', headers, { supplierId, lines, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PurchaseOrder>();
  };
  const send = async (order: PurchaseOrder) => {
    const response = await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, headers, { status: 'ordered' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PurchaseOrder>();
  };
  const receive = (order: PurchaseOrder, lines: Record<string, unknown>[]) => call(app, 'POST', `/api/purchase-orders/${order._id}/receipts`, headers, { lines });
  const get = async (order: PurchaseOrder) => (await call(app, 'GET', `/api/purchase-orders/${order._id}`, headers)).json<PurchaseOrder>();
  const productOf = async (id: string) => (await call(app, 'GET', `/api/products/${id}`, headers)).json<Product & { onOrder: { quantity: number; expectedDate: string | null } }>();

  it('writes drafts numbered from the store’s sequence, edits them at their version, sends them only with every cost, and lists them', async () => {
    const northwind = await supplier();
    const dock = await product({ name: 'USB-C Dock' });
    const cable = await product({ name: 'USB-C Cable' });

    const refused = await call(app, 'POST', '/api/purchase-orders', headers, { supplierId: northwind._id, lines: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Add at least one line' });
    const repeated = await call(app, 'POST', '/api/purchase-orders', headers, {
      supplierId: northwind._id,
      lines: [{ productId: dock._id, quantity: 1, unitCost: 1 }, { productId: dock._id, quantity: 2, unitCost: 1 }],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ message: string }>().message).toMatch(/^Line 2: This product is already on line 1/);
    const unknown = await call(app, 'POST', '/api/purchase-orders', headers, { supplierId: northwind._id, lines: [{ productId: crypto.randomUUID(), quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);

    const order = await draft(northwind._id, [{ productId: dock._id, quantity: 4, unitCost: 121.5 }, { productId: cable._id, quantity: 10, unitCost: null }], { expectedDate: '2026-12-01' });
    expect(order).toMatchObject({ status: 'draft', reference: expect.stringMatching(/^PO-\d{5}$/), lineCount: 2, total: null, expectedDate: '2026-12-01' });
    expect(order.lines!.map((line) => [line.product?.name, line.quantity, line.unitCost, line.outstanding])).toEqual([
      ['USB-C Dock', 4, 121.5, 4],
      ['USB-C Cable', 10, null, 10],
    ]);
    const next = await draft(northwind._id, [{ productId: dock._id, quantity: 1, unitCost: 1 }]);
    expect(next.number).toBe(order.number + 1);

    // A line without a cost keeps it a draft: 409 naming the line.
    const noCost = await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, headers, { status: 'ordered' });
    expect(noCost.statusCode).toBe(409);
    expect(noCost.json()).toEqual({ message: 'Give every line a unit cost before ordering: Line 2 (USB-C Cable).' });

    const stale = await call(app, 'PATCH', `/api/purchase-orders/${order._id}`, { ...headers, 'if-match': '"99"' }, { notes: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.editConflict });
    const edited = await call(app, 'PATCH', `/api/purchase-orders/${order._id}`, { ...headers, 'if-match': '"1"' }, {
      ...order,
      lines: [{ productId: dock._id, quantity: 4, unitCost: 121.5 }, { productId: cable._id, quantity: 10, unitCost: '2.05' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers.etag).toBe('"2"');
    expect(edited.json<PurchaseOrder>().total).toBe(506.5);

    const sent = await send(order);
    expect(sent).toMatchObject({ status: 'ordered', orderedAt: expect.any(String) });
    const late = await call(app, 'PATCH', `/api/purchase-orders/${order._id}`, headers, { notes: 'late' });
    expect(late.statusCode).toBe(409);
    expect((await call(app, 'DELETE', `/api/purchase-orders/${order._id}`, headers)).statusCode).toBe(409);
    expect((await call(app, 'DELETE', `/api/purchase-orders/${next._id}`, headers)).json()).toEqual({ message: 'Purchase order deleted' });
    expect((await call(app, 'GET', `/api/purchase-orders/${next._id}`, headers)).statusCode).toBe(404);

    const ordered = (await call(app, 'GET', `/api/purchase-orders?status=ordered&supplierId=${northwind._id}`, headers)).json<Page<PurchaseOrder>>();
    expect(ordered.items.map((item) => item._id)).toEqual([order._id]);
    const byNumber = (await call(app, 'GET', `/api/purchase-orders?q=po%20${order.number}`, headers)).json<Page<PurchaseOrder>>();
    expect(byNumber.items.map((item) => item.reference)).toContain(order.reference);
    expect((await call(app, 'GET', '/api/purchase-orders?status=nope', headers)).statusCode).toBe(400);

    // On order: the product shows what is outstanding and when; a cancelled order is no longer on order.
    expect((await productOf(dock._id)).onOrder).toEqual({ quantity: 4, expectedDate: '2026-12-01' });
    const cancelled = await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, headers, { status: 'cancelled' });
    expect(cancelled.json<PurchaseOrder>().status).toBe('cancelled');
    expect(await productOf(dock._id)).not.toHaveProperty('onOrder');
    const back = await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, headers, { status: 'ordered' });
    expect(back.statusCode).toBe(409);

    // A product a purchase order names is archived, never deleted: the order keeps its line.
    const named = await product({ name: 'Named once' });
    await draft(northwind._id, [{ productId: named._id, quantity: 1, unitCost: 1 }]);
    expect((await call(app, 'DELETE', `/api/products/${named._id}`, headers)).headers['product-removal']).toBe('archived');
    // A supplier with purchase orders is archived, never deleted.
    expect((await call(app, 'DELETE', `/api/suppliers/${northwind._id}`, headers)).json()).toMatchObject({ outcome: 'archived' });
  });

  it('receives in parts: the moving average of the worked example, stock, ledger, on-order and status together', async () => {
    const acme = await supplier();
    const widget = await product({ name: 'Widget' });
    const order = await send(await draft(acme._id, [{ productId: widget._id, quantity: 15, unitCost: 1 }]));
    const lineId = order.lines![0]!._id;

    // Receive 10 at 1.00 → cost 1.00 (stock 0 weighs nothing; the old cost was unknown).
    const first = await receive(order, [{ lineId, quantity: 10 }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<ReceiptCreated>().purchaseOrder).toMatchObject({ status: 'partly_received' });
    expect(await productOf(widget._id)).toMatchObject({ quantity: 10, cost: 1, onOrder: { quantity: 5 } });

    // Sell 5: the cost stays.
    expect((await call(app, 'POST', '/api/orders', headers, { name: 'Widget', category: 'Misc', price: 3, quantity: 5, productId: widget._id })).statusCode).toBe(201);
    expect(await productOf(widget._id)).toMatchObject({ quantity: 5, cost: 1 });

    // Receive 5 at 1.30 → (5 × 100 + 5 × 130) / 10 = 1150 / 10 = 115 cents exactly: 1.15.
    const second = await receive(order, [{ lineId, quantity: 5, unitCost: 1.3 }]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<ReceiptCreated>().purchaseOrder).toMatchObject({ status: 'received', lines: [expect.objectContaining({ received: 15, outstanding: 0 })] });
    const received = await productOf(widget._id);
    expect(received).toMatchObject({ quantity: 10, cost: 1.15 });
    expect(received).not.toHaveProperty('onOrder');

    // Each part a `received` movement naming its receipt, with its unit cost.
    const receipts = (await call(app, 'GET', `/api/purchase-orders/${order._id}/receipts`, headers)).json<Receipt[]>();
    expect(receipts.map((receipt) => receipt.lines.map((line) => [line.quantity, line.unitCost]))).toEqual([[[10, 1]], [[5, 1.3]]]);
    expect(receipts[0]!.createdBy).toEqual({ name: 'Olivia Owner', token: null });
    // Each answer is built from what was written (receiving.ts): it is what a read says after it.
    expect([first.json<ReceiptCreated>().receipt, second.json<ReceiptCreated>().receipt]).toEqual(receipts);
    expect(second.json<ReceiptCreated>().purchaseOrder).toEqual(await get(order));
    const movements = await app.db.selectFrom('stock_movements').select(['reason', 'change', 'receipt_id', 'unit_cost_cents']).where('product_id', '=', widget._id).where('reason', '=', 'received').orderBy('id').execute();
    expect(movements).toEqual([
      { reason: 'received', change: 10, receipt_id: receipts[0]!._id, unit_cost_cents: 100 },
      { reason: 'received', change: 5, receipt_id: receipts[1]!._id, unit_cost_cents: 130 },
    ]);
    expect(await findStockMismatches(app.db)).toEqual([]);

    // Nothing left: 409 saying so.
    const more = await receive(order, [{ lineId, quantity: 1 }]);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: 'A received purchase order has nothing left to receive.' });
  });

  it('refuses a receipt whole: more than outstanding on one line leaves every line, stock, cost and the ledger as they were', async () => {
    const acme = await supplier();
    const a = await product({ name: 'Alpha', quantity: '3', cost: '2.00' });
    const b = await product({ name: 'Beta' });
    const order = await send(await draft(acme._id, [{ productId: a._id, quantity: 5, unitCost: 3 }, { productId: b._id, quantity: 20, unitCost: 1 }]));
    const [lineA, lineB] = order.lines!.map((line) => line._id);
    const movementsBefore = await app.db.selectFrom('stock_movements').select('id').where('store_id', '=', (await app.db.selectFrom('products').select('store_id').where('id', '=', a._id).executeTakeFirstOrThrow()).store_id).execute();

    const refused = await receive(order, [{ lineId: lineA, quantity: 5 }, { lineId: lineB, quantity: 21 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Line 2 (Beta): only 20 outstanding, not 21.' });
    // A line named twice counts its sum.
    const twice = await receive(order, [{ lineId: lineA, quantity: 3 }, { lineId: lineA, quantity: 3 }]);
    expect(twice.json()).toEqual({ message: 'Line 1 (Alpha): only 5 outstanding, not 6.' });
    expect((await receive(order, [{ lineId: lineA, quantity: -1 }])).statusCode).toBe(400);
    expect((await receive(order, [{ lineId: crypto.randomUUID(), quantity: 1 }])).statusCode).toBe(400);
    expect((await receive(order, [{ lineId: lineA, quantity: 1, unitCost: 'x' }])).statusCode).toBe(400);

    expect(await productOf(a._id)).toMatchObject({ quantity: 3, cost: 2, onOrder: { quantity: 5 } });
    expect((await get(order)).lines!.map((line) => line.received)).toEqual([0, 0]);
    const storeId = (await app.db.selectFrom('products').select('store_id').where('id', '=', a._id).executeTakeFirstOrThrow()).store_id;
    expect(await app.db.selectFrom('stock_movements').select('id').where('store_id', '=', storeId).execute()).toHaveLength(movementsBefore.length);

    // Both lines in one receipt: 3 at 2.00 and 5 at 3.00 → (6 + 15) / 8 = 2.625 → 2.63 (half away from zero).
    const both = await receive(order, [{ lineId: lineB, quantity: 20 }, { lineId: lineA, quantity: 5 }]);
    expect(both.statusCode, both.body).toBe(201);
    expect(await productOf(a._id)).toMatchObject({ quantity: 8, cost: 2.63 });
    expect(await productOf(b._id)).toMatchObject({ quantity: 20, cost: 1 });
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it('"Order these": one draft per preferred supplier, in whole packs, minus what is on order; the reorder list counts what is on order', async () => {
    const [bolts, nuts] = [await supplier({ name: 'Zed Bolts', leadTimeDays: 7 }), await supplier({ name: 'acme nuts' })];
    const bolt = await product({ name: 'Bolt', quantity: '2', reorderPoint: '10', cost: '0.10' });
    const nut = await product({ name: 'Nut', quantity: '2', reorderPoint: '10' });
    const washer = await product({ name: 'Washer', quantity: '1', reorderPoint: '4' });
    const fine = await product({ name: 'Fine', quantity: '50', reorderPoint: '4' });
    await link(bolt._id, bolts._id, { packSize: 6, preferred: true });
    await link(nut._id, nuts._id, { packSize: 6, lastCost: 0.05, preferred: true });
    // 5 nuts already on order.
    const nutLine = await send(await draft(nuts._id, [{ productId: nut._id, quantity: 5, unitCost: 0.05 }]));
    expect(nutLine.status).toBe('ordered');

    const list = (await call(app, 'GET', '/api/purchase-orders/reorder', headers)).json<ReorderList>();
    const mine = list.items.filter((item) => [bolt._id, nut._id, washer._id, fine._id].includes(item.product._id));
    expect(mine.map((item) => [item.product.name, item.onOrder.quantity, item.shortfall])).toEqual([
      ['Bolt', 0, 9],
      ['Nut', 5, 4],
      ['Washer', 0, 4],
    ]);

    const answer = await call(app, 'POST', '/api/purchase-orders/suggestions', headers, { productIds: [bolt._id, nut._id, washer._id, fine._id] });
    expect(answer.statusCode, answer.body).toBe(201);
    const { created, withoutSupplier, nothingToOrder } = answer.json<ReorderSuggestionAnswer>();
    // Bolt: 11 − 2 = 9 → 2 packs of 6 = 12 at the product's cost; Nut: 11 − 2 − 5 = 4 → 1 pack = 6 at the supplier's last cost.
    expect(created.map((order) => [order.supplier.name, order.status])).toEqual([
      ['acme nuts', 'draft'],
      ['Zed Bolts', 'draft'],
    ]);
    // The answer is built from what was written (draft-batch.ts): it is what a read of each draft says.
    expect(await Promise.all(created.map(get))).toEqual(created);
    expect(created[1]!.number).toBe(created[0]!.number + 1);
    const lines = created.map((order) => order.lines!.map((line) => [line.product!.name, line.quantity, line.unitCost]));
    expect(lines).toEqual([[['Nut', 6, 0.05]], [['Bolt', 12, 0.1]]]);
    expect(created[1]!.expectedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created[0]!.expectedDate).toBeNull();
    expect(withoutSupplier).toEqual([{ productId: washer._id, name: 'Washer', quantity: 4 }]);
    expect(nothingToOrder).toEqual([fine._id]);

    const bad = await call(app, 'POST', '/api/purchase-orders/suggestions', headers, {});
    expect(bad.statusCode).toBe(400);
  });

  it('rolls a receipt back whole when a product would pass the largest quantity as it is written', async () => {
    const acme = await supplier();
    const full = await product({ name: 'Nearly full', quantity: '999999', cost: '1.00' });
    const [x, y] = [await product({ name: 'X', cost: '1.00' }), await product({ name: 'Y', cost: '1.00' })];
    const order = await send(await draft(acme._id, [{ productId: x._id, quantity: 5, unitCost: 9 }, { productId: full._id, quantity: 5, unitCost: 9 }, { productId: y._id, quantity: 5, unitCost: 9 }]));
    const storeId = (await app.db.selectFrom('products').select('store_id').where('id', '=', x._id).executeTakeFirstOrThrow()).store_id;
    const movements = async () => (await app.db.selectFrom('stock_movements').select('id').where('store_id', '=', storeId).execute()).length;
    const before = await movements();
    const refused = await receive(order, order.lines!.map((line) => ({ lineId: line._id, quantity: 5 })));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MESSAGES.stockAboveLimit(999_999) });
    for (const item of [x, y, full]) expect(await productOf(item._id)).toMatchObject({ quantity: item.quantity, cost: 1 });
    expect((await get(order)).lines!.map((line) => line.received)).toEqual([0, 0, 0]);
    expect((await call(app, 'GET', `/api/purchase-orders/${order._id}/receipts`, headers)).json()).toEqual([]);
    expect(await movements()).toBe(before);
  });

  it('receives once for a retried receipt with the same Idempotency-Key', async () => {
    const acme = await supplier();
    const item = await product({ name: 'Retried' });
    const order = await send(await draft(acme._id, [{ productId: item._id, quantity: 10, unitCost: 1 }]));
    const retry = () => call(app, 'POST', `/api/purchase-orders/${order._id}/receipts`, { ...headers, 'idempotency-key': `receipt-${order._id}` }, { lines: [{ lineId: order.lines![0]!._id, quantity: 4 }] });
    const [first, second] = [await retry(), await retry()];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(await productOf(item._id)).toMatchObject({ quantity: 4, onOrder: { quantity: 6 } });
  });

  it('sends no reorder alert for a product whose stock on order brings it back above its point', async () => {
    const acme = await supplier();
    const covered = await product({ name: 'Covered', quantity: '10', reorderPoint: '5' });
    const bare = await product({ name: 'Bare', quantity: '10', reorderPoint: '5' });
    await send(await draft(acme._id, [{ productId: covered._id, quantity: 10, unitCost: 1 }]));
    for (const item of [covered, bare])
      expect((await call(app, 'POST', '/api/orders', headers, { name: item.name, category: 'Misc', price: 1, quantity: 6, productId: item._id })).statusCode).toBe(201);
    const alerts = await app.db.selectFrom('stock_alerts').select('product_id').where('product_id', 'in', [covered._id, bare._id]).execute();
    expect(alerts.map((alert) => alert.product_id)).toEqual([bare._id]);
  });

  it('mails a sent order to the supplier through the outbox, with their part numbers, replies to the sender', async () => {
    const northwind = await supplier({ name: 'Northwind Mail', email: 'po@northwind.example' });
    const dock = await product({ name: 'Mail Dock', sku: 'MAIL-DOCK' });
    await link(dock._id, northwind._id, { partNumber: 'NW-7', packSize: 2 });
    const order = await draft(northwind._id, [{ productId: dock._id, quantity: 4, unitCost: 121.5 }], { expectedDate: '2030-02-01', notes: 'Deliver to the back door' });
    const refused = await call(app, 'POST', `/api/purchase-orders/${order._id}/mail`, headers);
    expect(refused.json()).toEqual({ message: 'Order this purchase order before mailing it; this one is draft.' });
    await send(order);
    const mailed = await call(app, 'POST', `/api/purchase-orders/${order._id}/mail`, headers);
    expect(mailed.json()).toEqual({ message: 'Purchase order mailed to po@northwind.example' });
    await app.outbox.flush();
    const mail = mailer.sent.findLast((message) => message.to === 'po@northwind.example')!;
    expect(mail.subject).toBe(`Purchase order ${order.reference} from ${(await call(app, 'GET', '/api/stores/active', headers)).json<{ name: string }>().name}`);
    expect(mail.text).toContain('1. 4 × Mail Dock (SKU MAIL-DOCK), your part NW-7 at $121.50 = $486.00');
    expect(mail.text).toContain('Total: $486.00');
    expect(mail.text).toContain('Expected by: 2030-02-01');
    expect(mail.text).toContain('Deliver to the back door');
    expect(mail.replyTo).toMatch(/@/);

    // The order as a PDF to send (pdfkit, the invoices' worker pool), which pdftotext reads back.
    const pdf = await app.inject({ method: 'GET', url: `/api/purchase-orders/${order._id}/pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${order.reference}.pdf"`);
    const dir = mkdtempSync(path.join(tmpdir(), 'po-pdf-'));
    try {
      writeFileSync(path.join(dir, 'po.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'po.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain(`Purchase order ${order.reference}`);
      expect(text).toContain('Supplier:');
      expect(text).toContain('Northwind Mail');
      expect(text).toMatch(/Mail Dock \(SKU MAIL-DOCK\)\s+NW-7\s+4\s+\$121\.50\s+\$486\.00/);
      expect(text).toMatch(/Total\s+\$486\.00/);
      expect(text).toContain('Expected by: 2030-02-01');
      expect(text).toContain('Deliver to the back door');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets staff read and receive without costs (each line’s unit cost taken), and nothing else; viewers get 403', async () => {
    const staff = cookieHeader((await joinAs(app, mailer, owner, 'staff')).token);
    const viewer = cookieHeader((await joinAs(app, mailer, owner, 'viewer')).token);
    const acme = await supplier();
    const gadget = await product({ name: 'Staff gadget', quantity: '10', cost: '2.00' });
    const order = await send(await draft(acme._id, [{ productId: gadget._id, quantity: 10, unitCost: 3 }]));
    const lineId = order.lines![0]!._id;

    // What staff read: the order and its lines without a total or a unit cost (absent, not null).
    const listed = (await call(app, 'GET', `/api/purchase-orders?supplierId=${acme._id}`, staff)).json<Page<PurchaseOrder>>();
    expect(listed.items.map((item) => item.reference)).toEqual([order.reference]);
    expect(listed.items[0]).not.toHaveProperty('total');
    const seen = (await call(app, 'GET', `/api/purchase-orders/${order._id}`, staff)).json<PurchaseOrder>();
    expect(seen).not.toHaveProperty('total');
    expect(seen.lines).toEqual([expect.objectContaining({ quantity: 10, outstanding: 10 })]);
    expect(seen.lines![0]).not.toHaveProperty('unitCost');

    // A receipt giving a cost is refused whole; without one it takes the line's (2.00 × 10 and 3.00 × 4 → 2.29).
    const costed = await call(app, 'POST', `/api/purchase-orders/${order._id}/receipts`, staff, { lines: [{ lineId, quantity: 4, unitCost: 1 }] });
    expect(costed.statusCode).toBe(403);
    expect(costed.json()).toEqual({ message: 'Your role (staff) does not allow you to set product costs.' });
    const received = await call(app, 'POST', `/api/purchase-orders/${order._id}/receipts`, staff, { lines: [{ lineId, quantity: 4, unitCost: null }] });
    expect(received.statusCode, received.body).toBe(201);
    const answer = received.json<ReceiptCreated>();
    expect(answer.purchaseOrder).toMatchObject({ status: 'partly_received' });
    expect(answer.purchaseOrder).not.toHaveProperty('total');
    expect(answer.receipt.lines[0]).not.toHaveProperty('unitCost');
    // (10 × 200 + 4 × 300) / 14 = 3200 / 14 = 228.57… → 229 cents.
    expect(await productOf(gadget._id)).toMatchObject({ quantity: 14, cost: 2.29, onOrder: { quantity: 6 } });
    const receipts = (await call(app, 'GET', `/api/purchase-orders/${order._id}/receipts`, staff)).json<Receipt[]>();
    expect(receipts[0]!.lines[0]).not.toHaveProperty('unitCost');
    expect(receipts[0]!.createdBy).toEqual({ name: 'staff member', token: null });
    expect((await call(app, 'GET', `/api/purchase-orders/${order._id}/receipts`, headers)).json<Receipt[]>()[0]!.lines[0]!.unitCost).toBe(3);

    // Nothing else of purchasing: writing, sending, cancelling, deleting, mailing, the PDF, the reorder list, "Order these".
    const refused = [
      await call(app, 'POST', '/api/purchase-orders', staff, { supplierId: acme._id, lines: [{ productId: gadget._id, quantity: 1, unitCost: 1 }] }),
      await call(app, 'PATCH', `/api/purchase-orders/${order._id}`, staff, { notes: 'x' }),
      await call(app, 'POST', `/api/purchase-orders/${order._id}/status`, staff, { status: 'cancelled' }),
      await call(app, 'DELETE', `/api/purchase-orders/${order._id}`, staff),
      await call(app, 'POST', `/api/purchase-orders/${order._id}/mail`, staff),
      await call(app, 'GET', `/api/purchase-orders/${order._id}/pdf`, staff),
      await call(app, 'GET', '/api/purchase-orders/reorder', staff),
      await call(app, 'POST', '/api/purchase-orders/suggestions', staff, { all: true }),
      await call(app, 'GET', '/api/purchase-orders', viewer),
      await call(app, 'POST', `/api/purchase-orders/${order._id}/receipts`, viewer, { lines: [{ lineId, quantity: 1 }] }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403, 403]);
    const gadgetToStaff = (await call(app, 'GET', `/api/products/${gadget._id}`, staff)).json<Record<string, unknown>>();
    expect(gadgetToStaff).not.toHaveProperty('onOrder');
    expect(gadgetToStaff).not.toHaveProperty('cost');
    expect(await findStockMismatches(app.db)).toEqual([]);
  });
});
