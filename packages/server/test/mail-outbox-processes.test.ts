import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/write-transaction';
import type { MailMessage } from '../src/mail';
import { enqueueMail } from '../src/mail/outbox';
import { CLAIM_TIMEOUT_MS } from '../src/mail/outbox-timing';
import { startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { api, type ServerProcess, sessionOf, startServer } from './support/processes';

/** Subjects of the .eml files under DATA_DIR/mail, one entry per file. */
async function savedSubjects(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  return Promise.all(files.map(async (file) => /^Subject: (.*)$/m.exec(await readFile(path.join(dir, file), 'utf8'))?.[1]?.trim() ?? ''));
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An SMTP server that takes connections and never answers: a send to it hangs until nodemailer's greeting timeout. */
async function silentSmtpServer(): Promise<{ server: Server; port: number; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => {
    connections.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, connections };
}

/**
 * Issue 29: the outbox with several server processes on one database. Every process polls and kicks; each mail is
 * claimed by one of them and sent once; a claim left by a process that died is taken over once it is stale.
 */
describe.each(databases)('the mail outbox across processes on $name', (kind) => {
  let database: TestDatabase;
  /** In this process: the test's handle on the database; its own poll is an hour apart. */
  let local: FastifyInstance;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await kind.create();
    local = await startApp(database, { OUTBOX_INTERVAL_MS: '3600000' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop('SIGKILL')));
    await local?.close();
    await database?.cleanup();
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer({ env: { ...database.env, LOG_LEVEL: 'silent', ...env } });
    processes.push(server);
    return server;
  };

  it('sends each mail exactly once while two processes poll and kick at once', async () => {
    const [a, b] = await Promise.all([start({ OUTBOX_INTERVAL_MS: '100' }), start({ OUTBOX_INTERVAL_MS: '100' })]);
    // Sixty mails committed at once, found by both polls; ten more through both processes' requests, each kicking its
    // own process's outbox while the other polls.
    const subjects = Array.from({ length: 60 }, (_, i) => `Once ${i + 1}`);
    await writeTransaction(local.db, async (trx) => {
      for (const subject of subjects) await enqueueMail(trx, { kind: 'contact', to: 'support@example.com', subject, text: subject }, new Date());
    });
    const registered = await api(a.url, 'POST', '/api/users/register', undefined, { name: 'Sam Sender', email: 'sam@example.com', password: 'secret123' });
    const token = sessionOf(registered);
    const asked = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api(i % 2 === 0 ? a.url : b.url, 'POST', '/api/contactus', token, { subject: `Asked ${i + 1}`, message: 'Please.' })),
    );
    expect(asked.map((response) => response.status)).toEqual(Array(10).fill(200));
    subjects.push(...Array.from({ length: 10 }, (_, i) => `[Support] Asked ${i + 1}`));

    const sentCount = async () =>
      Number((await local.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'sent').executeTakeFirstOrThrow()).n);
    await until('every mail is sent', async () => (await sentCount()) === subjects.length);
    // A moment more: a mail sent twice would show as a second file.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await savedSubjects(database.dataDir)).sort()).toEqual([...subjects].sort());
    const rows = await local.db.selectFrom('mail_outbox').select(['attempts', 'claimed_by']).execute();
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(rows.some((row) => row.claimed_by === local.outbox.claimant)).toBe(false);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it('takes over the mail of a process killed while sending it once its claim is stale, and not before', async () => {
    const smtp = await silentSmtpServer();
    try {
      const dying = await start({ OUTBOX_INTERVAL_MS: '100', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const id = await writeTransaction(local.db, (trx) =>
        enqueueMail(trx, { kind: 'contact', to: 'support@example.com', subject: 'Left behind', text: 'Still to go.' }, new Date()),
      );
      const row = () => local.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await until('the process claims the mail and starts sending it', async () => (await row()).status === 'sending' && smtp.connections.length > 0);
      expect(await dying.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
      const claim = await row();
      expect(claim).toMatchObject({ status: 'sending', attempts: 1, sent_at: null });

      // Another process, its clock just before the claim goes stale, then just after.
      let clock = Date.parse(claim.claimed_at!) + CLAIM_TIMEOUT_MS - 1_000;
      const sent: MailMessage[] = [];
      const taker = await startApp(
        database,
        { OUTBOX_INTERVAL_MS: '3600000' },
        {
          mailer: {
            async send(message) {
              sent.push(message);
            },
          },
          now: () => new Date(clock),
        },
      );
      try {
        expect(await taker.outbox.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
        clock += 1_000;
        expect(await taker.outbox.flush()).toEqual({ sent: 1, retrying: 0, failed: 0 });
        expect(sent).toEqual([{ to: 'support@example.com', subject: 'Left behind', text: 'Still to go.' }]);
        expect(await row()).toMatchObject({ status: 'sent', attempts: 2, claimed_by: taker.outbox.claimant, sent_at: new Date(clock).toISOString() });
      } finally {
        await taker.close();
      }
    } finally {
      for (const socket of smtp.connections) socket.destroy();
      await new Promise((resolve) => smtp.server.close(resolve));
    }
  }, 120_000);
});
