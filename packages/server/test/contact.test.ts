import { LIMITS, MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, flushMail, latestMail, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

const SUPPORT = 'help@shop.example.com';

describe.each(databases)('contact API on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const send = (token: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/contactus', headers: cookieHeader(token), payload: payload as object });

  it('stores the message and mails it as text to support, reply-to the user', async () => {
    const { token, body, response } = await register(app, { name: 'Grace Hopper' });
    const userId = response.json<{ _id: string }>()._id;
    const message = 'The <b>dashboard</b> <script>alert(1)</script> total is wrong.\nSecond line.';
    const sent = await send(token, { subject: '  Wrong total\r\nBcc: x@evil.example ', message });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.contactSent });

    const rows = await app.db.selectFrom('contact_messages').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Wrong total\r\nBcc: x@evil.example', message });

    await flushMail(app);
    const mail = (await latestMail(database.dataDir)) ?? '';
    const headers = mail.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).toMatch(new RegExp(`^To: ${SUPPORT}\\s*$`, 'm'));
    expect(headers).toMatch(new RegExp(`^Reply-To: ${body.email}\\s*$`, 'm'));
    expect(headers).toMatch(/^Subject: \[Support\] Wrong total Bcc: x@evil.example\s*$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(mail).toMatch(/text\/plain/);
    expect(mail).not.toMatch(/text\/html/);
    expect(mail).toContain('Grace Hopper');
    expect(mail).toContain('<script>alert(1)</script>');
  });

  it.each([
    [{ subject: '', message: 'x' }, MESSAGES.subjectRequired],
    [{ subject: 'x', message: '  ' }, MESSAGES.messageRequired],
    [{ message: 'x' }, MESSAGES.subjectRequired],
    [{ subject: 'x'.repeat(LIMITS.subject + 1), message: 'x' }, MESSAGES.fieldTooLong('Subject', LIMITS.subject)],
    [{ subject: 'x', message: 'x'.repeat(LIMITS.message + 1) }, MESSAGES.fieldTooLong('Message', LIMITS.message)],
    [{ subject: 'x', message: 'y', to: 'other@example.com' }, 'Unexpected field: to'],
  ])('answers 400 for %j and stores nothing', async (payload, message) => {
    const { token, response } = await register(app);
    const userId = response.json<{ _id: string }>()._id;
    const sent = await send(token, payload);
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ message });
    expect(await app.db.selectFrom('contact_messages').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const sent = await send(undefined, { subject: 'x', message: 'y' });
    expect(sent.statusCode).toBe(401);
    expect(sent.json()).toEqual({ message: MESSAGES.notAuthorized });
  });
});

describe.each(databases)('contact details on $name', (kind) => {
  let database: TestDatabase;
  let configured: FastifyInstance;
  let unconfigured: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    configured = await startApp(database, {
      CONTACT_EMAIL: 'help@bytebazaar.example',
      CONTACT_PHONE: '+44 20 7946 0958',
      CONTACT_ADDRESS: 'Leeds, United Kingdom',
    });
    unconfigured = await startApp(database);
  });
  afterAll(async () => {
    await configured?.close();
    await unconfigured?.close();
    await database?.cleanup();
  });

  const details = (app: FastifyInstance, token: string | undefined) =>
    app.inject({ method: 'GET', url: '/api/contactus', headers: cookieHeader(token) });

  it('answers what the operator configured, null for the rest, and mails contact messages to that address', async () => {
    const { token } = await register(configured);
    const answer = await details(configured, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      email: 'help@bytebazaar.example',
      phone: '+44 20 7946 0958',
      address: 'Leeds, United Kingdom',
      social: null,
    });
    const sent = await configured.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: cookieHeader(token),
      payload: { subject: 'Labels', message: 'The label sheet prints off centre.' },
    });
    expect(sent.statusCode).toBe(200);
    await flushMail(configured);
    const mail = (await latestMail(database.dataDir)) ?? '';
    expect(mail).toMatch(/^To: help@bytebazaar\.example\s*$/m);
  });

  it('answers every detail null when none is configured, and 401 when signed out', async () => {
    const { token } = await register(unconfigured);
    expect((await details(unconfigured, token)).json()).toEqual({ email: null, phone: null, address: null, social: null });
    const signedOut = await details(unconfigured, undefined);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: MESSAGES.notAuthorized });
  });
});
