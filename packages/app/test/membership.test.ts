import { MESSAGES, forbiddenMessage } from '@inventory/contract';
import {
  demoProducts,
  demoStore,
  demoUser,
  inStores,
  makeProduct,
  mockDb,
  secondStore,
  signedInAs,
} from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { productListActions } from '../src/features/products/productListSlice';
import { deleteProductRequested } from '../src/features/products/productsSlice';
import { storeSwitchRequested } from '../src/membership/membershipSlice';
import { selectActiveStore, selectCan, selectRole } from '../src/membership/selectors';
import { signedInTestApp, setupMockApi, type TestApp } from './harness';

/**
 * The stores of the signed-in user across the app: the membership sagas with the catalogue they reload. Here, not
 * beside membership/, because a shared module's tests may not reach into a feature.
 */
setupMockApi();

/** The dashboard's list: the shown page and the total of the active store's products. */
const shownList = (app: TestApp) => app.store.getState().productList;
const productNames = (app: TestApp) => shownList(app).items.map((p) => p.name);

async function productsLoaded(app: TestApp) {
  app.store.dispatch(productListActions.reloadRequested());
  await vi.waitFor(() => expect(shownList(app).status).toBe('loaded'));
}

/** Every GET of a whole list (products or orders without `limit`), which the app never needs. */
function recordWholeLists(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /^\/api\/(products|orders)$/.test(url.pathname) && !url.searchParams.has('limit')) {
      seen.push(url.pathname);
    }
  });
  return seen;
}

const twoStores = inStores([
  { ...demoStore, role: 'owner' },
  { ...secondStore, role: 'staff', products: [makeProduct({ name: 'Repair kit' })] },
]);

describe('the stores of the signed-in user', () => {
  it('load after sign-in: the active store and the role in it', async () => {
    const app = await signedInTestApp();
    const state = app.store.getState();
    expect(state.membership.stores).toEqual([{ ...demoStore, role: 'owner', active: true }]);
    expect(selectRole(state)).toBe('owner');
    expect(selectCan('catalogue:delete')(state)).toBe(true);
    expect(selectCan('tokens:manage')(state)).toBe(true);
  });

  it('a viewer may read only', async () => {
    const app = await signedInTestApp(signedInAs('viewer'));
    const state = app.store.getState();
    expect(selectRole(state)).toBe('viewer');
    expect(selectCan('catalogue:read')(state)).toBe(true);
    expect(selectCan('catalogue:create')(state)).toBe(false);
  });

  it('switching: the catalogue of the other store replaces the shown one, a toast, then the dashboard', async () => {
    const app = await signedInTestApp(twoStores);
    await productsLoaded(app);
    expect(shownList(app).total).toBe(demoProducts.length);
    const wholeLists = recordWholeLists();

    app.store.dispatch(storeSwitchRequested(secondStore._id));
    expect(app.store.getState().membership.switchingTo).toBe(secondStore._id);
    await app.toastShown(MESSAGES.storeSwitched, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    await vi.waitFor(() => expect(productNames(app)).toEqual(['Repair kit']));
    expect(shownList(app).total).toBe(1);
    server.events.removeAllListeners();
    expect(wholeLists).toEqual([]);
    const state = app.store.getState();
    expect(selectActiveStore(state)).toMatchObject({ _id: secondStore._id, role: 'staff' });
    expect(state.membership.switchingTo).toBeNull();
    expect(selectCan('catalogue:delete')(state)).toBe(false);
  });

  it('a failed switch says why and stays', async () => {
    const app = await signedInTestApp(twoStores);
    mockDb.memberships = mockDb.memberships.filter((m) => m.storeId !== secondStore._id);
    app.store.dispatch(storeSwitchRequested(secondStore._id));
    await app.toastShown(MESSAGES.storeNotFound, 'error');
    expect(app.store.getState().membership.switchingTo).toBeNull();
    expect(selectActiveStore(app.store.getState())?._id).toBe(demoStore._id);
    expect(app.navigate).not.toHaveBeenCalled();
  });
});

describe('a 403 from any call', () => {
  it('for the role: the server says what it does not allow', async () => {
    const app = await signedInTestApp(signedInAs('staff'));
    app.store.dispatch(deleteProductRequested(demoProducts[0]!._id));
    await app.toastShown(forbiddenMessage('staff', 'catalogue:delete'), 'error');
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('removed from the active store: says so, reloads the stores and the catalogue, opens the dashboard', async () => {
    const app = await signedInTestApp(
      inStores([
        { ...demoStore, role: 'owner' },
        { ...secondStore, role: 'staff', active: true },
      ]),
    );
    expect(selectActiveStore(app.store.getState())?._id).toBe(secondStore._id);
    // The owner of the second store removes Jane.
    mockDb.memberships = mockDb.memberships.filter(
      (m) => !(m.storeId === secondStore._id && m.userId === demoUser._id),
    );
    app.store.dispatch(productListActions.reloadRequested());
    await app.toastShown(MESSAGES.notAMember, 'error');
    await vi.waitFor(() => expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined));
    await vi.waitFor(() => expect(shownList(app)).toMatchObject({ status: 'loaded', total: demoProducts.length }));
    expect(app.store.getState().membership.stores).toEqual([{ ...demoStore, role: 'owner', active: true }]);
    expect(app.toasts('error')).toEqual([MESSAGES.notAMember]);
  });
});
