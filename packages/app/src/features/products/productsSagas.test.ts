import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoProducts, demoUser, mockDb, productWithImage } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import {
  createProductRequested,
  deleteProductRequested,
  getProductRequested,
  updateProductRequested,
  type ProductFormValues,
} from './productsSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  app.navigate.mockClear();
  return app;
}

const products = (app: TestApp) => app.store.getState().products;

const newProduct: ProductFormValues = {
  name: '  Dell Pro Dock WD25 ',
  category: 'Accessories',
  price: '249.90',
  quantity: '5',
  description: '<p>Dock with <strong>180 W</strong> power.</p>',
};

// A real 1x1 PNG: the mock checks images by their bytes, as the server does.
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

describe('create', () => {
  it('sends the multipart form with a SKU, the product is stored, toasts and goes to /dashboard', async () => {
    const app = await signedInApp();
    const requests: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/products')) requests.push(request.clone());
    });
    const image = new File([PNG_BYTES], 'dock.png', { type: 'image/png' });
    app.store.dispatch(createProductRequested({ values: newProduct, image }));
    await app.toastShown(MESSAGES.productAdded, 'success');
    server.events.removeAllListeners();

    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    const created = mockDb.products.find((p) => p.name === 'Dell Pro Dock WD25');
    expect(created).toMatchObject({ name: 'Dell Pro Dock WD25', category: 'Accessories', price: 249.9, quantity: 5 });
    expect(created?.sku).toMatch(/^ACC-\d+$/);
    expect(created?.image).toMatchObject({ fileName: 'dock.png' });
    expect(products(app).saving).toBe(false);

    const form = await requests[0]!.formData();
    expect([...form.keys()]).toEqual(['name', 'sku', 'category', 'quantity', 'price', 'description', 'image']);
    expect(form.get('price')).toBe('249.9');
  });

  it('sends the cost when the form has it (owners and managers), and it is kept in cents', async () => {
    const app = await signedInApp();
    const requests: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/products')) requests.push(request.clone());
    });
    app.store.dispatch(createProductRequested({ values: { ...newProduct, name: 'Costed dock', cost: ' 180.50 ' }, image: null }));
    await app.toastShown(MESSAGES.productAdded, 'success');
    server.events.removeAllListeners();
    const form = await requests[0]!.formData();
    expect(form.get('cost')).toBe('180.50');
    expect(mockDb.products.find((p) => p.name === 'Costed dock')?.cost).toBe(180.5);
  });

  it("shows the server's message and stays when the save fails", async () => {
    server.use(
      http.post('*/api/products', () => HttpResponse.json({ message: MESSAGES.imageTooLarge }, { status: 413 })),
    );
    const app = await signedInApp();
    app.store.dispatch(createProductRequested({ values: newProduct, image: null }));
    await app.toastShown(MESSAGES.imageTooLarge, 'error');
    expect(app.navigate).not.toHaveBeenCalled();
    expect(products(app)).toMatchObject({ saving: false, isError: true, message: MESSAGES.imageTooLarge });
  });
});

describe('one product', () => {
  it('get-one sets the item and keeps its ETag', async () => {
    const app = await signedInApp();
    app.store.dispatch(getProductRequested(productWithImage._id));
    await vi.waitFor(() => expect(products(app).itemStatus).toBe('loaded'));
    expect(products(app).product?.name).toBe(productWithImage.name);
    expect(products(app).etag).toMatch(/^"\S+"$/);
  });

  it('an unknown id is not found (no toast)', async () => {
    const app = await signedInApp();
    app.store.dispatch(getProductRequested('00000000-0000-4000-8000-000000000000'));
    await vi.waitFor(() => expect(products(app).itemStatus).toBe('notFound'));
    expect(app.toasts('error')).toEqual([]);
  });
});

