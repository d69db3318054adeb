/**
 * Page script of test/browser.test.ts: the real worker in Chromium, driven through `window.mockChecks`.
 * Bundled with esbuild by the test; not part of the package.
 */
import { http, HttpResponse } from 'msw';
import { startMockWorker, worker } from '../../src/browser';
import { latestResetLink, mockDb, mockState, pending, signedIn } from '../../src';

type Check = () => Promise<unknown>;

async function call(
  method: string,
  path: string,
  body?: unknown,
  xhr = false,
): Promise<{ status: number; body: unknown }> {
  if (xhr) {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open(method, path);
      request.withCredentials = true;
      request.setRequestHeader('content-type', 'application/json');
      request.onload = () => resolve({ status: request.status, body: JSON.parse(request.responseText) as unknown });
      request.send(body === undefined ? null : JSON.stringify(body));
    });
  }
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const checks: Record<string, Check> = {
  async loginLogout() {
    const login = await call('POST', '/api/users/login', { email: 'jane@example.com', password: 'secret123' });
    const cookieAfterLogin = document.cookie;
    const getuser = (await call('GET', '/api/users/getuser')).status;
    const getuserXhr = (await call('GET', '/api/users/getuser', undefined, true)).status;
    const logout = await call('GET', '/api/users/logout');
    return {
      login: login.status,
      cookieAfterLogin,
      getuser,
      getuserXhr,
      logout: logout.body,
      cookieAfterLogout: document.cookie,
      getuserAfter: (await call('GET', '/api/users/getuser')).status,
    };
  },
  async httpOnlyProbe() {
    worker.use(
      http.get('/probe/set', () => HttpResponse.json(1, { headers: { 'Set-Cookie': 'probe=1; Path=/; HttpOnly' } })),
      http.get('/probe/read', ({ cookies }) => HttpResponse.json(cookies)),
    );
    await fetch('/probe/set');
    const result = {
      documentCookie: document.cookie,
      handlerSees: (await (await fetch('/probe/read')).json()) as unknown,
    };
    worker.resetHandlers();
    return result;
  },
  async signedInAfterAnotherLogin() {
    await call('POST', '/api/users/login', { email: 'jane@example.com', password: 'secret123' });
    const cleanup = signedIn({ name: 'Other User', email: 'other@example.com', password: 'secret123' })();
    const cookie = document.cookie;
    const me = await call('GET', '/api/users/getuser');
    cleanup();
    return {
      cookie,
      status: me.status,
      name: (me.body as { name?: string }).name,
      after: (await call('GET', '/api/users/loggedin')).body,
    };
  },
  async pendingOverride() {
    mockState(pending('/api/users/getuser'))({ msw: worker });
    const outcome = await Promise.race([
      fetch('/api/users/getuser').then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 500)),
    ]);
    worker.resetHandlers();
    return outcome;
  },
  async registerAndForget() {
    await call('POST', '/api/users/register', {
      name: 'Per Sist',
      email: 'persist@example.com',
      password: 'secret123',
    });
    await call('POST', '/api/users/forgotpassword', { email: 'persist@example.com' });
    return { loggedin: (await call('GET', '/api/users/loggedin')).body, link: latestResetLink('persist@example.com') };
  },
  async afterReload() {
    const token = (latestResetLink('persist@example.com') ?? '').split('/').pop();
    const loggedin = (await call('GET', '/api/users/loggedin')).body;
    const reset = await call('PUT', `/api/users/resetpassword/${token}`, {
      password: 'newsecret',
      password2: 'newsecret',
    });
    return { loggedin, users: mockDb.users.map((u) => u.email), reset: reset.body };
  },
};

Object.assign(window, { mockChecks: checks });
await startMockWorker({ quiet: true });
document.title = 'ready';
