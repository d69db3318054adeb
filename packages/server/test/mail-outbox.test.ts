import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/write-transaction';
import type { MailMessage, Mailer } from '../src/mail';
import { mailsAbout } from '../src/mail/mails-about';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../src/mail/outbox-timing';
import { cookieHeader, register, RESET_LINK, startApp, uniqueEmail } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

/** A mail transport a test can break: it fails with `failWith` while that is set. */
function breakableMailer() {
  const transport = {
    sent: [] as MailMessage[],
    calls: 0,
    failWith: null as unknown,
  };
  const mailer: Mailer = {
    async send(message) {
      transport.calls += 1;
      if (transport.failWith !== null) throw transport.failWith;
      transport.sent.push(message);
    },
  };
  return { transport, mailer };
}

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ECONNREFUSED' });

/**
 * Issue 29: every mail goes through an outbox in the database, written in the transaction that causes it, sent once,
 * retried with backoff (docs/decisions/0036-mail-outbox.md). The clock is the test's; the poll is an hour apart, so
 * what sends is the test's flush or the kick after a commit.
 */
describe.each(databases)('the mail outbox on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.parse('2027-03-01T09:00:00.000Z');
  const { transport, mailer } = breakableMailer();
  let owner: { token: string; email: string };

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { OUTBOX_INTERVAL_MS: '3600000' }, { mailer, now: () => new Date(clock) });
    const made = await register(app, { name: 'Olive Owner' });
    owner = { token: made.token!, email: made.body.email };
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });
  beforeEach(async () => {
    await app.outbox.flush();
    // Mail an earlier test left waiting for a retry is no concern of the next one.
    await app.db.updateTable('mail_outbox').set({ status: 'failed' }).where('status', 'in', ['pending', 'sending']).execute();
    transport.failWith = null;
    transport.sent.length = 0;
    transport.calls = 0;
  });

  const outboxRow = (where: { kind: string; to: string }) =>
    app.db.selectFrom('mail_outbox').selectAll().where('kind', '=', where.kind).where('to_address', '=', where.to).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const contact = async (subject: string) => {
    const response = await call(app, 'POST', '/api/contactus', cookieHeader(owner.token), { subject, message: 'The printer jams.' });
    expect(response.statusCode, response.body).toBe(200);
    return app.db.selectFrom('mail_outbox').selectAll().where('subject', '=', `[Support] ${subject}`).executeTakeFirstOrThrow();
  };
  const rowById = (id: string) => app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('is written in the transaction that causes it: rolled back with it, committed with it, then sent and its body let go', async () => {
    const mail = { kind: 'contact' as const, to: 'someone@example.com', subject: 'Rolled back', text: 'Never sent.' };
    await expect(
      writeTransaction(app.db, async (trx) => {
        await app.outbox.enqueue(trx, mail);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await app.db.selectFrom('mail_outbox').select('id').where('subject', '=', 'Rolled back').execute()).toEqual([]);

    const id = await writeTransaction(app.db, (trx) => app.outbox.enqueue(trx, { ...mail, subject: 'Committed', html: '<p>Sent.</p>' }));
    expect(await rowById(id)).toMatchObject({ status: 'pending', attempts: 0, body_text: 'Never sent.', next_attempt_at: new Date(clock).toISOString() });
    await app.outbox.flush();
    expect(transport.sent).toEqual([{ to: 'someone@example.com', subject: 'Committed', text: 'Never sent.', html: '<p>Sent.</p>' }]);
    expect(await rowById(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: new Date(clock).toISOString(), body_text: '', body_html: null, last_error: null });
    // Sent once: flushing again sends nothing.
    expect(await app.outbox.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.sent).toHaveLength(1);
  });

  it('an invitation, a contact message and a reset link are not kept when their mail cannot be written', async () => {
    const refuse =
      kind.name === 'sqlite'
        ? [sql`create trigger refuse_mail before insert on mail_outbox begin select raise(abort, 'mail refused'); end`]
        : [
            sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail refused'; end $$`,
            sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
          ];
    const allow = kind.name === 'sqlite' ? [sql`drop trigger refuse_mail`] : [sql`drop trigger refuse_mail on mail_outbox`, sql`drop function refuse_mail()`];
    for (const statement of refuse) await statement.execute(app.db);
    const invitee = uniqueEmail('invitee');
    const userId = (await app.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()).id;
    try {
      expect((await call(app, 'POST', '/api/stores/active/invitations', cookieHeader(owner.token), { email: invitee, role: 'staff' })).statusCode).toBe(500);
      expect((await call(app, 'POST', '/api/contactus', cookieHeader(owner.token), { subject: 'Lost?', message: 'x' })).statusCode).toBe(500);
      // Forgot-password answers before its work, as ever; the work then fails whole.
      expect((await call(app, 'POST', '/api/users/forgotpassword', {}, { email: owner.email })).statusCode).toBe(200);
      await app.backgroundJobs.settled();
    } finally {
      for (const statement of allow) await statement.execute(app.db);
    }
    expect(await app.db.selectFrom('invitations').select('id').where('email', '=', invitee).execute()).toEqual([]);
    expect(await app.db.selectFrom('contact_messages').select('id').where('subject', '=', 'Lost?').execute()).toEqual([]);
    expect(await app.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', userId).where('used_at', 'is', null).execute()).toEqual([]);

    // With the outbox writable again, each comes with its mail.
    const invited = await call(app, 'POST', '/api/stores/active/invitations', cookieHeader(owner.token), { email: invitee, role: 'staff' });
    expect(invited.statusCode).toBe(201);
    await call(app, 'POST', '/api/users/forgotpassword', {}, { email: owner.email });
    await app.backgroundJobs.settled();
    await app.outbox.flush();
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual([invitee, owner.email].sort());
    expect(transport.sent.find((mail) => mail.to === owner.email)?.text).toMatch(RESET_LINK);
  });

  it('shows the state of the mails about a row: an invitation and its mail', async () => {
    const invitee = uniqueEmail('shown');
    transport.failWith = unreachable();
    const invited = await call(app, 'POST', '/api/stores/active/invitations', cookieHeader(owner.token), { email: invitee, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitationId = invited.json<{ _id: string }>()._id;
    const { store_id: storeId } = await app.db.selectFrom('invitations').select('store_id').where('id', '=', invitationId).executeTakeFirstOrThrow();
    await app.outbox.flush();
    const [waiting] = await mailsAbout(app.db, storeId, invitationId);
    expect(waiting).toMatchObject({
      kind: 'invitation',
      to: invitee,
      status: 'pending',
      attempts: 1,
      sentAt: null,
      nextAttemptAt: new Date(clock + RETRY_DELAYS_MS[0]).toISOString(),
      lastError: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect(waiting!.subject).toContain('invited you to');

    transport.failWith = null;
    clock += RETRY_DELAYS_MS[0];
    await app.outbox.flush();
    expect(await mailsAbout(app.db, storeId, invitationId)).toEqual([
      { ...waiting, status: 'sent', attempts: 2, sentAt: new Date(clock).toISOString(), nextAttemptAt: null, lastError: null },
    ]);
    // Another store's view of the same id finds nothing.
    expect(await mailsAbout(app.db, 'another-store', invitationId)).toEqual([]);
  });

  it(`a failing transport is tried again after ${RETRY_DELAYS_MS.map((ms) => `${ms / 1000} s`).join(', ')}, then the mail is failed with its last error`, async () => {
    transport.failWith = unreachable();
    const { id } = await contact('Backoff');
    await app.outbox.flush();
    let row = await rowById(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2525' });

    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      expect(Date.parse(row.next_attempt_at) - clock).toBe(delay);
      clock += delay - 1;
      // Not due a millisecond early.
      expect(await app.outbox.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock += 1;
      const last = index === RETRY_DELAYS_MS.length - 1;
      expect(await app.outbox.flush()).toEqual({ sent: 0, retrying: last ? 0 : 1, failed: last ? 1 : 0 });
      row = await rowById(id);
      expect(row.attempts).toBe(index + 2);
    }
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sent_at: null, body_text: '', last_error: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2525' });
    expect(transport.calls).toBe(MAX_ATTEMPTS);

    // The transport back: new mail goes, the failed one stays failed.
    transport.failWith = null;
    await contact('After the outage');
    await app.outbox.flush();
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['[Support] After the outage']);
    expect((await rowById(id)).status).toBe('failed');
  });

  it('a recipient the mail server refuses for good fails at once; a reset link that expired before it could go is not sent', async () => {
    transport.failWith = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 No such user"), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    const { id } = await contact('Nobody there');
    await app.outbox.flush();
    expect(await rowById(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: "EENVELOPE 550 Can't send mail - all recipients were rejected: 550 5.1.1 No such user",
    });

    // The reset link works for 30 minutes: tried at 0, 30 s, 2.5 min and 12.5 min, then due again after it expired.
    transport.failWith = unreachable();
    await call(app, 'POST', '/api/users/forgotpassword', {}, { email: owner.email });
    await app.backgroundJobs.settled();
    await app.outbox.flush();
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      clock += delay;
      await app.outbox.flush();
    }
    expect(transport.calls).toBe(1 + 4);
    transport.failWith = null;
    clock += RETRY_DELAYS_MS[3];
    expect(await app.outbox.flush()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(transport.calls).toBe(1 + 4);
    expect(await outboxRow({ kind: 'password_reset', to: owner.email })).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: 'expired before it could be sent',
      body_text: '',
      body_html: null,
    });
  });
});

describe.each(databases)('the mail outbox after a commit on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    database = await kind.create();
    const mailer: Mailer = {
      async send(message) {
        sent.push(message);
      },
    };
    // A poll an hour apart: what sends the mail here is the kick after the commit.
    app = await startApp(database, { OUTBOX_INTERVAL_MS: '3600000' }, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('sends the mail a commit wrote at once, without waiting for the poll', async () => {
    const { token } = await register(app);
    const started = Date.now();
    const response = await call(app, 'POST', '/api/contactus', cookieHeader(token!), { subject: 'Right away', message: 'Please.' });
    expect(response.statusCode).toBe(200);
    while (sent.length === 0 && Date.now() - started < 2_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.map((mail) => mail.subject)).toEqual(['[Support] Right away']);
  });
});
