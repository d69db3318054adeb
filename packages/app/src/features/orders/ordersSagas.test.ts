import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoOrders, demoUser, mockDb, serverError } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import type { ItemFormValues } from '../../catalogue/itemForm';
import { createOrderRequested, deleteOrderRequested, getOrderRequested, updateOrderRequested } from './ordersSlice';
import { orderListActions as list } from './orderListSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  app.navigate.mockClear();
  return app;
}

const orders = (app: TestApp) => app.store.getState().orders;
const first = demoOrders[0]!;

const shown = (app: TestApp) => app.store.getState().orderList;

async function listLoaded(app: TestApp) {
  app.store.dispatch(list.reloadRequested());
  await vi.waitFor(() => expect(shown(app).status).toBe('loaded'));
}

/** Records whether the app asks for the whole list (GET /api/orders without `limit`), which it never needs. */
function watchWholeList() {
  const wholeList = vi.fn();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/orders' && !url.searchParams.has('limit')) wholeList();
  });
  return wholeList;
}

describe('orders', () => {
  it('the list comes a page at a time; a search (name or category, any case) is answered by the server', async () => {
    const app = await signedInApp();
    await listLoaded(app);
    expect(shown(app).total).toBe(demoOrders.length);
    app.store.dispatch(list.searchChanged('toner'));
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', query: { q: 'toner' } }));
    expect(shown(app).items.map((o) => o.name)).toEqual(['HP 59A Black Toner (CF259A)']);
  });

  it('a failed page shows a message (error state), not only a log line', async () => {
    server.use(serverError('/api/orders', 'get'));
    const app = await signedInApp();
    app.store.dispatch(list.reloadRequested());
    await vi.waitFor(() => expect(shown(app).status).toBe('failed'));
    expect(shown(app).message).toBe(MESSAGES.internalError);
  });

  it('401 runs the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(list.reloadRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('create sends JSON without a SKU, stores it, toasts, goes to /orders and the list counts it', async () => {
    const app = await signedInApp();
    await listLoaded(app);
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') bodies.push(await request.clone().json());
    });
    const values: ItemFormValues = { name: ' Toner CF259X ', category: 'Printers', price: '139.5', quantity: '4' };
    app.store.dispatch(createOrderRequested(values));
    await app.toastShown(MESSAGES.orderAdded, 'success');
    server.events.removeAllListeners();
    expect(bodies).toEqual([{ name: 'Toner CF259X', category: 'Printers', price: 139.5, quantity: 4 }]);
    expect(app.navigate).toHaveBeenCalledWith('/orders', undefined);
    const created = mockDb.orders.find((o) => o.name === 'Toner CF259X');
    expect(created).toMatchObject({ name: 'Toner CF259X', price: 139.5, quantity: 4 });
    expect(created?.sku).toMatch(/^PRI-\d+$/);
    await vi.waitFor(() => expect(shown(app).total).toBe(demoOrders.length + 1));
  });

  it('get-one sets the order and its ETag; an unknown id is not found', async () => {
    const app = await signedInApp();
    app.store.dispatch(getOrderRequested(first._id));
    await vi.waitFor(() => expect(orders(app).itemStatus).toBe('loaded'));
    expect(orders(app).order?.name).toBe(first.name);
    expect(orders(app).etag).toBeTruthy();
    app.store.dispatch(getOrderRequested('00000000-0000-4000-8000-000000000000'));
    await vi.waitFor(() => expect(orders(app).itemStatus).toBe('notFound'));
  });

  it("update sends If-Match, toasts 'Order updated successfully' and goes to /orders", async () => {
    const app = await signedInApp();
    app.store.dispatch(getOrderRequested(first._id));
    await vi.waitFor(() => expect(orders(app).itemStatus).toBe('loaded'));
    const etag = orders(app).etag;
    const ifMatch = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') ifMatch(request.headers.get('if-match'));
    });
    const values: ItemFormValues = { name: first.name, category: first.category, price: '99', quantity: '12' };
    app.store.dispatch(updateOrderRequested({ id: first._id, values }));
    await app.toastShown(MESSAGES.orderUpdated, 'success');
    server.events.removeAllListeners();
    expect(ifMatch).toHaveBeenCalledWith(etag);
    expect(app.navigate).toHaveBeenCalledWith('/orders', undefined);
    expect(orders(app).order).toMatchObject({ price: 99, quantity: 12 });
  });

  it('409: the message is toasted and nothing navigates', async () => {
    const app = await signedInApp();
    app.store.dispatch(getOrderRequested(first._id));
    await vi.waitFor(() => expect(orders(app).itemStatus).toBe('loaded'));
    mockDb.orders.find((o) => o._id === first._id)!.version += 1;
    const values: ItemFormValues = { name: 'Changed', category: first.category, price: '1', quantity: '1' };
    app.store.dispatch(updateOrderRequested({ id: first._id, values }));
    await app.toastShown(MESSAGES.editConflict, 'error');
    expect(app.navigate).not.toHaveBeenCalled();
    expect(orders(app)).toMatchObject({ saving: false, isError: true, itemStatus: 'loaded' });
    expect(orders(app).order?.name).toBe(first.name);
  });

  it('delete toasts and the table refills its page from the server (never the whole list)', async () => {
    const app = await signedInApp();
    await listLoaded(app);
    const wholeList = watchWholeList();
    app.store.dispatch(deleteOrderRequested(first._id));
    await app.toastShown(MESSAGES.orderDeleted, 'success');
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', total: demoOrders.length - 1 }));
    server.events.removeAllListeners();
    expect(wholeList).not.toHaveBeenCalled();
    expect(shown(app).items.map((o) => o._id)).not.toContain(first._id);
    expect(mockDb.orders.some((o) => o._id === first._id)).toBe(false);
  });
});
