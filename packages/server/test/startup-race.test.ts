import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { type ServerProcess, startServer } from './support/processes';

/** Busy loops, one per core, to start servers on a loaded machine; killed after the test. */
function loadTheMachine(count: number, ms: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], { stdio: 'ignore' }),
  );
}

/**
 * Several processes starting at once on a fresh database (WORKERS, or several servers) on a loaded machine: one
 * migrates, the others wait, and every one of them comes up ("Could not start: database is locked" once on SQLite).
 */
describe.each(databases)('processes starting at once on a fresh $name database, under load', (kind) => {
  const burners: ChildProcess[] = [];
  afterAll(() => {
    for (const burner of burners) burner.kill('SIGKILL');
  });

  it('all come up, whichever migrates', { timeout: 120_000 }, async () => {
    const database = await kind.create({ empty: true });
    const servers: ServerProcess[] = [];
    try {
      burners.push(...loadTheMachine(2, 60_000));
      const started = await Promise.allSettled([
        startServer({ env: database.env, readyTimeoutMs: 90_000 }),
        startServer({ env: database.env, readyTimeoutMs: 90_000 }),
        startServer({ env: database.env, readyTimeoutMs: 90_000 }),
        startServer({ env: { ...database.env, WORKERS: '2' }, via: 'serve', readyTimeoutMs: 90_000 }),
      ]);
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      expect(started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      for (const server of servers) expect(server.output()).not.toMatch(/database is locked|Could not start/);
    } finally {
      for (const burner of burners) burner.kill('SIGKILL');
      await Promise.all(servers.map((server) => server.stop()));
      await database.cleanup();
    }
  });
});
