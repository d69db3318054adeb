import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, makeProduct, seedProducts } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { REORDER_PAGE_SIZE } from './reorderSagas';
import { reorderListRequested, reorderMoreRequested } from './reorderSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

describe('to reorder', () => {
  it('pages through the products at or below their reorder point', async () => {
    const low = Array.from({ length: REORDER_PAGE_SIZE + 5 }, (_, i) =>
      makeProduct({ name: `Low ${i}`, quantity: 1, reorderPoint: 2, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }),
    );
    seedProducts([...low, makeProduct({ name: 'Fine', quantity: 9, reorderPoint: 2 }), makeProduct({ name: 'None', quantity: 0 })]);
    const app = await signedInApp();
    app.store.dispatch(reorderListRequested());
    await vi.waitFor(() => expect(app.store.getState().reorder.status).toBe('loaded'));
    expect(app.store.getState().reorder.items).toHaveLength(REORDER_PAGE_SIZE);
    expect(app.store.getState().reorder.total).toBe(REORDER_PAGE_SIZE + 5);
    app.store.dispatch(reorderMoreRequested());
    await vi.waitFor(() => expect(app.store.getState().reorder.items).toHaveLength(REORDER_PAGE_SIZE + 5));
    expect(app.store.getState().reorder.next).toBeNull();
    expect(app.store.getState().reorder.items.every((p) => p.name.startsWith('Low'))).toBe(true);
  });
});
