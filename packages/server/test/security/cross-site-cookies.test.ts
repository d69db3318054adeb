import { MESSAGES, SESSION_COOKIE_NAME } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from '../support/app';
import { databases, type TestDatabase } from '../support/databases';

const API = 'https://api.example.com';
const FRONT_END = 'https://shop.example.net';
const FOREIGN = 'https://evil.example.org';
const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

/** The raw Set-Cookie line of the session cookie. */
function sessionSetCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [header];
  const line = lines.find((entry) => entry.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!line) throw new Error('no session cookie set');
  return line;
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !part.startsWith('max-age') && !part.startsWith('expires'))
    .sort();

describe.each(databases)('security: the session cookie for a front end on another site on $name', (kind) => {
  let database: TestDatabase;
  let sameSite: FastifyInstance;
  let crossSite: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    sameSite = await startApp(database, { PUBLIC_URL: API, CORS_ORIGINS: FRONT_END });
    crossSite = await startApp(database, { PUBLIC_URL: API, CORS_ORIGINS: FRONT_END, CROSS_SITE_COOKIES: 'true' });
  });
  afterAll(async () => {
    await sameSite?.close();
    await crossSite?.close();
    await database?.cleanup();
  });

  it('[ASVS 3.4.3] without CROSS_SITE_COOKIES the cookie is HttpOnly, Secure over https, SameSite=Lax', async () => {
    const { response, body } = await register(sameSite);
    expect(attributes(sessionSetCookie(response))).toEqual(['httponly', 'path=/', 'samesite=lax', 'secure']);
    const login = await sameSite.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: body.password },
    });
    expect(attributes(sessionSetCookie(login))).toEqual(['httponly', 'path=/', 'samesite=lax', 'secure']);
  });

  it('[ASVS 3.4.3] with CROSS_SITE_COOKIES it is HttpOnly, SameSite=None and Secure, and is cleared the same way', async () => {
    const { response, body, token } = await register(crossSite);
    expect(attributes(sessionSetCookie(response))).toEqual(['httponly', 'path=/', 'samesite=none', 'secure']);
    const login = await crossSite.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: body.password },
    });
    expect(attributes(sessionSetCookie(login))).toEqual(['httponly', 'path=/', 'samesite=none', 'secure']);
    const logout = await crossSite.inject({
      method: 'GET',
      url: '/api/users/logout',
      headers: { ...cookieHeader(token), origin: FRONT_END },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = sessionSetCookie(logout);
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;`));
    expect(attributes(cleared)).toEqual(['httponly', 'path=/', 'samesite=none', 'secure']);
  });

  it('[ASVS 13.2.3] with CROSS_SITE_COOKIES the listed front end may change state; every other site is still refused', async () => {
    const { token } = await register(crossSite);
    const listed = await crossSite.inject({
      method: 'POST',
      url: '/api/orders',
      payload: ORDER,
      headers: { ...cookieHeader(token), origin: FRONT_END, 'sec-fetch-site': 'cross-site' },
    });
    expect(listed.statusCode).toBe(201);
    expect(listed.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const refusals = [
      { origin: FOREIGN },
      { origin: FOREIGN, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of refusals) {
      const response = await crossSite.inject({
        method: 'POST',
        url: '/api/orders',
        payload: ORDER,
        headers: { ...cookieHeader(token), ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.crossSiteRefused });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const logout = await crossSite.inject({
      method: 'GET',
      url: '/api/users/logout',
      headers: { ...cookieHeader(token), 'sec-fetch-site': 'cross-site', origin: FOREIGN },
    });
    expect(logout.statusCode).toBe(403);
    expect(
      (await crossSite.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) })).json(),
    ).toHaveLength(1);
  });
});
