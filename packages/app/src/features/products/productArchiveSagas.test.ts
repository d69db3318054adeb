import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoProducts, demoUser, mockDb, productWithImage } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { bulkRequested, removalAsked, removalClosed, restoreRequested } from './productArchiveSlice';
import { deleteProductRequested, getProductRequested } from './productsSlice';
import { productListActions } from './productListSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  await vi.waitFor(() => expect(app.store.getState().membership.status).toBe('loaded'));
  return app;
}

const archive = (app: TestApp) => app.store.getState().productArchive;
/** A demo product that an order names: it has a history, so deleting it archives it. */
function orderedProduct() {
  const product = mockDb.products.find((p) => p._id !== productWithImage._id)!;
  const order = mockDb.orders[0]!;
  order.productId = product._id;
  return product;
}

describe('the delete dialog', () => {
  it('asks the server what a delete would do, and forgets it when closed', async () => {
    const app = await signedInApp();
    const product = orderedProduct();
    app.store.dispatch(removalAsked({ id: product._id, name: product.name }));
    expect(archive(app).removal).toEqual({ id: product._id, name: product.name, answer: null });
    await vi.waitFor(() => expect(archive(app).removal?.answer).toEqual({ outcome: 'archive', orders: 1, movements: expect.any(Number) }));
    app.store.dispatch(removalClosed());
    expect(archive(app).removal).toBeNull();
  });

  it('says a product without history will be deleted', async () => {
    const app = await signedInApp();
    app.store.dispatch(removalAsked({ id: productWithImage._id, name: productWithImage.name }));
    await vi.waitFor(() => expect(archive(app).removal?.answer).toEqual({ outcome: 'delete', orders: 0, movements: 0 }));
  });

  it("closes with the server's message when the question fails", async () => {
    server.use(http.get('*/api/products/:id/removal', () => HttpResponse.json({ message: MESSAGES.productNotFound }, { status: 404 })));
    const app = await signedInApp();
    app.store.dispatch(removalAsked({ id: productWithImage._id, name: productWithImage.name }));
    await app.toastShown(MESSAGES.productNotFound, 'error');
    expect(archive(app).removal).toBeNull();
  });
});

describe('delete, archive and restore', () => {
  it('toasts that a product with a history was archived, and restores it from its page', async () => {
    const app = await signedInApp();
    const product = orderedProduct();
    app.store.dispatch(deleteProductRequested(product._id));
    await app.toastShown(MESSAGES.productArchived, 'success');
    expect(mockDb.products.find((p) => p._id === product._id)?.archivedAt).toEqual(expect.any(String));
    app.store.dispatch(getProductRequested(product._id));
    await vi.waitFor(() => expect(app.store.getState().products.product?.archivedAt).toEqual(expect.any(String)));
    app.store.dispatch(restoreRequested(product._id));
    await app.toastShown(MESSAGES.productRestored, 'success');
    expect(app.store.getState().products.product).not.toHaveProperty('archivedAt');
    expect(mockDb.products.find((p) => p._id === product._id)?.archivedAt).toBeUndefined();
    expect(archive(app).restoring).toBe(false);
  });

  it('toasts that a product without history was deleted', async () => {
    const app = await signedInApp();
    app.store.dispatch(deleteProductRequested(productWithImage._id));
    await app.toastShown(MESSAGES.productDeleted, 'success');
    expect(mockDb.products).toHaveLength(demoProducts.length - 1);
  });
});

describe('bulk actions', () => {
  it("sets a category on the chosen products, toasts the server's message and reloads the table", async () => {
    const app = await signedInApp();
    app.store.dispatch(productListActions.reloadRequested());
    await vi.waitFor(() => expect(app.store.getState().productList.status).toBe('loaded'));
    const ids = mockDb.products.slice(0, 2).map((p) => p._id);
    app.store.dispatch(bulkRequested({ action: 'set-category', category: 'Refurbished', ids }));
    await app.toastShown(MESSAGES.bulkCategoryChanged(2), 'success');
    expect(mockDb.products.filter((p) => ids.includes(p._id)).map((p) => p.category)).toEqual(['Refurbished', 'Refurbished']);
    expect(archive(app).bulk).toEqual({ running: false, done: 1 });
    await vi.waitFor(() => expect(app.store.getState().dashboard.categories.map((c) => c.name)).toContain('Refurbished'));
  });

  it('archives every product a query names, each as a single delete would', async () => {
    const app = await signedInApp();
    const product = orderedProduct();
    const before = mockDb.products.length;
    app.store.dispatch(bulkRequested({ action: 'archive', matching: { q: product.name } }));
    await vi.waitFor(() => expect(archive(app).bulk.done).toBe(1));
    expect(mockDb.products.find((p) => p._id === product._id)?.archivedAt).toEqual(expect.any(String));
    expect(mockDb.products.length).toBeLessThanOrEqual(before);
  });

  it("toasts the server's refusal and changes nothing", async () => {
    const app = await signedInApp();
    app.store.dispatch(bulkRequested({ action: 'archive', ids: ['00000000-0000-4000-8000-000000000000'] }));
    await app.toastShown(MESSAGES.productNotFound, 'error');
    expect(archive(app).bulk).toEqual({ running: false, done: 0 });
    expect(mockDb.products).toHaveLength(demoProducts.length);
  });
});
