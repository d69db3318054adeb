import { MAX_QUANTITY, MESSAGES, type Order, type OrderReturn, type Page, type Product, SALES_MESSAGES, type Shipment } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/**
 * Issue 27: orders of several lines (all or nothing), their SPEC.md row (0041), edits by difference, cancelling,
 * shipments and returns in parts, the packing slip; validation, other stores, If-Match and roles.
 */
describe.each(databases)('orders of lines, shipments and returns, on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newStore = async () => {
    const { token } = await register(app);
    return { token, headers: cookieHeader(token) };
  };
  const newProduct = async (headers: Record<string, string>, fields: Record<string, string>) => {
    const body = await multipart({ ...PRODUCT_FIELDS, ...fields });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const stockOf = async (headers: Record<string, string>, id: string) => (await call(app, 'GET', `/api/products/${id}`, headers)).json<Product>().quantity;
  const place = (headers: Record<string, string>, lines: unknown[], extra: Record<string, unknown> = {}) => call(app, 'POST', '/api/orders', headers, { lines, ...extra });

  it('places an order of lines all or nothing, naming each short line; the SPEC calls show it as one row of its total', async () => {
    const { headers } = await newStore();
    const laptop = await newProduct(headers, { name: 'Laptop', quantity: '5', price: '1000' });
    const dock = await newProduct(headers, { name: 'USB-C dock', quantity: '1', price: '150' });
    const refused = await place(headers, [
      { productId: laptop._id, quantity: 1, unitPrice: 1000 },
      { productId: dock._id, quantity: 2, unitPrice: 150 },
      { description: 'Gift wrap', quantity: 1, unitPrice: 2.5 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Not enough stock. Line 2 (USB-C dock): 2 ordered, only 1 available.' });
    expect(await stockOf(headers, laptop._id)).toBe(5);

    const placed = await place(headers, [
      { productId: laptop._id, quantity: 2, unitPrice: 1000, discountPercent: 10 },
      { productId: dock._id, quantity: 1, unitPrice: 150 },
      { description: 'Gift wrap', quantity: 1, unitPrice: 2.5 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({ name: 'Laptop and 2 more', price: 1952.5, quantity: 1, productId: null, status: 'open', salesStatus: 'open', total: 1952.5 });
    expect(order.lines!.map((line) => [line.description, line.quantity, line.amount, line.outstanding])).toEqual([
      ['Laptop', 2, 1800, 2],
      ['USB-C dock', 1, 150, 1],
      ['Gift wrap', 1, 2.5, 1],
    ]);
    expect([await stockOf(headers, laptop._id), await stockOf(headers, dock._id)]).toEqual([3, 0]);
    // The SPEC list: one row, price × quantity = the order's total, and no lines.
    const listed = (await call(app, 'GET', '/api/orders', headers)).json<Order[]>();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: order._id, name: 'Laptop and 2 more', price: 1952.5, quantity: 1 });
    expect(listed[0]).not.toHaveProperty('lines');
    // A one-line order without discount or tax shows as that line.
    const one = (await place(headers, [{ productId: laptop._id, quantity: 3, unitPrice: 999.99 }])).json<Order>();
    expect(one).toMatchObject({ name: 'Laptop', price: 999.99, quantity: 3, productId: laptop._id, sku: laptop.sku });
  });

  it('answers 400 with one message for invalid lines, and 404 for another store\'s order', async () => {
    const a = await newStore();
    const b = await newStore();
    for (const [lines, message] of [
      [[], SALES_MESSAGES.linesRequired],
      [[{ description: '', quantity: 1, unitPrice: 1 }], SALES_MESSAGES.onLine(1, SALES_MESSAGES.lineDescriptionRequired)],
      [[{ description: 'A', quantity: 1, unitPrice: 1 }, { description: 'B', quantity: 0, unitPrice: 1 }], SALES_MESSAGES.onLine(2, SALES_MESSAGES.lineQuantityInvalid)],
      [[{ description: 'A', quantity: 1, unitPrice: 1, discountPercent: 101 }], SALES_MESSAGES.onLine(1, SALES_MESSAGES.discountInvalid)],
    ] as const) {
      const response = await place(a.headers, lines as unknown as unknown[]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const other = await newProduct(b.headers, { quantity: '3' });
    const foreign = await place(a.headers, [{ productId: other._id, quantity: 1, unitPrice: 1 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: SALES_MESSAGES.onLine(1, MESSAGES.orderProductGone) });
    const order = (await place(b.headers, [{ description: 'Service', quantity: 1, unitPrice: 5 }])).json<Order>();
    for (const response of [
      await call(app, 'GET', `/api/orders/${order._id}`, a.headers),
      await call(app, 'POST', `/api/orders/${order._id}/shipments`, a.headers, { lines: [{ lineId: order.lines![0]!._id, quantity: 1 }] }),
      await call(app, 'GET', `/api/orders/${order._id}/returns`, a.headers),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.orderNotFound });
    }
  });

  it('an edit moves only the differences, keeps what shipped, honours If-Match; cancelling gives back what has not shipped', async () => {
    const { headers } = await newStore();
    const cable = await newProduct(headers, { name: 'Cable', quantity: '10' });
    const mouse = await newProduct(headers, { name: 'Mouse', quantity: '10' });
    const order = (await place(headers, [
      { productId: cable._id, quantity: 4, unitPrice: 5 },
      { productId: mouse._id, quantity: 2, unitPrice: 20 },
    ])).json<Order>();
    const [cableLine, mouseLine] = order.lines!;
    const url = `/api/orders/${order._id}`;
    const shipped = await call(app, 'POST', `${url}/shipments`, headers, { lines: [{ lineId: cableLine!._id, quantity: 3 }], carrier: 'DHL', trackingNumber: 'JD014600' });
    expect(shipped.statusCode, shipped.body).toBe(201);
    // Below what shipped: refused; the mouse line moved to 5 (3 more taken) and the cable line to 3 (1 given back).
    const below = await call(app, 'PATCH', url, headers, { lines: [{ lineId: cableLine!._id, productId: cable._id, quantity: 2, unitPrice: 5 }, { lineId: mouseLine!._id, productId: mouse._id, quantity: 2, unitPrice: 20 }] });
    expect(below.statusCode).toBe(409);
    expect(below.json<{ message: string }>().message).toContain('3 shipped');
    const current = (await call(app, 'GET', url, headers));
    const stale = await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { lines: [{ lineId: cableLine!._id, productId: cable._id, quantity: 3, unitPrice: 5 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.editConflict });
    const edited = await call(app, 'PATCH', url, { ...headers, 'if-match': current.headers.etag as string }, {
      lines: [{ lineId: cableLine!._id, productId: cable._id, quantity: 3, unitPrice: 5 }, { lineId: mouseLine!._id, productId: mouse._id, quantity: 5, unitPrice: 20 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Order>().salesStatus).toBe('partly_shipped');
    // The whole order sent back as answered (its lines with their ids and figures): accepted, nothing moves.
    const roundTrip = await call(app, 'PATCH', url, headers, { ...edited.json<Order>(), __v: 0 });
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    expect(roundTrip.json<Order>().lines).toEqual(edited.json<Order>().lines);
    expect([await stockOf(headers, cable._id), await stockOf(headers, mouse._id)]).toEqual([7, 5]);
    // SPEC fields changed on an order of lines: refused; cancelling gives back the 5 mice (the cables have all shipped).
    const spec = edited.json<Order>();
    const renamed = await call(app, 'PATCH', url, headers, { name: 'Other', category: spec.category, price: spec.price, quantity: spec.quantity });
    expect(renamed.statusCode).toBe(409);
    const cancelled = await call(app, 'PATCH', url, headers, { name: spec.name, category: spec.category, price: spec.price, quantity: spec.quantity, status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ salesStatus: 'shipped', status: 'fulfilled' });
    expect([await stockOf(headers, cable._id), await stockOf(headers, mouse._id)]).toEqual([7, 10]);
    expect((await call(app, 'DELETE', url, headers)).statusCode).toBe(409);
  });

  it('ships in parts and returns to stock or not, each linked; lists, packing slip, and a SPEC order shipped by its own id', async () => {
    const { headers } = await newStore();
    const dock = await newProduct(headers, { name: 'Dock <b>', quantity: '10' });
    const order = (await place(headers, [{ productId: dock._id, quantity: 4, unitPrice: 150 }, { description: 'Setup', quantity: 1, unitPrice: 30 }])).json<Order>();
    const [dockLine, setupLine] = order.lines!;
    const url = `/api/orders/${order._id}`;
    const tooMany = await call(app, 'POST', `${url}/shipments`, headers, { lines: [{ lineId: dockLine!._id, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: SALES_MESSAGES.shipmentExceeds('Line 1 (Dock <b>)', 5, 4) });
    const badDate = await call(app, 'POST', `${url}/shipments`, headers, { lines: [{ lineId: dockLine!._id, quantity: 1 }], date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toEqual({ message: SALES_MESSAGES.shipmentDateInvalid });
    const first = (await call(app, 'POST', `${url}/shipments`, headers, { lines: [{ lineId: dockLine!._id, quantity: 2 }], date: '2026-11-28', carrier: 'UPS' })).json<Shipment>();
    expect((await call(app, 'GET', url, headers)).json<Order>().salesStatus).toBe('partly_shipped');
    await call(app, 'POST', `${url}/shipments`, headers, { lines: [{ lineId: dockLine!._id, quantity: 2 }, { lineId: setupLine!._id, quantity: 1 }] });
    expect((await call(app, 'GET', url, headers)).json<Order>()).toMatchObject({ salesStatus: 'shipped', status: 'fulfilled' });
    expect((await call(app, 'GET', `${url}/shipments`, headers)).json<Shipment[]>().map((s) => s.lines.length)).toEqual([1, 2]);
    const slip = await call(app, 'GET', `${url}/shipments/${first._id}/packing-slip`, headers);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toContain('text/html');
    expect(slip.body).toContain('Dock &#60;b&#62;');
    expect(slip.body).toContain('SO-');

    expect(await stockOf(headers, dock._id)).toBe(6);
    const returned = await call(app, 'POST', `${url}/returns`, headers, { lines: [{ lineId: dockLine!._id, quantity: 2, reason: 'not_wanted' }, { lineId: dockLine!._id, quantity: 1, reason: 'damaged' }] });
    expect(returned.statusCode, returned.body).toBe(201);
    const back = returned.json<OrderReturn>();
    expect(back.lines).toEqual([
      { lineId: dockLine!._id, quantity: 2, reason: 'not_wanted', restock: true },
      { lineId: dockLine!._id, quantity: 1, reason: 'damaged', restock: false },
    ]);
    expect(await stockOf(headers, dock._id)).toBe(8);
    const movements = await app.db.selectFrom('stock_movements').select(['reason', 'change', 'return_id']).where('product_id', '=', dock._id).where('reason', '=', 'order_returned').execute();
    expect(movements).toEqual([{ reason: 'order_returned', change: 2, return_id: back._id }]);
    const again = await call(app, 'POST', `${url}/returns`, headers, { lines: [{ lineId: dockLine!._id, quantity: 2, reason: 'other' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SALES_MESSAGES.returnExceeds('Line 1 (Dock <b>)', 2, 1) });
    expect((await call(app, 'GET', `${url}/returns`, headers)).json<OrderReturn[]>()).toHaveLength(1);

    // An order as SPEC.md sends it: its one line is the order's own id; its first shipment makes the line.
    const spec = (await call(app, 'POST', '/api/orders', headers, { name: 'Dock', category: 'Docks', price: 150, quantity: 2, productId: dock._id })).json<Order>();
    expect(spec).not.toHaveProperty('lines');
    const specShipped = await call(app, 'POST', `/api/orders/${spec._id}/shipments`, headers, { lines: [{ lineId: spec._id, quantity: 1 }] });
    expect(specShipped.statusCode, specShipped.body).toBe(201);
    expect((await call(app, 'GET', `/api/orders/${spec._id}`, headers)).json<Order>()).toMatchObject({ name: 'Dock', price: 150, quantity: 2, salesStatus: 'partly_shipped', lines: [{ _id: spec._id, shipped: 1 }] });

    // The store goes with its orders, lines, shipments and returns.
    const removed = await call(app, 'DELETE', '/api/stores/active', headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await app.db.selectFrom('order_lines').select('id').where('order_id', '=', order._id).execute()).toEqual([]);
  });

  it("a line without a rate gets the store's default; the SPEC row shows the total with tax; an Idempotency-Key places it once", async () => {
    const { headers } = await newStore();
    const vat = (await call(app, 'POST', '/api/tax-rates', headers, { name: 'VAT', percent: 20, isDefault: true })).json<{ _id: string }>();
    const body = { lines: [{ description: 'Repair', quantity: 2, unitPrice: 50 }, { description: 'Parts', quantity: 1, unitPrice: 10, taxRateId: null }] };
    const once = { ...headers, 'idempotency-key': 'sell-once-1' };
    const placed = await call(app, 'POST', '/api/orders', once, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ name: 'Repair and 1 more', price: 130, quantity: 1, total: 130 });
    expect(placed.json<Order>().lines!.map((line) => line.taxRateId)).toEqual([vat._id, null]);
    const again = await call(app, 'POST', '/api/orders', once, body);
    expect(again.json<Order>()._id).toBe(placed.json<Order>()._id);
    expect((await call(app, 'GET', '/api/orders', headers)).json<Order[]>()).toHaveLength(1);
    const unknown = await place(headers, [{ description: 'X', quantity: 1, unitPrice: 1, taxRateId: '00000000-0000-4000-8000-000000000000' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: SALES_MESSAGES.onLine(1, SALES_MESSAGES.lineTaxRateUnknown) });
  });

  it("a page of orders, and of a customer's orders, shows each order of lines' sales status; a product only lines name counts those orders before removal", async () => {
    const { headers } = await newStore();
    const dock = await newProduct(headers, { name: 'Dock', quantity: '10' });
    const buyer = (await call(app, 'POST', '/api/customers', headers, { name: 'Grace Hopper' })).json<{ _id: string }>();
    const theirs = { customerId: buyer._id };
    const spec = (await call(app, 'POST', '/api/orders', headers, { name: 'Cable', category: 'Misc', price: 1, quantity: 1, ...theirs })).json<Order>();
    const open = (await place(headers, [{ productId: dock._id, quantity: 1, unitPrice: 5 }, { description: 'Setup', quantity: 1, unitPrice: 3 }], theirs)).json<Order>();
    const partly = (await place(headers, [{ productId: dock._id, quantity: 2, unitPrice: 5 }, { description: 'Wrap', quantity: 1, unitPrice: 1 }], theirs)).json<Order>();
    const shipped = (await place(headers, [{ productId: dock._id, quantity: 1, unitPrice: 5 }, { description: 'Bag', quantity: 1, unitPrice: 1 }], theirs)).json<Order>();
    const cancelled = (await place(headers, [{ productId: dock._id, quantity: 1, unitPrice: 5 }, { description: 'Box', quantity: 1, unitPrice: 1 }], theirs)).json<Order>();
    const ship = (order: Order, lines: number[]) =>
      call(app, 'POST', `/api/orders/${order._id}/shipments`, headers, { lines: lines.map((index) => ({ lineId: order.lines![index]!._id, quantity: order.lines![index]!.quantity })) });
    expect((await ship(partly, [0])).statusCode).toBe(201);
    expect((await ship(shipped, [0, 1])).statusCode).toBe(201);
    expect((await call(app, 'PATCH', `/api/orders/${cancelled._id}`, headers, { name: cancelled.name, category: cancelled.category, price: cancelled.price, quantity: cancelled.quantity, status: 'cancelled' })).statusCode).toBe(200);
    const page = (await call(app, 'GET', '/api/orders?limit=10', headers)).json<Page<Order>>();
    const statusOf = (order: Order) => page.items.find((item) => item._id === order._id)!.salesStatus;
    expect([open, partly, shipped, cancelled].map(statusOf)).toEqual(['open', 'partly_shipped', 'shipped', 'cancelled']);
    // An order as SPEC.md sends it answers as before, and so does the list without a page.
    expect(page.items.find((item) => item._id === spec._id)).not.toHaveProperty('salesStatus');
    expect((await call(app, 'GET', '/api/orders', headers)).json<Order[]>().every((item) => !('salesStatus' in item))).toBe(true);
    expect((await call(app, 'GET', `/api/orders?limit=5&q=SO-${String(partly.number).padStart(5, '0')}`, headers)).json<Page<Order>>().items[0]!.salesStatus).toBe('partly_shipped');
    // The customer's page lists the same orders with the same statuses, two at a time.
    const listed: Order[] = [];
    for (let after = ''; ; ) {
      const customerPage = (await call(app, 'GET', `/api/customers/${buyer._id}/orders?limit=2${after}`, headers)).json<Page<Order>>();
      listed.push(...customerPage.items);
      if (customerPage.next === null) break;
      after = `&after=${customerPage.next}`;
    }
    expect(listed.map((item) => item._id).sort()).toEqual([spec, open, partly, shipped, cancelled].map((order) => order._id).sort());
    const customerStatusOf = (order: Order) => listed.find((item) => item._id === order._id)!.salesStatus;
    expect([open, partly, shipped, cancelled].map(customerStatusOf)).toEqual(['open', 'partly_shipped', 'shipped', 'cancelled']);
    expect(listed.find((item) => item._id === spec._id)).not.toHaveProperty('salesStatus');

    // Lines alone name a product: the removal preview counts those orders (each once), as it counts SPEC orders.
    const cable = await newProduct(headers, { name: 'USB cable', quantity: '10' });
    await place(headers, [{ productId: cable._id, quantity: 1, unitPrice: 2 }, { productId: cable._id, quantity: 2, unitPrice: 2 }, { description: 'Note', quantity: 1, unitPrice: 0 }]);
    await place(headers, [{ productId: cable._id, quantity: 1, unitPrice: 2 }, { productId: dock._id, quantity: 1, unitPrice: 5 }]);
    await place(headers, [{ productId: cable._id, quantity: 1, unitPrice: 2 }]);
    expect((await call(app, 'GET', `/api/products/${cable._id}/removal`, headers)).json()).toMatchObject({ outcome: 'archive', orders: 3 });
  });

  it('takes stock from a product holding more than the largest quantity (bulk-seeded data); adding to it is still refused', async () => {
    const { headers } = await newStore();
    const bulk = await newProduct(headers, { name: 'Bulk', quantity: '5' });
    await app.db.updateTable('products').set({ quantity: MAX_QUANTITY + 500 }).where('id', '=', bulk._id).execute();
    const placed = await place(headers, [{ productId: bulk._id, quantity: 3, unitPrice: 1 }, { description: 'Care pack', quantity: 1, unitPrice: 1 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    // Read from the row: a product above the limit is off the API's description, which is why none is made but by SQL.
    const stored = async () => Number((await app.db.selectFrom('products').select('quantity').where('id', '=', bulk._id).executeTakeFirstOrThrow()).quantity);
    expect(await stored()).toBe(MAX_QUANTITY + 497);
    const spec = await call(app, 'POST', '/api/orders', headers, { name: 'Bulk', category: 'Misc', price: 1, quantity: 2, productId: bulk._id });
    expect(spec.statusCode, spec.body).toBe(201);
    const added = await call(app, 'POST', `/api/products/${bulk._id}/adjustments`, headers, { change: 1 });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({ message: MESSAGES.stockAboveLimit(MAX_QUANTITY + 495) });
    expect(await stored()).toBe(MAX_QUANTITY + 495);
  });

  it('a viewer reads shipments but records none; staff may', async () => {
    const owner = await newStore();
    const order = (await place(owner.headers, [{ description: 'Service', quantity: 2, unitPrice: 5 }])).json<Order>();
    const viewer = cookieHeader((await joinAs(app, mailer, owner.token!, 'viewer')).token);
    const staff = cookieHeader((await joinAs(app, mailer, owner.token!, 'staff')).token);
    const body = { lines: [{ lineId: order.lines![0]!._id, quantity: 1 }] };
    expect((await call(app, 'POST', `/api/orders/${order._id}/shipments`, viewer, body)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/orders/${order._id}/shipments`, viewer)).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/orders/${order._id}/shipments`, staff, body)).statusCode).toBe(201);
  });
});
