import { MESSAGES } from '@inventory/contract';
import { demoUser } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi } from '../../test/harness';
import { loginRequested, loginStatusRequested, logoutRequested, sessionCheckRequested } from './authSlice';

setupMockApi();

describe('login status on app start', () => {
  it('marks a visitor logged out, quietly', async () => {
    const app = createTestApp({ auth: { isLoggedIn: true } });
    app.store.dispatch(loginStatusRequested());
    await vi.waitFor(() => expect(app.store.getState().auth.isLoggedIn).toBe(false));
    expect(app.toasts()).toEqual([]);
    expect(app.navigate).not.toHaveBeenCalled();
  });
});

describe('protected route check', () => {
  it('signed out: info toast, session expired, /login', async () => {
    const app = createTestApp();
    app.store.dispatch(sessionCheckRequested());
    expect(app.store.getState().auth.session).toBe('checking');
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.store.getState().auth).toMatchObject({ session: 'expired', isLoggedIn: false });
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('does not stack the toast when checks repeat', async () => {
    const app = createTestApp();
    app.store.dispatch(sessionCheckRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    app.store.dispatch(sessionCheckRequested());
    await vi.waitFor(() => expect(app.navigate).toHaveBeenCalledTimes(2));
    expect(app.toasts()).toEqual([MESSAGES.sessionExpired]);
  });

  it('signed in: session valid, and the user is fetched when no name is held', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ email: demoUser.email, password: demoUser.password }));
    await app.toastShown(MESSAGES.loggedIn);

    // A reload that lost the stored name: the cookie is kept, the state starts empty.
    localStorage.clear();
    const reloaded = createTestApp();
    reloaded.store.dispatch(sessionCheckRequested());
    await vi.waitFor(() => expect(reloaded.store.getState().auth.name).toBe(demoUser.name));
    expect(reloaded.store.getState().auth).toMatchObject({ session: 'valid', isLoggedIn: true });
    expect(reloaded.toasts()).toEqual([]);
  });

  it('after logout the next check expires the session', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ email: demoUser.email, password: demoUser.password }));
    await app.toastShown(MESSAGES.loggedIn);
    app.store.dispatch(logoutRequested());
    await vi.waitFor(() => expect(app.store.getState().auth.isLoggedIn).toBe(false));
    app.store.dispatch(sessionCheckRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
  });
});