describe('update', () => {
  const edited: ProductFormValues = { ...newProduct, name: 'ThinkPad X1 Carbon G11', price: '1599', quantity: '7' };

  async function loaded(app: TestApp) {
    app.store.dispatch(getProductRequested(productWithImage._id));
    await vi.waitFor(() => expect(products(app).itemStatus).toBe('loaded'));
  }

  it('sends If-Match with the loaded ETag, toasts and goes to the product (no page to go back to)', async () => {
    const app = await signedInApp();
    await loaded(app);
    const etag = products(app).etag;
    const ifMatch = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') ifMatch(request.headers.get('if-match'));
    });
    app.store.dispatch(updateProductRequested({ id: productWithImage._id, values: edited, image: null }));
    await app.toastShown(MESSAGES.productUpdated, 'success');
    server.events.removeAllListeners();
    expect(ifMatch).toHaveBeenCalledWith(etag);
    expect(app.navigate).toHaveBeenCalledWith(`/product-detail/${productWithImage._id}`, undefined);
    expect(products(app).product).toMatchObject({ name: 'ThinkPad X1 Carbon G11', price: 1599, quantity: 7 });
    expect(products(app).product?.sku).toBe(productWithImage.sku);
    expect(products(app).etag).not.toBe(etag);
  });

  it('goes back where the edit began: the dashboard page it was opened from (issue 26); never to another site', async () => {
    const app = await signedInApp();
    await loaded(app);
    app.store.dispatch(
      updateProductRequested({ id: productWithImage._id, values: edited, image: null, returnTo: '/dashboard?page=2' }),
    );
    await app.toastShown(MESSAGES.productUpdated, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/dashboard?page=2', undefined);
    await loaded(app);
    app.store.dispatch(
      updateProductRequested({ id: productWithImage._id, values: edited, image: null, returnTo: '//evil.example' }),
    );
    await vi.waitFor(() => expect(app.navigate).toHaveBeenLastCalledWith(`/product-detail/${productWithImage._id}`, undefined));
  });

  it('409 when the product changed meanwhile: the message is toasted, nothing navigates, the item stays', async () => {
    const app = await signedInApp();
    await loaded(app);
    // Someone else saves in between.
    const stored = mockDb.products.find((p) => p._id === productWithImage._id)!;
    stored.version += 1;
    app.store.dispatch(updateProductRequested({ id: productWithImage._id, values: edited, image: null }));
    await app.toastShown(MESSAGES.editConflict, 'error');
    expect(app.navigate).not.toHaveBeenCalled();
    expect(products(app)).toMatchObject({
      saving: false,
      isError: true,
      message: MESSAGES.editConflict,
      itemStatus: 'loaded',
    });
    expect(products(app).product?.name).toBe(productWithImage.name);
  });

  it('401 while saving runs the session-expired flow', async () => {
    const app = await signedInApp();
    await loaded(app);
    mockDb.defaultSession = null;
    server.use(
      http.patch('*/api/products/:id', () => HttpResponse.json({ message: MESSAGES.notAuthorized }, { status: 401 })),
    );
    app.store.dispatch(updateProductRequested({ id: productWithImage._id, values: edited, image: null }));
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('delete', () => {
  it('deletes and toasts; the product is gone from the server and from the shown item', async () => {
    const app = await signedInApp();
    app.store.dispatch(getProductRequested(productWithImage._id));
    await vi.waitFor(() => expect(products(app).product?._id).toBe(productWithImage._id));
    app.store.dispatch(deleteProductRequested(productWithImage._id));
    await app.toastShown(MESSAGES.productDeleted, 'success');
    expect(mockDb.products.some((p) => p._id === productWithImage._id)).toBe(false);
    expect(mockDb.products).toHaveLength(demoProducts.length - 1);
    expect(products(app).product).toBeNull();
  });

  it('a failed delete toasts the message and deletes nothing', async () => {
    const app = await signedInApp();
    app.store.dispatch(deleteProductRequested('00000000-0000-4000-8000-000000000000'));
    await app.toastShown(MESSAGES.productNotFound, 'error');
    expect(mockDb.products).toHaveLength(demoProducts.length);
  });
});
