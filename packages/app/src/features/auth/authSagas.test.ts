import { MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, latestResetLink, mockDb, serverError } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import {
  forgotRequested,
  getUserRequested,
  loginRequested,
  registerRequested,
  resetRequested,
} from '../../session/authSlice';
import { loadName } from '../../session/nameStorage';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signIn(app: TestApp, credentials = demo) {
  app.store.dispatch(loginRequested(credentials));
  await app.toastShown(MESSAGES.loggedIn, 'success');
}

describe('login', () => {
  it('signs in: success toast, state, stored name, /dashboard', async () => {
    const app = createTestApp();
    await signIn(app);
    const { auth } = app.store.getState();
    expect(auth).toMatchObject({ isLoggedIn: true, name: demoUser.name, isLoading: false, isSuccess: true });
    expect(auth.user?.email).toBe(demoUser.email);
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    expect(loadName()).toBe(demoUser.name);
  });

  it('goes back to a safe ?next= (an invitation) instead of /dashboard; never to another site', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ ...demo, next: '/invitations/abc' }));
    await app.toastShown(MESSAGES.loggedIn, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/invitations/abc', undefined);

    const other = createTestApp();
    other.store.dispatch(loginRequested({ ...demo, next: '//evil.example/x' }));
    await vi.waitFor(() => expect(other.navigate).toHaveBeenCalledWith('/dashboard', undefined));
  });

  it('keeps the session cookie: later calls are signed in', async () => {
    const app = createTestApp();
    await signIn(app);
    app.store.dispatch(getUserRequested());
    await vi.waitFor(() => expect(app.store.getState().auth.isSuccess).toBe(true));
    expect(app.toasts('error')).toEqual([]);
    expect(app.toasts('info')).toEqual([]);
  });

  it('validates on the client before calling: invalid email', async () => {
    const app = createTestApp();
    const calls = vi.fn();
    server.events.on('request:start', calls);
    app.store.dispatch(loginRequested({ email: 'jane@', password: 'x' }));
    await app.fieldErrorShown('login', 'email', MESSAGES.invalidEmail);
    expect(app.toasts('error')).toEqual([]);
    server.events.removeListener('request:start', calls);
    expect(calls).not.toHaveBeenCalled();
    expect(app.store.getState().auth).toMatchObject({
      isLoading: false,
      isError: true,
      message: MESSAGES.invalidEmail,
    });
  });

  it('requires every field', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ email: '', password: '' }));
    await app.toastShown(MESSAGES.allFieldsRequired, 'error');
  });

  it('shows the server message for wrong credentials, without the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ email: demoUser.email, password: 'wrong-password' }));
    await app.toastShown(MESSAGES.invalidCredentials, 'error');
    expect(app.toasts('info')).toEqual([]);
    expect(app.store.getState().auth).toMatchObject({ isLoggedIn: false, isLoading: false, isError: true });
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('a sign-in that then succeeds takes the earlier "Invalid email or password" away', async () => {
    const app = createTestApp();
    app.store.dispatch(loginRequested({ email: demoUser.email, password: 'wrong-password' }));
    await app.toastShown(MESSAGES.invalidCredentials, 'error');
    await signIn(app);
    expect(app.toasts()).toEqual([MESSAGES.loggedIn]);
  });

  it('shows the server message of a 500', async () => {
    server.use(serverError('/api/users/login'));
    const app = createTestApp();
    app.store.dispatch(loginRequested(demo));
    await app.toastShown(MESSAGES.internalError, 'error');
  });

  it('shows the generic message when the network fails', async () => {
    server.use(http.post('*/api/users/login', () => HttpResponse.error()));
    const app = createTestApp();
    app.store.dispatch(loginRequested(demo));
    await app.toastShown(MESSAGES.genericError, 'error');
  });
});

