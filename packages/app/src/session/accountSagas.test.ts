import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, resetMockDb } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../test/harness';
import { changePasswordRequested, getUserRequested, loginRequested, logoutRequested } from './authSlice';
import { loadName } from './nameStorage';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signIn(app: TestApp, credentials = demo) {
  app.store.dispatch(loginRequested(credentials));
  await app.toastShown(MESSAGES.loggedIn, 'success');
}

describe('logout', () => {
  it('calls the server, signs out, forgets the name and goes to /login', async () => {
    const app = createTestApp();
    await signIn(app);
    app.store.dispatch(logoutRequested());
    await vi.waitFor(() => expect(app.navigate).toHaveBeenLastCalledWith('/login', undefined));
    expect(app.store.getState().auth).toMatchObject({ isLoggedIn: false, name: '', user: null });
    expect(loadName()).toBe('');

    // The server's session is gone: a protected call now answers 401 → the session-expired flow.
    app.store.dispatch(getUserRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
  });
});

describe('401 from any call: the session-expired flow', () => {
  it('toasts once, signs out and goes to /login', async () => {
    const app = createTestApp();
    await signIn(app);
    resetMockDb(); // the server forgets every session
    app.store.dispatch(getUserRequested());
    app.store.dispatch(
      changePasswordRequested({ oldPassword: 'secret123', password: 'secret456', password2: 'secret456' }),
    );
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    await vi.waitFor(() => expect(app.navigate).toHaveBeenCalledTimes(3));
    expect(app.navigate).toHaveBeenLastCalledWith('/login', { replace: true });
    expect(app.toasts('info')).toEqual([MESSAGES.sessionExpired]);
    expect(app.toasts('error')).toEqual([]);
    expect(app.store.getState().auth).toMatchObject({ isLoggedIn: false, session: 'expired', name: '' });
  });
});

describe('change password', () => {
  it('validates, then toasts the server answer and goes to /profile', async () => {
    const app = createTestApp();
    await signIn(app);
    app.store.dispatch(changePasswordRequested({ oldPassword: 'secret123', password: 'secret456', password2: 'x' }));
    await app.fieldErrorShown('changePassword', 'password2', MESSAGES.newPasswordsDoNotMatch);
    app.store.dispatch(changePasswordRequested({ oldPassword: 'wrong-one', password: 'secret456', password2: 'secret456' }));
    await app.fieldErrorShown('changePassword', 'oldPassword', MESSAGES.wrongOldPassword);
    app.store.dispatch(
      changePasswordRequested({ oldPassword: 'secret123', password: 'secret456', password2: 'secret456' }),
    );
    await app.toastShown(MESSAGES.passwordChanged, 'success');
    expect(app.toasts('error')).toEqual([]);
    expect(app.store.getState().formErrors.byForm.changePassword).toBeUndefined();
    expect(app.navigate).toHaveBeenLastCalledWith('/profile', undefined);
  });

  it('asks for JSON alone, so the server answers {message} rather than the plain text other clients get', async () => {
    const accepts: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/users/changepassword')) accepts.push(request.headers.get('accept'));
    };
    server.events.on('request:start', listener);
    try {
      const app = createTestApp();
      await signIn(app);
      app.store.dispatch(
        changePasswordRequested({ oldPassword: 'secret123', password: 'secret456', password2: 'secret456' }),
      );
      await app.toastShown(MESSAGES.passwordChanged, 'success');
      expect(accepts).toEqual(['application/json']);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});
