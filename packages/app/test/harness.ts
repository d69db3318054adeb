import { MESSAGES } from '@inventory/contract';
import { demoUser, mockDb, resetMockDb, type SeedUserInput, type StateHook } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { configureApiBase } from '../src/api/client';
import { createAppStore, type AppPreloadedState, type AppStore } from '../src/app/store';
import { loginRequested } from '../src/session/authSlice';
import type { FormId } from '../src/forms/formErrorsSlice';
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
  /** Waits until the form shows this message under this field. */
  fieldErrorShown(form: FormId, field: string, message: string): Promise<void>;
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
  const fieldErrorShown = (form: FormId, field: string, message: string) =>
    vi.waitFor(() => expect(store.getState().formErrors.byForm[form]?.[field]).toBe(message));
  return { store, navigate, toasts, toastShown, fieldErrorShown };
}

/**
 * A test app signed in through the real login call as `user` (default Jane), after `arrange` (a mocks state hook such
 * as `inStores([...])` or `signedInAs('staff')`) put the mock database in shape. The story hooks' mock-only default
 * session is dropped first, so requests carry the login's cookie like a browser. Resolves once the stores are loaded;
 * `navigate` is cleared of the login's move.
 */
export async function signedInTestApp(
  arrange?: StateHook | (() => void),
  user: SeedUserInput = demoUser,
): Promise<TestApp> {
  if (arrange) arrange();
  mockDb.defaultSession = null;
  const app = createTestApp();
  app.store.dispatch(loginRequested({ email: user.email, password: user.password }));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  await vi.waitFor(() => expect(app.store.getState().membership.status).toBe('loaded'));
  app.navigate.mockClear();
  return app;
}
