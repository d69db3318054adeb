import { spawnSync } from 'node:child_process';
import { type Movement, type MovementPage, MESSAGES, type Order, type Product, type StoreListItem } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { ensureServerBuilt, OPS_ENTRY, REPO_ROOT } from './support/processes';
import { call, memoryMailer } from './support/team';

describe.each(databases)('stock that moves, on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let headers: Record<string, string>;
  let ownerEmail: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    const owner = await register(app, { name: 'Olivia Owner' });
    ownerEmail = owner.body.email;
    headers = cookieHeader(owner.token);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });
  beforeEach(() => {
    mailer.sent.length = 0;
  });

  const newProduct = async (quantity: number, extra: Record<string, string> = {}) => {
    const body = await multipart({ ...PRODUCT_FIELDS, quantity: String(quantity), ...extra });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const editProduct = async (product: Product, fields: Record<string, string>) => {
    const body = await multipart({ ...PRODUCT_FIELDS, name: product.name, ...fields });
    return app.inject({ method: 'PATCH', url: `/api/products/${product._id}`, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const stockOf = async (id: string) => (await call(app, 'GET', `/api/products/${id}`, headers)).json<Product>().quantity;
  const movementsOf = async (id: string) => (await call(app, 'GET', `/api/products/${id}/movements?limit=100`, headers)).json<MovementPage>().items;
  const order = (product: Product | null, quantity: number, extra: Record<string, unknown> = {}) =>
    call(app, 'POST', '/api/orders', { ...headers, ...((extra.headers as Record<string, string>) ?? {}) }, {
      name: product?.name ?? 'Free text',
      category: product?.category ?? 'Misc',
      price: 10,
      quantity,
      ...(product ? { productId: product._id } : {}),
    });
  const patchOrder = (id: string, body: Record<string, unknown>) => call(app, 'PATCH', `/api/orders/${id}`, headers, body);
  const expectLedgerAddsUp = async () => expect(await findStockMismatches(app.db)).toEqual([]);

  it('an order for a product takes its stock; too many answers 409 with what is available and changes nothing', async () => {
    const product = await newProduct(5);
    const placed = await order(product, 3);
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ productId: product._id, status: 'open', quantity: 3 });
    expect(await stockOf(product._id)).toBe(2);

    const tooMany = await order(product, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: MESSAGES.insufficientStock(2) });
    expect(await stockOf(product._id)).toBe(2);
    const orders = (await call(app, 'GET', '/api/orders', headers)).json<Order[]>();
    expect(orders.filter((o) => o.productId === product._id)).toHaveLength(1);

    // Orders as the original contract sends them move no stock.
    expect((await order(null, 50)).statusCode).toBe(201);
    expect((await order({ ...product, _id: '00000000-0000-4000-8000-000000000000' }, 1)).json()).toEqual({ message: MESSAGES.orderProductGone });
    await expectLedgerAddsUp();
  });

  it('every path that changes stock writes its movement: create, edit, order placed, changed, cancelled, reopened, moved, deleted, correction', async () => {
    const product = await newProduct(10);
    const other = await newProduct(4, { name: 'Other product' });
    expect((await editProduct(product, { quantity: '12' })).statusCode).toBe(200);
    const placed = (await order(product, 2)).json<Order>();
    const base = { name: placed.name, category: placed.category, price: placed.price };
    expect((await patchOrder(placed._id, { ...base, quantity: 5 })).statusCode).toBe(200);
    expect((await patchOrder(placed._id, { ...base, quantity: 5, status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(product._id)).toBe(12);
    expect((await patchOrder(placed._id, { ...base, quantity: 5, status: 'open' })).statusCode).toBe(200);
    expect((await patchOrder(placed._id, { ...base, quantity: 3, productId: other._id })).statusCode).toBe(200);
    expect(await stockOf(product._id)).toBe(12);
    expect(await stockOf(other._id)).toBe(1);
    expect((await call(app, 'DELETE', `/api/orders/${placed._id}`, headers)).statusCode).toBe(200);
    expect(await stockOf(other._id)).toBe(4);
    const adjusted = await call(app, 'POST', `/api/products/${product._id}/adjustments`, headers, { change: -2 });
    expect(adjusted.json()).toEqual({ message: MESSAGES.stockAdjusted, quantity: 10 });
    const negative = await call(app, 'POST', `/api/products/${product._id}/adjustments`, headers, { change: -11 });
    expect(negative.statusCode).toBe(409);
    expect(negative.json()).toEqual({ message: MESSAGES.stockWouldBeNegative(10) });

    const history = await movementsOf(product._id);
    expect(history.map((m: Movement) => [m.reason, m.change, m.quantityAfter])).toEqual([
      ['correction', -2, 10],
      ['order_changed', 5, 12],
      ['order_reopened', -5, 7],
      ['order_cancelled', 5, 12],
      ['order_changed', -3, 7],
      ['order_placed', -2, 10],
      ['edited', 2, 12],
      ['created', 10, 10],
    ]);
    expect(history[0]!.by).toEqual({ name: 'Olivia Owner', token: null });
    expect(history.find((m) => m.reason === 'order_placed')!.orderId).toBe(placed._id);
    expect((await movementsOf(other._id)).map((m) => [m.reason, m.change])).toEqual([
      ['order_deleted', 3],
      ['order_changed', -3],
      ['created', 4],
    ]);
    await expectLedgerAddsUp();
  });

  it('a fulfilled order is final, and keeps its stock when deleted', async () => {
    const product = await newProduct(6);
    const placed = (await order(product, 2)).json<Order>();
    const base = { name: placed.name, category: placed.category, price: placed.price, quantity: 2 };
    expect((await patchOrder(placed._id, { ...base, status: 'fulfilled' })).statusCode).toBe(200);
    const edit = await patchOrder(placed._id, { ...base, quantity: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: MESSAGES.orderFulfilledLocked });
    expect((await call(app, 'DELETE', `/api/orders/${placed._id}`, headers)).statusCode).toBe(200);
    expect(await stockOf(product._id)).toBe(4);
    await expectLedgerAddsUp();
  });

  it('the history pages newest first', async () => {
    const product = await newProduct(1);
    for (let i = 0; i < 12; i += 1) await call(app, 'POST', `/api/products/${product._id}/adjustments`, headers, { change: 1 });
    const first = (await call(app, 'GET', `/api/products/${product._id}/movements?limit=5`, headers)).json<MovementPage>();
    expect(first.items.map((m) => m.quantityAfter)).toEqual([13, 12, 11, 10, 9]);
    const second = (await call(app, 'GET', `/api/products/${product._id}/movements?limit=5&after=${first.next}`, headers)).json<MovementPage>();
    expect(second.items.map((m) => m.quantityAfter)).toEqual([8, 7, 6, 5, 4]);
    const third = (await call(app, 'GET', `/api/products/${product._id}/movements?limit=5&after=${second.next}`, headers)).json<MovementPage>();
    expect(third.items.map((m) => m.quantityAfter)).toEqual([3, 2, 1]);
    expect(third.next).toBeNull();
  });

  it('Idempotency-Key: a retry answers the first result and takes stock once; another request with the key is refused', async () => {
    const product = await newProduct(10);
    const key = { headers: { 'idempotency-key': `order-${product._id}` } };
    const first = await order(product, 4, key);
    const retry = await order(product, 4, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers.etag).toBe(first.headers.etag);
    expect(await stockOf(product._id)).toBe(6);
    const different = await order(product, 5, key);
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({ message: MESSAGES.idempotencyKeyReused });

    // Sent at once with one key: one order, stock taken once.
    const burstKey = { headers: { 'idempotency-key': `burst-${product._id}` } };
    const burst = await Promise.all(Array.from({ length: 5 }, () => order(product, 1, burstKey)));
    expect(new Set(burst.map((response) => response.json<Order>()._id)).size).toBe(1);
    expect(await stockOf(product._id)).toBe(5);

    const bad = await order(product, 1, { headers: { 'idempotency-key': 'has spaces' } });
    expect(bad.statusCode).toBe(400);
    // Products too.
    const body = await multipart({ ...PRODUCT_FIELDS, name: 'Once' });
    const send = () => app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers, 'idempotency-key': 'product-once' } });
    const [a, b] = [await send(), await send()];
    expect(b.json<Product>()._id).toBe(a.json<Product>()._id);
    await expectLedgerAddsUp();
  });

  /** The crossings composed into mails (written to the outbox), then the outbox sent. */
  const mailAlerts = async () => {
    await app.stockAlerts.flush();
    await app.outbox.flush();
  };

  it('reorder alerts: one mail per crossing, none repeated, several crossings in one mail, again after going back above', async () => {
    const printer = await newProduct(10, { name: 'Label Printer', reorderPoint: '4' });
    const toner = await newProduct(3, { name: 'Toner', reorderPoint: '5' }); // created low: that is a crossing too
    await mailAlerts();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe(ownerEmail);
    expect(mailer.sent[0]!.text).toContain('Toner');
    // It went through the outbox, as the store's mail.
    const outboxRows = await app.db.selectFrom('mail_outbox').select(['kind', 'store_id', 'status']).where('kind', '=', 'stock_alert').execute();
    expect(outboxRows).toEqual([{ kind: 'stock_alert', store_id: expect.any(String), status: 'sent' }]);
    mailer.sent.length = 0;

    expect((await order(printer, 6)).statusCode).toBe(201); // 10 → 4: crosses
    expect((await order(printer, 1)).statusCode).toBe(201); // 4 → 3: already low, no new alert
    await call(app, 'POST', `/api/products/${toner._id}/adjustments`, headers, { change: -1 }); // still low
    await mailAlerts();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toBe(MESSAGES.lowStockMailSubject("Olivia Owner's store", 1));
    expect(mailer.sent[0]!.text).toContain('Label Printer');
    expect(mailer.sent[0]!.text).not.toContain('Toner');
    await mailAlerts();
    expect(mailer.sent).toHaveLength(1);
    mailer.sent.length = 0;

    // Back above, then two products cross together: one mail listing both.
    await call(app, 'POST', `/api/products/${printer._id}/adjustments`, headers, { change: 10 });
    await call(app, 'POST', `/api/products/${toner._id}/adjustments`, headers, { change: 10 });
    await call(app, 'POST', `/api/products/${printer._id}/adjustments`, headers, { change: -10 });
    await call(app, 'POST', `/api/products/${toner._id}/adjustments`, headers, { change: -10 });
    await mailAlerts();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain('Label Printer');
    expect(mailer.sent[0]!.text).toContain('Toner');
  });

  it('check:stock finds a product whose quantity changed without a movement, and names it', async () => {
    ensureServerBuilt();
    const product = await newProduct(7, { name: 'Tampered Switch' });
    await expectLedgerAddsUp();
    const env = { ...process.env, LOG_LEVEL: 'silent', ...database.env };
    const clean = spawnSync(process.execPath, [OPS_ENTRY, 'check-stock'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/add up/);

    await app.db.updateTable('products').set({ quantity: 99 }).where('id', '=', product._id).execute();
    const mismatches = await findStockMismatches(app.db);
    expect(mismatches).toEqual([expect.objectContaining({ productId: product._id, quantity: 99, ledger: 7, lastAfter: 7 })]);
    const corrupted = spawnSync(process.execPath, [OPS_ENTRY, 'check-stock'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    expect(corrupted.status).toBe(1);
    expect(corrupted.stderr).toContain('Tampered Switch');
    expect(corrupted.stderr).toContain(product._id);
    await app.db.updateTable('products').set({ quantity: 7 }).where('id', '=', product._id).execute();
  });

  it('a store member’s stock answers are their store’s only', async () => {
    const stores = (await call(app, 'GET', '/api/stores', headers)).json<StoreListItem[]>();
    const other = await register(app, { name: 'Other' });
    const product = await newProduct(3);
    const foreign = await call(app, 'GET', `/api/products/${product._id}/movements`, cookieHeader(other.token));
    expect(foreign.statusCode).toBe(404);
    const take = await call(app, 'POST', '/api/orders', cookieHeader(other.token), { name: 'x', category: 'y', price: 1, quantity: 1, productId: product._id });
    expect(take.statusCode).toBe(400);
    expect(await stockOf(product._id)).toBe(3);
    expect(stores).toHaveLength(1);
  });
});
