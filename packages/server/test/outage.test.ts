import path from 'node:path';
import { MESSAGES, type Order } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { createFaultySqlite, startTcpProxy } from './support/outage';

const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

/**
 * The database stops while requests arrive (issue 6, Reliability): requests answer 503 quickly, the process stays up,
 * /readyz says not ready, and once the database is back everything works without a restart.
 * PostgreSQL: a real network outage through a TCP proxy the test cuts. SQLite: the driver's own I/O error, see
 * support/outage.ts for why that is the honest outage of an in-process database.
 */
describe.each(databases)('database outage on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let outage: {
    cut(): Promise<void> | void;
    hang?(): void;
    restore(): Promise<void> | void;
    close(): Promise<void> | void;
  };
  let token: string | undefined;
  let email: string;
  let order: Order;

  beforeAll(async () => {
    database = await kind.create();
    if (kind.name === 'postgres') {
      const direct = new URL(database.env.DATABASE_URL ?? '');
      const proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
      const viaProxy = new URL(direct);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      app = await startApp(database, { DATABASE_URL: viaProxy.toString() });
      outage = proxy;
    } else {
      const faulty = createFaultySqlite(path.join(database.dataDir, 'inventory.sqlite'));
      app = await startApp(database, {}, { db: faulty.db });
      outage = { cut: faulty.cut, restore: faulty.restore, close: () => faulty.db.destroy() };
    }
    const registered = await register(app);
    token = registered.token;
    email = registered.body.email;
    order = (
      await app.inject({ method: 'POST', url: '/api/orders', payload: ORDER, headers: cookieHeader(token) })
    ).json<Order>();
  });
  afterAll(async () => {
    await app?.close();
    await outage?.close();
    await database?.cleanup();
  });

  /** Requests of every kind: signed-in reads and writes, login, the session check, readiness. */
  const traffic = () => [
    app.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) }),
    app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: cookieHeader(token) }),
    app.inject({ method: 'POST', url: '/api/orders', payload: ORDER, headers: cookieHeader(token) }),
    app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'secret123' } }),
    app.inject({ method: 'GET', url: '/api/users/loggedin', headers: cookieHeader(token) }),
    app.inject({ method: 'GET', url: '/readyz' }),
  ];

  const expectUnavailable = (responses: LightMyRequestResponse[]) => {
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ message: MESSAGES.serviceUnavailable });
      expect(response.body).not.toMatch(/select|insert|ECONN|SQLITE|terminated|\.ts|at /i);
    }
  };

  async function expectRecovered() {
    // The first request after the database returns may still meet a connection that died with the outage; within a
    // few seconds everything answers again, in this same process.
    const deadline = Date.now() + 10_000;
    while ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('not ready 10 s after the database came back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json<Order[]>().map((o) => o._id)).toContain(order._id);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: ORDER,
      headers: cookieHeader(token),
    });
    expect(created.statusCode).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) })),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(burst.map(() => 200));
  }

  it('answers 503 quickly while the database is down, stays up, says not ready, and recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await outage.cut();
    try {
      const started = Date.now();
      const responses = await Promise.all(traffic());
      expect(Date.now() - started).toBeLessThan(3000);
      expectUnavailable(responses);
      expect(responses.at(-1)?.headers['retry-after']).toBeUndefined();
      expect(responses[0]?.headers['retry-after']).toBe('5');
      // The process is alive: liveness answers, and a second wave is refused the same way.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expectUnavailable(await Promise.all(traffic()));
    } finally {
      await outage.restore();
    }
    await expectRecovered();
  });

  // A silent host is a network condition: it only exists for PostgreSQL, so SQLite has no such case.
  if (kind.name === 'postgres') {
    it('answers 503 within the 2 s connect timeout when the database host accepts but never answers, then recovers', async () => {
      outage.hang?.();
      // Let the pool notice its dropped connections, so every request below needs a new one and meets the timeout.
      await new Promise((resolve) => setTimeout(resolve, 200));
      try {
        const started = Date.now();
        const responses = await Promise.all(traffic());
        const elapsed = Date.now() - started;
        expectUnavailable(responses);
        expect(elapsed).toBeGreaterThanOrEqual(1900);
        expect(elapsed).toBeLessThan(4500);
      } finally {
        await outage.restore();
      }
      await expectRecovered();
    });
  }
});