describe('register', () => {
  const form = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'engine1', password2: 'engine1' };

  it('validates: a missing field is toasted, as it concerns no one field', async () => {
    const app = createTestApp();
    app.store.dispatch(registerRequested({ ...form, name: ' ' }));
    await app.toastShown(MESSAGES.allFieldsRequired, 'error');
    expect(mockDb.users.some((user) => user.email === 'ada@example.com')).toBe(false);
  });

  it.each([
    [{ ...form, password: 'short', password2: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ ...form, email: 'ada.example.com' }, 'email', MESSAGES.invalidEmail],
    [{ ...form, password2: 'engine2' }, 'password2', MESSAGES.passwordsDoNotMatch],
  ])('validates %j → under %s: %s', async (input, field, message) => {
    const app = createTestApp();
    app.store.dispatch(registerRequested(input));
    await app.fieldErrorShown('register', field, message);
    expect(app.toasts('error')).toEqual([]);
    expect(mockDb.users.some((user) => user.email === 'ada@example.com')).toBe(false);
  });

  it("a success ends the form's earlier failures: no error toast or field error stays beside it", async () => {
    const app = createTestApp();
    app.store.dispatch(registerRequested({ ...form, name: '' }));
    await app.toastShown(MESSAGES.allFieldsRequired, 'error');
    app.store.dispatch(registerRequested({ ...form, password2: 'engine2' }));
    await app.fieldErrorShown('register', 'password2', MESSAGES.passwordsDoNotMatch);
    expect(app.toasts('error')).toEqual([]);
    app.store.dispatch(registerRequested(form));
    await app.toastShown(MESSAGES.registered, 'success');
    expect(app.toasts()).toEqual([MESSAGES.registered]);
    expect(app.store.getState().formErrors.byForm.register).toBeUndefined();
  });

  it('registers: success toast, signed in, /dashboard, password2 not sent', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/register'))
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    const app = createTestApp();
    app.store.dispatch(registerRequested(form));
    await app.toastShown(MESSAGES.registered, 'success');
    server.events.removeAllListeners('request:start');
    expect(app.store.getState().auth).toMatchObject({ isLoggedIn: true, name: 'Ada Lovelace' });
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    expect(bodies).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'engine1' }]);
    expect(loadName()).toBe('Ada Lovelace');
  });

  it('goes back to a safe ?next= after registering', async () => {
    const app = createTestApp();
    app.store.dispatch(registerRequested({ ...form, next: '/invitations/abc' }));
    await app.toastShown(MESSAGES.registered, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/invitations/abc', undefined);
  });

  it('shows the server message for a taken email', async () => {
    const app = createTestApp();
    app.store.dispatch(registerRequested({ ...form, email: demoUser.email }));
    await app.fieldErrorShown('register', 'email', MESSAGES.emailTaken);
    expect(app.store.getState().auth.isLoggedIn).toBe(false);
  });
});

describe('forgot password', () => {
  it.each([
    ['', MESSAGES.emailRequired],
    ['jane', MESSAGES.invalidEmail],
  ])('validates %j → %s under the email', async (email, message) => {
    const app = createTestApp();
    app.store.dispatch(forgotRequested({ email }));
    await app.fieldErrorShown('forgot', 'email', message);
  });

  it("toasts the server's answer and mails a reset link", async () => {
    const app = createTestApp();
    app.store.dispatch(forgotRequested({ email: demoUser.email }));
    await app.toastShown(MESSAGES.resetEmailSent, 'success');
    expect(latestResetLink(demoUser.email)).toMatch(/\/resetpassword\/[0-9a-f]+$/);
  });

  it('shows the server message when the call fails', async () => {
    server.use(serverError('/api/users/forgotpassword'));
    const app = createTestApp();
    app.store.dispatch(forgotRequested({ email: demoUser.email }));
    await app.toastShown(MESSAGES.internalError, 'error');
  });
});

describe('reset password', () => {
  async function resetToken(app: TestApp): Promise<string> {
    app.store.dispatch(forgotRequested({ email: demoUser.email }));
    await app.toastShown(MESSAGES.resetEmailSent);
    const link = latestResetLink(demoUser.email);
    return link?.split('/').at(-1) ?? '';
  }

  it.each([
    [{ password: 'short', password2: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'newpass1', password2: 'newpass2' }, 'password2', MESSAGES.passwordsDoNotMatch],
  ])('validates %j → under %s: %s', async (input, field, message) => {
    const app = createTestApp();
    app.store.dispatch(resetRequested({ resetToken: 'whatever', ...input }));
    await app.fieldErrorShown('reset', field, message);
  });

  it("toasts the server's answer, goes to /login, and the new password works", async () => {
    const app = createTestApp();
    const token = await resetToken(app);
    app.store.dispatch(resetRequested({ resetToken: token, password: 'brand-new1', password2: 'brand-new1' }));
    await app.toastShown(MESSAGES.passwordReset, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/login', undefined);

    const next = createTestApp();
    next.store.dispatch(loginRequested({ email: demoUser.email, password: demoUser.password }));
    await next.toastShown(MESSAGES.invalidCredentials, 'error');
    await signIn(next, { email: demoUser.email, password: 'brand-new1' });
  });

  it('shows the server message for a bad token', async () => {
    const app = createTestApp();
    app.store.dispatch(resetRequested({ resetToken: 'not-a-token', password: 'brand-new1', password2: 'brand-new1' }));
    await app.toastShown(MESSAGES.resetTokenInvalid, 'error');
    expect(app.navigate).not.toHaveBeenCalled();
  });
});
