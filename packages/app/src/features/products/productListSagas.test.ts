import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, manyProducts, withProducts } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { productListActions as list, summaryRequested } from './productListSlice';
import { deleteProductRequested } from './productsSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

const state = (app: TestApp) => app.store.getState().productList;
const loaded = (app: TestApp) => vi.waitFor(() => expect(state(app).status).toBe('loaded'));
const names = (app: TestApp) => state(app).items.map((p) => p.name);

/** Every GET /api/products the app sends, with its query. */
function recordPages(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/products') seen.push(url.searchParams);
  });
  return seen;
}

describe('the dashboard list, a page at a time', () => {
  it('rows per page: asked as the limit from page 1, skips by it, and is remembered for the next store made', async () => {
    withProducts(manyProducts(60))();
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    });
    try {
      const app = await signedInApp();
      const seen = recordPages();
      app.store.dispatch(list.reloadRequested());
      await loaded(app);
      expect(seen.at(-1)?.get('limit')).toBe('5');
      app.store.dispatch(list.pageRequested({ page: 2 }));
      await vi.waitFor(() => expect(state(app).page).toBe(2));

      app.store.dispatch(list.pageSizeChanged(25));
      await vi.waitFor(() => expect(state(app)).toMatchObject({ status: 'loaded', page: 1 }));
      expect(state(app).items).toHaveLength(25);
      expect(seen.at(-1)?.get('limit')).toBe('25');
      expect(seen.at(-1)?.has('after')).toBe(false);
      expect(storage.get('inventory.rowsPerPage.productList')).toBe('25');

      app.store.dispatch(list.pageRequested({ page: 3 }));
      await vi.waitFor(() => expect(state(app).page).toBe(3));
      expect(seen.at(-1)?.get('skip')).toBe('25');
      expect(state(app).items).toHaveLength(10);

      // A new visit opens with it; a size the table does not offer is the spec's 5.
      expect(createTestApp().store.getState().productList.query.limit).toBe(25);
      storage.set('inventory.rowsPerPage.productList', '7');
      expect(createTestApp().store.getState().productList.query.limit).toBe(5);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('pages by cursor: next, a page link two away (after + skip), back (before), and page 1 from the start', async () => {
    withProducts(manyProducts(23))();
    const app = await signedInApp();
    const seen = recordPages();
    app.store.dispatch(list.reloadRequested());
    await loaded(app);
    expect(state(app)).toMatchObject({ page: 1, total: 23, totalExact: true, prev: null });
    expect(state(app).items).toHaveLength(5);
    const first = names(app);

    app.store.dispatch(list.pageRequested({ page: 3 }));
    await vi.waitFor(() => expect(state(app).page).toBe(3));
    expect(seen.at(-1)?.get('after')).toBeTruthy();
    expect(seen.at(-1)?.get('skip')).toBe('5');
    const third = names(app);

    app.store.dispatch(list.pageRequested({ page: 2 }));
    await vi.waitFor(() => expect(state(app).page).toBe(2));
    expect(seen.at(-1)?.get('before')).toBeTruthy();
    expect(names(app)).not.toEqual(third);

    app.store.dispatch(list.pageRequested({ page: 1 }));
    await vi.waitFor(() => expect(state(app).page).toBe(1));
    expect(seen.at(-1)?.has('after') || seen.at(-1)?.has('before')).toBe(false);
    expect(names(app)).toEqual(first);
    expect(seen.every((query) => query.get('limit') === '5')).toBe(true);
  });

  it('search: sent after a short pause, each keystroke replacing the request before; back to page 1', async () => {
    withProducts(manyProducts(23))();
    const app = await signedInApp();
    app.store.dispatch(list.reloadRequested());
    await loaded(app);
    app.store.dispatch(list.pageRequested({ page: 2 }));
    await vi.waitFor(() => expect(state(app).page).toBe(2));
    const seen = recordPages();
    for (const text of ['m', 'mo', 'mon', 'moni']) app.store.dispatch(list.searchChanged(text));
    await loaded(app);
    // Typed faster than the debounce: one request, for the last text.
    expect(seen.map((query) => query.get('q'))).toEqual(['moni']);
    expect(state(app).page).toBe(1);
    expect(state(app).items.every((p) => /moni/i.test(`${p.name} ${p.category} ${p.sku}`))).toBe(true);
  });

  it('a slow request replaced by a newer one never lands (the saga is cancelled and its request aborted)', async () => {
    withProducts(manyProducts(8))();
    const app = await signedInApp();
    server.use(
      http.get('*/api/products', async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') !== 'slow') return undefined;
        await new Promise((resolve) => setTimeout(resolve, 500));
        return HttpResponse.json({ items: [], total: 0, totalExact: true, next: null, prev: null });
      }),
    );
    app.store.dispatch(list.searchChanged('slow'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    app.store.dispatch(list.searchChanged(''));
    await loaded(app);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(state(app)).toMatchObject({ status: 'loaded', total: 8 });
  });

  it('sort: a column sorts ascending, the same column again descending', async () => {
    withProducts(manyProducts(12))();
    const app = await signedInApp();
    app.store.dispatch(list.sortChanged('price'));
    await loaded(app);
    expect(state(app).query).toMatchObject({ sort: 'price', dir: 'asc' });
    const ascending = state(app).items.map((p) => p.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    app.store.dispatch(list.sortChanged('price'));
    await vi.waitFor(() => expect(state(app).query.dir).toBe('desc'));
    await loaded(app);
    const descending = state(app).items.map((p) => p.price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it('filters: category and stock', async () => {
    const catalogue = manyProducts(12).map((p, i) => ({ ...p, quantity: i < 4 ? 0 : 3, reorderPoint: i < 6 ? 5 : null }));
    withProducts(catalogue)();
    const app = await signedInApp();
    app.store.dispatch(list.filterChanged({ key: 'stock', value: 'out' }));
    await loaded(app);
    expect(state(app).total).toBe(4);
    app.store.dispatch(list.filterChanged({ key: 'stock', value: 'low' }));
    await vi.waitFor(() => expect(state(app).total).toBe(6));
    const category = catalogue[0]!.category;
    app.store.dispatch(list.filterChanged({ key: 'stock', value: '' }));
    app.store.dispatch(list.filterChanged({ key: 'category', value: category }));
    await vi.waitFor(() => expect(state(app).total).toBe(catalogue.filter((p) => p.category === category).length));
    expect(state(app).items.every((p) => p.category === category)).toBe(true);
  });

  it('a failed page is recorded; Retry asks for the same page again', async () => {
    withProducts(manyProducts(12))();
    const app = await signedInApp();
    app.store.dispatch(list.reloadRequested());
    await loaded(app);
    server.use(
      http.get('*/api/products', () => HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 }), { once: true }),
    );
    app.store.dispatch(list.pageRequested({ page: 2 }));
    await vi.waitFor(() => expect(state(app)).toMatchObject({ status: 'failed', message: MESSAGES.internalError }));
    app.store.dispatch(list.reloadRequested());
    await loaded(app);
    expect(state(app).page).toBe(2);
  });

  it('summary and categories; both the summary and the shown page reload after a delete, never the whole list', async () => {
    withProducts(manyProducts(6))();
    const app = await signedInApp();
    app.store.dispatch(summaryRequested());
    app.store.dispatch(list.reloadRequested());
    await vi.waitFor(() => expect(app.store.getState().dashboard.status).toBe('loaded'));
    await loaded(app);
    const { summary, categories } = app.store.getState().dashboard;
    expect(summary?.totalProducts).toBe(6);
    expect(categories.reduce((sum, c) => sum + c.products, 0)).toBe(6);
    const seen = recordPages();
    app.store.dispatch(deleteProductRequested(state(app).items[0]!._id));
    await vi.waitFor(() => expect(app.store.getState().dashboard.summary?.totalProducts).toBe(5));
    await vi.waitFor(() => expect(state(app).total).toBe(5));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((query) => query.has('limit'))).toBe(true);
  });

  it('401 on a page runs the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(list.reloadRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(state(app).status).toBe('failed');
  });
});
