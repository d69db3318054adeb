import { resetMockDb } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { configureApiBase } from '../src/api/client';
import { createAppStore, type AppPreloadedState, type AppStore } from '../src/app/store';
import type { ToastKind } from '../src/toasts/toastsSlice';

/**
 * The sagas' test harness: the real store, sagas and axios client; only the network is mocked, by the MSW handlers
 * of `@inventory/mocks` (an in-memory implementation of the API).
 *
 * Cookies: axios in node keeps none, but MSW does what the browser would. It stores the `Set-Cookie` of a mocked
 * response in its own per-host jar and sends it with later requests to that host (see mocks/src/node.ts), so a
 * mocked login leaves the client signed in and logout's expired cookie signs it out. Tests therefore sign in through
 * the real login call rather than by planting a session.
 *
 * There is no page origin in node, so the client gets an absolute base URL.
 */
export const API_BASE = 'http://localhost';

export function setupMockApi(): void {
  beforeAll(() => {
    configureApiBase(API_BASE);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    resetMockDb();
    localStorage.clear();
  });
  afterAll(() => server.close());
}

export interface TestApp {
  store: AppStore;
  /** The navigate function the sagas get from their context (the router's, in the app). */
  navigate: ReturnType<typeof vi.fn>;
  toasts(kind?: ToastKind): string[];
  /** Waits until a toast with this text is queued. */
  toastShown(message: string, kind?: ToastKind): Promise<void>;
}

export function createTestApp(preloadedState?: AppPreloadedState): TestApp {
  const navigate = vi.fn();
  const store = createAppStore({ preloadedState, navigate });
  const toasts = (kind?: ToastKind) =>
    store
      .getState()
      .toasts.items.filter((toast) => !kind || toast.kind === kind)
      .map((toast) => toast.message);
  const toastShown = (message: string, kind?: ToastKind) => vi.waitFor(() => expect(toasts(kind)).toContain(message));
  return { store, navigate, toasts, toastShown };
}
