import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoOrders, demoUser, mockDb, serverError } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import type { ItemFormValues } from '../../catalogue/itemForm';
import {
  createOrderRequested,
  deleteOrderRequested,
  getOrderRequested,
  getOrdersRequested,
  updateOrderRequested,
} from './ordersSlice';
import { selectFilteredOrders } from './selectors';

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

async function listLoaded(app: TestApp) {
  app.store.dispatch(getOrdersRequested());
  await vi.waitFor(() => expect(orders(app).listStatus).toBe('loaded'));
}

describe('orders', () => {
  it('get-all replaces the list; the search filters on name or category', async () => {
    const app = await signedInApp();
    await listLoaded(app);
    expect(orders(app).orders.map((o) => o._id)).toEqual(demoOrders.map((o) => o._id));
    const state = app.store.getState();
    expect(selectFilteredOrders(state, 'NETWORKING').every((o) => o.category === 'Networking')).toBe(true);
    expect(selectFilteredOrders(state, 'toner').map((o) => o.name)).toEqual(['HP 59A Black Toner (CF259A)']);
  });

  it('a failed list shows a message (error state), not only a log line', async () => {
    server.use(serverError('/api/orders', 'get'));
    const app = await signedInApp();
    app.store.dispatch(getOrdersRequested());
    await vi.waitFor(() => expect(orders(app).listStatus).toBe('failed'));
    expect(orders(app).message).toBe(MESSAGES.internalError);
  });

  it('401 runs the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(getOrdersRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('create sends JSON without a SKU, appends, toasts and goes to /orders', async () => {
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
    const created = orders(app).orders.at(-1);
    expect(created).toMatchObject({ name: 'Toner CF259X', price: 139.5, quantity: 4 });
    expect(created?.sku).toMatch(/^PRI-\d+$/);
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

  it('delete removes the row locally (no reload of the whole list; the table refills its page) and toasts', async () => {
    const app = await signedInApp();
    await listLoaded(app);
    const wholeList = vi.fn();
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/orders' && !url.searchParams.has('limit')) wholeList();
    });
    app.store.dispatch(deleteOrderRequested(first._id));
    await app.toastShown(MESSAGES.orderDeleted, 'success');
    server.events.removeAllListeners();
    expect(wholeList).not.toHaveBeenCalled();
    expect(orders(app).orders.map((o) => o._id)).not.toContain(first._id);
    expect(orders(app).orders).toHaveLength(demoOrders.length - 1);
  });
});
