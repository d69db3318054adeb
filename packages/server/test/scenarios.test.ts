import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRouteCoverage, createScenarioClient, type ScenarioContext, scenarios } from '@inventory/mocks/scenarios';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushMail, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

/** The newest .eml under DATA_DIR/mail addressed to `email` that holds `marker`, returned whole (it holds the link). */
async function readMailedLink(dataDir: string, email: string, marker: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort().reverse();
  const to = new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'im');
  for (const file of files) {
    const mail = await readFile(path.join(dir, file), 'utf8');
    if (to.test(mail) && mail.includes(marker)) return mail;
  }
  throw new Error(`No mail with ${marker} to ${email} under ${dir}`);
}

/** The shared API scenarios (mocks/scenarios) against the real server over HTTP, on each database. */
describe.each(databases)('shared API scenarios against the server on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const coverage = createRouteCoverage();
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const ctx: ScenarioContext = {
        // The reset mail is written after the answer (off the request path) and every mail leaves through the
        // outbox: let both finish before reading it.
        readResetLink: async (email) => {
          await flushMail(app);
          return readMailedLink(database.dataDir, email.toLowerCase(), '/resetpassword/');
        },
        readInvitationLink: async (email) => {
          await flushMail(app);
          return readMailedLink(database.dataDir, email.toLowerCase(), '/invitations/');
        },
      };
      await scenario.run(createScenarioClient(baseUrl, { onResponse: coverage.observe }), ctx);
    });
  }

  // Runs after every scenario above (a file's tests run in order).
  it('every route of the API description is answered with a success by a shared scenario', () => {
    expect(coverage.missing()).toEqual([]);
  });
});
