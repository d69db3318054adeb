import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BILLING_MESSAGES, type CreditNote, type Invoice, type InvoicePage, type Payment } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileMailer } from '../src/mail';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, pngImage } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/** The text pdftotext reads from a PDF (poppler): what a person, a search or a screen reader gets from it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  writeFileSync(file, bytes);
  const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const json = <T>(response: LightMyRequestResponse, status: number): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

describe('the file mailer with an attachment', () => {
  it('saves the .eml with the PDF as an application/pdf part beside the text', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-mail-'));
    const silent = { info: () => undefined } as unknown as Parameters<typeof createFileMailer>[2];
    const mailer = createFileMailer(dir, 'shop@example.com', silent);
    await mailer.send({ to: 'grace@example.com', subject: 'Invoice INV-2026-000001', text: 'Please find attached.', attachments: [{ filename: 'INV-2026-000001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 fake') }] });
    const [file] = readdirSync(path.join(dir, 'mail'));
    const eml = readFileSync(path.join(dir, 'mail', file!), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/mixed/);
    expect(eml).toContain('Please find attached.');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=INV-2026-000001\.pdf/);
    expect(eml).toContain(Buffer.from('%PDF-1.4 fake').toString('base64'));
  });
});

describe.each(databases)('invoices on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let headers: Record<string, string>;
  let owner: string;
  let standard: string;
  let customerId: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
    headers = cookieHeader(owner);
    json(await call(app, 'PUT', '/api/stores/active/settings', { ...headers, 'if-match': '"0"' }, {
      legalName: 'Byte Shop Ltd', address: '12 Market Street\nLeeds', taxId: 'GB123456789', paymentTermsDays: 30,
      bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55', footerText: 'Thank you for your business.', currencySymbol: '£', currencyDecimals: 2, pricesIncludeTax: false,
    }), 200);
    standard = json<{ _id: string }>(await call(app, 'POST', '/api/tax-rates', headers, { name: 'Standard', percent: 23, isDefault: true }), 201)._id;
    customerId = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Grace Hopper', email: 'grace@example.com', billingAddress: '1 Compiler Lane' }), 201)._id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const draft = async (lines: unknown[] = [{ description: 'Widget', quantity: 1, unitPrice: 55.55 }, { description: 'Gadget', quantity: 1, unitPrice: 11.11 }]) =>
    json<Invoice>(await call(app, 'POST', '/api/invoices', headers, { customerId, lines }), 201);
  const issue = async (id: string) => call(app, 'POST', `/api/invoices/${id}/issue`, headers);

  it('a draft has no number, totals by the one rule (the Odoo case: 15.33), and changes at its version', async () => {
    const made = await draft();
    expect(made).toMatchObject({ number: null, status: 'draft', paymentStatus: null, customer: { _id: customerId, name: 'Grace Hopper' } });
    expect(made.totals).toMatchObject({ netCents: 6666, taxCents: 1533, grossCents: 8199 });
    expect(made.lines.map((line) => line.taxCents)).toEqual([1278, 255]);
    expect(made.lines[0]!.taxRate).toEqual({ _id: standard, name: 'Standard', percent: 23 });
    const stale = await call(app, 'PATCH', `/api/invoices/${made._id}`, { ...headers, 'if-match': '"7"' }, { notes: 'x' });
    expect(stale.statusCode).toBe(409);
    const changed = json<Invoice>(await call(app, 'PATCH', `/api/invoices/${made._id}`, { ...headers, 'if-match': '"1"' }, { notes: 'Net 30', lines: [{ description: 'Widget', quantity: 2, unitPrice: 10, discountPercent: 50, taxRateId: null }] }), 200);
    expect(changed).toMatchObject({ version: 2, notes: 'Net 30', totals: { netCents: 1000, taxCents: 0, grossCents: 1000 } });
  });

  it('bad input is a 400 with a message (an unknown customer 404), never a 5xx', async () => {
    const refused = [
      await call(app, 'POST', '/api/invoices', headers, { lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] }),
      await call(app, 'POST', '/api/invoices', headers, { customerId, lines: [] }),
      await call(app, 'POST', '/api/invoices', headers, { customerId, lines: [{ description: 'x', quantity: 0, unitPrice: 1 }] }),
      await call(app, 'GET', '/api/invoices?limit=0', headers),
      await call(app, 'GET', '/api/invoices?status=paid', headers),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json<{ message: string }>().message).toBe('string');
    }
    const unknown = await call(app, 'POST', '/api/invoices', headers, { customerId: '00000000-0000-4000-8000-000000000000', lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { message: BILLING_MESSAGES.invoiceCustomerInvalid } });
  });

  it('issuing numbers the series, dates it, keeps the store details; the issued invoice never changes', async () => {
    const made = await draft();
    const issued = json<Invoice>(await issue(made._id), 200);
    const year = new Date().getUTCFullYear();
    expect(issued.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(issued).toMatchObject({ status: 'issued', paymentStatus: 'unpaid', seller: { legalName: 'Byte Shop Ltd', paymentTermsDays: 30 }, amountDueCents: 8199 });
    expect(Date.parse(issued.dueDate!) - Date.parse(issued.issueDate!)).toBe(30 * 86_400_000);
    expect((await issue(made._id)).statusCode).toBe(409);
    const edit = await call(app, 'PATCH', `/api/invoices/${made._id}`, headers, { notes: 'changed' });
    expect({ status: edit.statusCode, body: edit.json() }).toEqual({ status: 409, body: { message: BILLING_MESSAGES.invoiceIssuedLocked } });
    expect((await call(app, 'DELETE', `/api/invoices/${made._id}`, headers)).statusCode).toBe(409);
    const search = json<InvoicePage>(await call(app, 'GET', `/api/invoices?q=${issued.number!.slice(-6)}&status=issued`, headers), 200);
    expect(search.items.map((item) => item._id)).toEqual([made._id]);
  });

  it('a failure while issuing consumes no number: the next issue takes it', async () => {
    const before = json<Invoice>(await issue((await draft())._id), 200);
    const other = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Ada', email: 'ada@example.com' }), 201)._id;
    const doomed = json<Invoice>(await call(app, 'POST', '/api/invoices', headers, { customerId: other, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] }), 201);
    // The customer is archived between the draft and its issue: refused inside the issuing transaction.
    json(await call(app, 'DELETE', `/api/customers/${other}`, headers), 200);
    const refused = await issue(doomed._id);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const after = json<Invoice>(await issue((await draft())._id), 200);
    const n = (number: string | null) => Number(number!.slice(-6));
    expect(n(after.number)).toBe(n(before.number) + 1);
  });

  it('credit notes: line by line, never more than is left; they reduce what is due; payments set the status', async () => {
    const made = await draft([{ description: 'Widget', quantity: 3, unitPrice: 9.99, discountPercent: 12.5 }, { description: 'Cable', quantity: 2, unitPrice: 10 }]);
    const issued = json<Invoice>(await issue(made._id), 200);
    const part = json<CreditNote>(await call(app, 'POST', `/api/invoices/${made._id}/credit-notes`, headers, { lines: [{ line: 1, quantity: 1 }], reason: 'Broken' }), 201);
    expect(part.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(part.lines[0]).toMatchObject({ invoiceLine: 1, quantity: 1, netCents: 874 });
    const tooMuch = await call(app, 'POST', `/api/invoices/${made._id}/credit-notes`, headers, { lines: [{ line: 1, quantity: 3 }] });
    expect({ status: tooMuch.statusCode, body: tooMuch.json() }).toEqual({ status: 409, body: { message: BILLING_MESSAGES.creditTooMuch(1, 2) } });
    const afterCredit = json<Invoice>(await call(app, 'GET', `/api/invoices/${made._id}`, headers), 200);
    expect(afterCredit.creditedCents).toBe(part.totals.grossCents);
    expect(afterCredit.amountDueCents).toBe(issued.totals.grossCents - part.totals.grossCents);

    const over = await call(app, 'POST', `/api/invoices/${made._id}/payments`, headers, { amountCents: afterCredit.amountDueCents + 1, date: '2026-03-01', method: 'card' });
    expect(over.statusCode).toBe(409);
    json<Payment>(await call(app, 'POST', `/api/invoices/${made._id}/payments`, headers, { amountCents: 1000, date: '2026-03-01', method: 'bank_transfer', reference: 'TX1' }), 201);
    expect(json<Invoice>(await call(app, 'GET', `/api/invoices/${made._id}`, headers), 200).paymentStatus).toBe('partly_paid');
    json(await call(app, 'POST', `/api/invoices/${made._id}/payments`, headers, { amountCents: afterCredit.amountDueCents - 1000, date: '2026-03-02', method: 'cash' }), 201);
    const paid = json<Invoice>(await call(app, 'GET', `/api/invoices/${made._id}`, headers), 200);
    expect(paid).toMatchObject({ paymentStatus: 'paid', amountDueCents: 0 });
    expect(json<Payment[]>(await call(app, 'GET', `/api/invoices/${made._id}/payments`, headers), 200)).toHaveLength(2);

    const rest = json<CreditNote>(await call(app, 'POST', `/api/invoices/${made._id}/credit-notes`, headers, {}), 201);
    expect(rest.lines.map((line) => [line.invoiceLine, line.quantity])).toEqual([[1, 2], [2, 2]]);
    expect(part.lines[0]!.netCents + rest.lines[0]!.netCents).toBe(issued.lines[0]!.netCents);
    // Credited in parts, the invoice is credited exactly: net, tax and gross.
    for (const key of ['netCents', 'taxCents', 'grossCents'] as const) expect(part.totals[key] + rest.totals[key]).toBe(issued.totals[key]);
    expect((await call(app, 'POST', `/api/invoices/${made._id}/credit-notes`, headers, {})).statusCode).toBe(409);
    expect(json<CreditNote[]>(await call(app, 'GET', `/api/invoices/${made._id}/credit-notes`, headers), 200)).toHaveLength(2);
  });

  it('a payment or credit note retried with its Idempotency-Key is recorded once and answered alike', async () => {
    const invoice = json<Invoice>(await issue((await draft())._id), 200);
    const pay = () => call(app, 'POST', `/api/invoices/${invoice._id}/payments`, { ...headers, 'idempotency-key': `pay-${invoice._id}` }, { amountCents: 500, date: '2026-03-01', method: 'card' });
    const [first, again] = [json<Payment>(await pay(), 201), json<Payment>(await pay(), 201)];
    expect(again).toEqual(first);
    const credit = () => call(app, 'POST', `/api/invoices/${invoice._id}/credit-notes`, { ...headers, 'idempotency-key': `credit-${invoice._id}` }, { lines: [{ line: 2, quantity: 1 }] });
    const [note, noteAgain] = await Promise.all([credit(), credit()]);
    expect(json<CreditNote>(noteAgain, 201)).toEqual(json<CreditNote>(note, 201));
    const after = json<Invoice>(await call(app, 'GET', `/api/invoices/${invoice._id}`, headers), 200);
    expect(after).toMatchObject({ paidCents: 500, creditedCents: json<CreditNote>(note, 201).totals.grossCents });
    const reused = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, { ...headers, 'idempotency-key': `pay-${invoice._id}` }, { amountCents: 501, date: '2026-03-01', method: 'card' });
    expect(reused.statusCode).toBe(422);
  });

  it('the list by payment status: overdue once the due date has passed with something due', async () => {
    const late = json<Invoice>(await issue((await draft())._id), 200);
    const onTime = json<Invoice>(await issue((await draft())._id), 200);
    await app.db.updateTable('invoices').set({ due_date: '2020-01-31' }).where('id', '=', late._id).execute();
    const ids = async (status: string) => json<InvoicePage>(await call(app, 'GET', `/api/invoices?paymentStatus=${status}&limit=100`, headers), 200).items.map((item) => item._id);
    expect(await ids('overdue')).toContain(late._id);
    expect(await ids('overdue')).not.toContain(onTime._id);
    expect(await ids('unpaid')).toContain(onTime._id);
    expect(await ids('unpaid')).not.toContain(late._id);
    expect(json<Invoice>(await call(app, 'GET', `/api/invoices/${late._id}`, headers), 200).paymentStatus).toBe('overdue');
  });

  it('the PDF: text extractable, net, tax per rate and gross as the invoice says them, with the store logo', async () => {
    const settings = await call(app, 'GET', '/api/stores/active/settings', headers);
    const logo = await multipart({}, { field: 'file', fileName: 'logo.png', type: 'image/png', bytes: await pngImage(64, 32) });
    const put = await app.inject({ method: 'PUT', url: '/api/stores/active/settings/logo', payload: logo.payload, headers: { ...logo.headers, ...headers, 'if-match': settings.headers.etag as string } });
    expect(put.statusCode, put.body).toBe(200);
    const issued = json<Invoice>(await issue((await draft())._id), 200);
    const response = await call(app, 'GET', `/api/invoices/${issued._id}/pdf`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Invoice ${issued.number}`);
    expect(text).toContain('Byte Shop Ltd');
    expect(text).toContain('Grace Hopper');
    expect(text).toMatch(/Net\s+£66\.66/);
    expect(text).toMatch(/Standard 23 % on £66\.66\s+£15\.33/);
    expect(text).toMatch(/Total\s+£81\.99/);
    expect(text).toContain('IBAN GB33 BUKB 2020 1555 5555 55');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('fifty PDFs at once are drawn off the request thread: a list asked meanwhile answers before they are done', async () => {
    const issued = json<Invoice>(await issue((await draft())._id), 200);
    let pdfsDone = 0;
    const pdfs = Array.from({ length: 50 }, () =>
      call(app, 'GET', `/api/invoices/${issued._id}/pdf`, headers).then((response) => {
        expect(response.statusCode).toBe(200);
        pdfsDone += 1;
      }),
    );
    const list = await call(app, 'GET', '/api/invoices?limit=10', headers);
    expect(list.statusCode).toBe(200);
    expect(pdfsDone).toBeLessThan(50);
    await Promise.all(pdfs);
  });

  it('mailing: through the outbox with the PDF attached; the invoice shows pending then sent', async () => {
    const issued = json<Invoice>(await issue((await draft())._id), 200);
    const sent = json<Invoice>(await call(app, 'POST', `/api/invoices/${issued._id}/send`, headers), 200);
    expect(sent.mail).toMatchObject({ to: 'grace@example.com' });
    await app.outbox.flush();
    const mail = mailer.sent.findLast((message) => message.subject.includes(issued.number!))!;
    expect(mail.to).toBe('grace@example.com');
    expect(mail.attachments?.[0]).toMatchObject({ filename: `${issued.number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(mail.attachments![0]!.content)).toContain(`Invoice ${issued.number}`);
    expect(json<Invoice>(await call(app, 'GET', `/api/invoices/${issued._id}`, headers), 200).mail).toMatchObject({ status: 'sent' });
    const draftOnly = await draft();
    expect((await call(app, 'POST', `/api/invoices/${draftOnly._id}/send`, headers)).statusCode).toBe(409);
  });

  it('a mail the server refuses for good shows as failed on the invoice, with why', async () => {
    const other = await startApp(database, {}, {
      mailer: {
        send: async () => {
          throw Object.assign(new Error('Recipient address rejected'), { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 User unknown' });
        },
      },
    });
    try {
      const otherHeaders = cookieHeader((await register(other, { name: 'Refused Owner' })).token);
      const customer = json<{ _id: string }>(await call(other, 'POST', '/api/customers', otherHeaders, { name: 'Nobody', email: 'nobody@example.com' }), 201)._id;
      const made = json<Invoice>(await call(other, 'POST', '/api/invoices', otherHeaders, { customerId: customer, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] }), 201);
      json(await call(other, 'POST', `/api/invoices/${made._id}/issue`, otherHeaders), 200);
      json(await call(other, 'POST', `/api/invoices/${made._id}/send`, otherHeaders), 200);
      await other.outbox.flush();
      const after = json<Invoice>(await call(other, 'GET', `/api/invoices/${made._id}`, otherHeaders), 200);
      expect(after.mail).toMatchObject({ status: 'failed', to: 'nobody@example.com', attempts: 1 });
      expect(after.mail!.lastError).toContain('550');
    } finally {
      await other.close();
    }
  });

  it('permissions: staff prepare and mail, only owners and managers issue, credit and take payments', async () => {
    const staff = cookieHeader((await joinAs(app, mailer, owner, 'staff')).token);
    const made = json<Invoice>(await call(app, 'POST', '/api/invoices', staff, { customerId, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] }), 201);
    expect((await call(app, 'POST', `/api/invoices/${made._id}/issue`, staff)).statusCode).toBe(403);
    const viewer = cookieHeader((await joinAs(app, mailer, owner, 'viewer')).token);
    expect((await call(app, 'GET', `/api/invoices/${made._id}`, viewer)).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/invoices', viewer, { customerId, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] })).statusCode).toBe(403);
  });

  it('numbering: a prefix without the year is a series of its own', async () => {
    json(await call(app, 'PUT', '/api/invoices/numbering', headers, { invoicePrefix: 'BS', creditNotePrefix: 'BSC', withYear: false }), 200);
    const first = json<Invoice>(await issue((await draft())._id), 200);
    expect(first.number).toBe('BS-000001');
    expect((await call(app, 'PUT', '/api/invoices/numbering', headers, { invoicePrefix: 'B S', creditNotePrefix: 'C', withYear: false })).statusCode).toBe(400);
  });
});
