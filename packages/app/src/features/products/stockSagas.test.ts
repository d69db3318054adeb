import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoProducts, demoUser, seedMovements } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { getProductRequested } from './productsSlice';
import { correctionRequested, movementsRequested, olderMovementsRequested } from './stockSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };
const product = demoProducts.find((p) => p.quantity >= 3)!;

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

const stock = (app: TestApp) => app.store.getState().stock;

function twelveMovements() {
  seedMovements(
    product._id,
    Array.from({ length: 12 }, (_, i) => ({
      change: 1,
      quantityAfter: product.quantity - 11 + i,
      reason: 'correction' as const,
      by: { name: demoUser.name, token: null },
      orderId: null,
      createdAt: new Date(Date.UTC(2024, 0, i + 1)).toISOString(),
    })),
  );
}

describe('stock history and corrections', () => {
  it('loads the newest page, then the older one', async () => {
    twelveMovements();
    const app = await signedInApp();
    app.store.dispatch(movementsRequested(product._id));
    await vi.waitFor(() => expect(stock(app).status).toBe('loaded'));
    expect(stock(app).movements).toHaveLength(10);
    expect(stock(app).movements[0]!.quantityAfter).toBe(product.quantity);
    expect(stock(app).next).not.toBeNull();
    app.store.dispatch(olderMovementsRequested());
    await vi.waitFor(() => expect(stock(app).movements).toHaveLength(12));
    expect(stock(app).next).toBeNull();
  });

  it('a correction toasts, reloads the product and the history; one below 0 is a field error (409)', async () => {
    const app = await signedInApp();
    app.store.dispatch(getProductRequested(product._id));
    await vi.waitFor(() => expect(app.store.getState().products.product?._id).toBe(product._id));
    app.store.dispatch(movementsRequested(product._id));
    app.store.dispatch(correctionRequested({ productId: product._id, change: -1, reason: 'lost', note: ' Missing after the fair ' }));
    await app.toastShown(MESSAGES.stockAdjusted, 'success');
    await vi.waitFor(() => expect(app.store.getState().products.product?.quantity).toBe(product.quantity - 1));
    await vi.waitFor(() => expect(stock(app).movements[0]?.reason).toBe('correction'));
    // The reason and the note (trimmed) reach the ledger.
    expect(stock(app).movements[0]).toMatchObject({ correctionReason: 'lost', note: 'Missing after the fair' });
    expect(stock(app).correctionsDone).toBe(1);
    app.store.dispatch(correctionRequested({ productId: product._id, change: -1000, reason: 'count', note: '' }));
    await vi.waitFor(() => expect(stock(app).correctionError).toBe(MESSAGES.stockWouldBeNegative(product.quantity - 1)));
    expect(stock(app).correcting).toBe(false);
  });
});
