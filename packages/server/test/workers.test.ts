import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestDatabase } from './support/databases';
import { api, REPO_ROOT, SERVE_SCRIPT, type ServerProcess, sessionOf, startServer } from './support/processes';

const listeningPids = (output: string) =>
  [...output.matchAll(/worker \d+ \(pid (\d+)\) listening on/g)].map((match) => Number(match[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npm start` with WORKERS: scripts/serve.mjs runs the built server in a node:cluster. */
describe.each(databases)('WORKERS=2 on $name', (kind) => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await kind.create();
    server = await startServer({ env: { ...database.env, WORKERS: '2' }, via: 'serve' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    for (const pid of listeningPids(server?.output() ?? '')) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await database?.cleanup();
  });

  it('two workers share the port and the database; a killed worker is replaced; SIGTERM drains all and exits 0', async () => {
    const pids = await until('two workers listening', () => {
      const found = listeningPids(server.output());
      return found.length >= 2 && found;
    });
    expect(new Set(pids).size).toBe(2);

    const registered = await api(server.url, 'POST', '/api/users/register', undefined, {
      name: 'Workers',
      email: 'workers@example.com',
      password: 'secret123',
    });
    expect(registered.status).toBe(201);
    const token = sessionOf(registered);
    // Fresh connections land on either worker; every one sees the session.
    for (let i = 0; i < 10; i += 1) {
      const response = await fetch(`${server.url}/api/users/getuser`, {
        headers: { cookie: `sid=${token}`, connection: 'close' },
      });
      expect(response.status).toBe(200);
    }

    // A worker crashes: the primary starts a replacement and the server keeps answering (the other worker) meanwhile.
    // Until the primary has seen the exit it may still hand a connection to the dead worker; such a connection is
    // not refused but queued, and the primary hands it to the replacement once that listens, where a client that
    // gave up on it left it open and the replacement's drain waited for it (exit 1 after 10 s). So requests go out
    // only once the primary has said it saw the crash.
    process.kill(pids[0]!, 'SIGKILL');
    await until('the primary to see the crash', () =>
      server.output().includes(`pid ${pids[0]}) died with signal SIGKILL: starting a replacement`),
    );
    const healthy = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } }).then(
      (response) => response.status === 200,
      () => false,
    );
    expect(healthy).toBe(true);
    const replacement = await until('a replacement worker', () =>
      listeningPids(server.output()).find((pid) => !pids.includes(pid)),
    );
    expect(server.output()).toMatch(new RegExp(`pid ${pids[0]}\\) died with signal SIGKILL: starting a replacement`));
    expect(alive(replacement)).toBe(true);
    expect(
      (await fetch(`${server.url}/api/users/getuser`, { headers: { cookie: `sid=${token}`, connection: 'close' } }))
        .status,
    ).toBe(200);

    const started = Date.now();
    const exit = await server.stop('SIGTERM');
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('all workers stopped, exiting 0');
    expect(alive(pids[1]!)).toBe(false);
    expect(alive(replacement)).toBe(false);
  }, 90_000);
});

describe('WORKERS settings', () => {
  it('a bad value stops before anything starts, naming the setting', () => {
    const result = spawnSync(process.execPath, [SERVE_SCRIPT], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, WORKERS: 'lots' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('WORKERS must be a whole number from 1 to 64, or auto');
  });

  it('a worker that cannot start (bad configuration) stops the whole server with exit 1 instead of restarting forever', () => {
    const result = spawnSync(process.execPath, [SERVE_SCRIPT], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { PATH: process.env.PATH, WORKERS: '2', DATABASE_URL: 'mysql://nope' },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('before it was serving: stopping');
    expect(result.stderr).toContain('DATABASE_URL must be');
  });
});
