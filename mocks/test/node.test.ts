import { MESSAGES } from '@inventory/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  demoUser,
  failing,
  mockDb,
  mockState,
  pending,
  resetMockDb,
  seedUser,
  serverError,
  signedIn,
  signedOut,
} from '../src';
import { server } from '../src/node';
import { checkMockedAnswers } from './support/openapi';

const base = 'http://node.mock.test/api/users';
const json = { 'content-type': 'application/json' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
// Every mocked answer must match the server's OpenAPI description, as the server's own answers do.
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

describe('cookies in node (setupServer)', () => {
  it('reads a manual cookie header and exposes Set-Cookie through getSetCookie()', async () => {
    const { token } = seedUser({ name: 'Nod E', email: 'node@example.com', password: 'secret123' }, { session: true });
    const other = 'http://other-host.mock.test/api/users';
    const me = await fetch(`${other}/getuser`, { headers: { cookie: `sid=${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('node@example.com');

    const login = await fetch(`${other}/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'node@example.com', password: 'secret123' }),
    });
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/^sid=[0-9a-f]{64}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
  });

  it('accepts a configured API base with a path prefix and relative-looking hosts', async () => {
    const r = await fetch('https://api.example.com/v1/api/users/loggedin');
    expect(await r.json()).toBe(false);
  });
});

describe('story helpers in node', () => {
  it('signedIn() answers as the user for requests without a cookie; logout ends it', async () => {
    const cleanup = signedIn()();
    expect(await (await fetch(`${base}/loggedin`)).json()).toBe(true);
    expect(((await (await fetch(`${base}/getuser`)).json()) as { name: string }).name).toBe(demoUser.name);
    await fetch(`${base}/logout`);
    expect(await (await fetch(`${base}/loggedin`)).json()).toBe(false);
    cleanup();
    expect(mockDb.defaultSession).toBeNull();
  });

  it('signedOut() gives 401 on getuser and keeps the demo user for the login form', async () => {
    signedOut()();
    expect((await fetch(`${base}/getuser`)).status).toBe(401);
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: demoUser.email, password: demoUser.password }),
    });
    expect(login.status).toBe(200);
  });

  it('failing, serverError and pending override one route', async () => {
    mockState(
      failing('/api/users/login', 401, MESSAGES.invalidCredentials),
      serverError('/api/users/getuser'),
      pending('/api/users/loggedin'),
    )({ msw: server });
    const login = await fetch(`${base}/login`, { method: 'POST', headers: json, body: '{}' });
    expect([login.status, await login.json()]).toEqual([401, { message: MESSAGES.invalidCredentials }]);
    const getuser = await fetch(`${base}/getuser`);
    expect([getuser.status, await getuser.json()]).toEqual([500, { message: MESSAGES.internalError }]);
    const controller = new AbortController();
    const outcome = await Promise.race([
      fetch(`${base}/loggedin`, { signal: controller.signal }).then(
        () => 'answered',
        () => 'aborted',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 200)),
    ]);
    controller.abort();
    expect(outcome).toBe('pending');
  });

  it('forgotpassword puts the reset mail in the outbox', async () => {
    await fetch(`${base}/forgotpassword`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'JANE@example.com' }),
    });
    expect(mockDb.outbox).toEqual([
      expect.objectContaining({
        to: demoUser.email,
        link: expect.stringMatching(/^http:\/\/localhost:3000\/resetpassword\/[0-9a-f]{64}$/),
      }),
    ]);
  });
});
