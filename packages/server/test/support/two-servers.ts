import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseKind, TestDatabase } from './databases';
import { api, type ServerProcess, sessionOf, startServer } from './processes';

/** Two server processes on one new database and the session of an owner registered through the first. */
export interface TwoServers {
  database: TestDatabase;
  a: ServerProcess;
  b: ServerProcess;
  token: string;
}

/**
 * Starts two server processes on a new database of `kind` before the suite's tests (and stops them after), with an
 * owner registered; the object is filled in once `beforeAll` has run. For the races that must hold across processes.
 */
export function twoServersWithOwner(kind: DatabaseKind, emailPrefix: string): TwoServers {
  const servers = {} as TwoServers;
  beforeAll(async () => {
    servers.database = await kind.create();
    [servers.a, servers.b] = await Promise.all([
      startServer({ env: servers.database.env }),
      startServer({ env: servers.database.env }),
    ]);
    const registered = await api(servers.a.url, 'POST', '/api/users/register', undefined, {
      name: 'Race Owner',
      email: `${emailPrefix}.${Date.now()}@example.com`,
      password: 'secret123',
    });
    expect(registered.status).toBe(201);
    servers.token = sessionOf(registered)!;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([servers.a?.stop(), servers.b?.stop()]);
    await servers.database?.cleanup();
  });
  return servers;
}
