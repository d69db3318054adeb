import path from 'node:path';
import type { CreditNote, Invoice, Payment } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { backup } from '../src/ops/backup';
import { restore } from '../src/ops/restore';
import { cookieHeader, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

const configOf = (database: TestDatabase) => loadConfig({ LOG_LEVEL: 'silent', ...database.env });

/**
 * Invoices survive a backup and a restore into the other database (docs/decisions/0043-invoices.md): the restored
 * server answers the same invoice, credit notes and payments, and numbers on after the last one (the counters are
 * carried with `store_sequences`).
 */
describe.each(databases)('invoices backed up from $name', (source) => {
  const target = databases.find((kind) => kind !== source) ?? source;
  const dbs: TestDatabase[] = [];
  const apps: FastifyInstance[] = [];
  let file: string;
  let password: string;
  let email: string;
  let answers: { invoice: Invoice; notes: CreditNote[]; payments: Payment[] };

  beforeAll(async () => {
    const database = await source.create({ empty: true });
    dbs.push(database);
    const app = await startApp(database);
    apps.push(app);
    const made = await register(app, { name: 'Backed Up' });
    ({ password, email } = made.body);
    const headers = cookieHeader(made.token);
    await call(app, 'POST', '/api/tax-rates', headers, { name: 'Standard', percent: 23, isDefault: true });
    const customer = (await call(app, 'POST', '/api/customers', headers, { name: 'Grace', email: 'grace@example.com' })).json<{ _id: string }>();
    const draft = (await call(app, 'POST', '/api/invoices', headers, { customerId: customer._id, lines: [{ description: 'Widget', quantity: 3, unitPrice: 55.55, discountPercent: 10 }] })).json<Invoice>();
    expect((await call(app, 'POST', `/api/invoices/${draft._id}/issue`, headers)).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/invoices/${draft._id}/credit-notes`, headers, { lines: [{ line: 1, quantity: 1 }] })).statusCode).toBe(201);
    expect((await call(app, 'POST', `/api/invoices/${draft._id}/payments`, headers, { amountCents: 1234, date: '2026-03-01', method: 'cash' })).statusCode).toBe(201);
    answers = {
      invoice: (await call(app, 'GET', `/api/invoices/${draft._id}`, headers)).json<Invoice>(),
      notes: (await call(app, 'GET', `/api/invoices/${draft._id}/credit-notes`, headers)).json<CreditNote[]>(),
      payments: (await call(app, 'GET', `/api/invoices/${draft._id}/payments`, headers)).json<Payment[]>(),
    };
    file = path.join(database.dataDir, 'backups', 'invoices.jsonl.gz');
    await backup(configOf(database), file);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of dbs) await database.cleanup();
  });

  it(`restored into ${target.name}: the same invoice, credit notes and payments; the next number follows`, async () => {
    const restored = await target.create({ empty: true });
    dbs.push(restored);
    await restore(configOf(restored), file);
    const app = await startApp(restored);
    apps.push(app);
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    const headers = { cookie: login.headers['set-cookie']!.toString().split(';')[0]! };
    const id = answers.invoice._id;
    expect((await call(app, 'GET', `/api/invoices/${id}`, headers)).json()).toEqual(answers.invoice);
    expect((await call(app, 'GET', `/api/invoices/${id}/credit-notes`, headers)).json()).toEqual(answers.notes);
    expect((await call(app, 'GET', `/api/invoices/${id}/payments`, headers)).json()).toEqual(answers.payments);
    const customerId = answers.invoice.customer._id!;
    const next = (await call(app, 'POST', '/api/invoices', headers, { customerId, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] })).json<Invoice>();
    const issued = (await call(app, 'POST', `/api/invoices/${next._id}/issue`, headers)).json<Invoice>();
    expect(Number(issued.number!.slice(-6))).toBe(Number(answers.invoice.number!.slice(-6)) + 1);
  }, 60_000);
});
