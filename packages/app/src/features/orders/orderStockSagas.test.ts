import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, makeProduct, mockDb, seedProducts } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { createOrderRequested, getOrderRequested, updateOrderRequested } from './ordersSlice';
import { productSearchRequested } from '../../product-picker/productPicker';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };
const mouse = makeProduct({ name: 'Logitech MX Master 3S', category: 'Accessories', price: 99, quantity: 5 });

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  seedProducts([mouse]);
  return app;
}

const stockOf = () => mockDb.products.find((p) => p._id === mouse._id)?.quantity;
const item = { name: mouse.name, category: mouse.category, price: '99', quantity: '2' };

describe('orders that take stock', () => {
  it('the picker searches the server a page at a time (name, category or SKU)', async () => {
    const app = await signedInApp();
    app.store.dispatch(productSearchRequested('mx mas'));
    await vi.waitFor(() => expect(app.store.getState().productPicker.status).toBe('done'));
    expect(app.store.getState().productPicker.results.map((p) => p._id)).toEqual([mouse._id]);
    app.store.dispatch(productSearchRequested('nothing like it'));
    await vi.waitFor(() => expect(app.store.getState().productPicker.query).toBe('nothing like it'));
    await vi.waitFor(() => expect(app.store.getState().productPicker.status).toBe('done'));
    expect(app.store.getState().productPicker.results).toEqual([]);
  });

  it('an order with its product takes stock; too much shows the 409 under Quantity; cancelling gives it back', async () => {
    const app = await signedInApp();
    app.store.dispatch(createOrderRequested({ ...item, productId: mouse._id }));
    await app.toastShown(MESSAGES.orderAdded, 'success');
    expect(stockOf()).toBe(3);
    app.store.dispatch(createOrderRequested({ ...item, quantity: '10', productId: mouse._id }));
    await app.fieldErrorShown('order', 'quantity', MESSAGES.insufficientStock(3));
    expect(app.toasts('error')).toEqual([]);
    expect(stockOf()).toBe(3);
    const placed = mockDb.orders.find((o) => o.productId === mouse._id)!;
    app.store.dispatch(getOrderRequested(placed._id));
    await vi.waitFor(() => expect(app.store.getState().orders.order?._id).toBe(placed._id));
    app.store.dispatch(updateOrderRequested({ id: placed._id, values: { ...item, status: 'cancelled' } }));
    await app.toastShown(MESSAGES.orderCancelled, 'success');
    expect(stockOf()).toBe(5);
    expect(mockDb.orders.find((o) => o._id === placed._id)?.status).toBe('cancelled');
  });
});
