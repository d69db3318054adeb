import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp, uniqueEmail } from '../support/app';
import { PRODUCT_FIELDS, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';
import { call, invite, memoryMailer } from '../support/team';

/**
 * ASVS 5.1.4 / 5.2.2: single-line fields (names of stores, products, orders, people and tokens; category, SKU, phone) refuse
 * line breaks and other control characters with a 400, and mails put what they interpolate on one line, so a name can
 * never write lines of its own into a mail's text.
 */
const FORGED = 'Shop\r\nBcc: victim@example.com\r\n\r\nAccount locked: https://evil.example/login';

describe.each(databases)('single-line fields and mails ($name)', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let owner: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('refuse line breaks and control characters with a 400 naming the field', async () => {
    const headers = cookieHeader(owner);
    const cases = [
      { response: await call(app, 'PATCH', '/api/stores/active', headers, { name: FORGED }), message: MESSAGES.controlCharacters('Store name') },
      { response: await call(app, 'POST', '/api/stores', headers, { name: 'Tab\there' }), message: MESSAGES.controlCharacters('Store name') },
      { response: await call(app, 'POST', '/api/stores/active/tokens', headers, { name: 'a\nb', role: 'viewer' }), message: MESSAGES.controlCharacters('Token name') },
      { response: await call(app, 'PATCH', '/api/users/updateuser', headers, { name: 'Ada\r\nBcc: x' }), message: MESSAGES.controlCharacters('Name') },
      { response: await call(app, 'PATCH', '/api/users/updateuser', headers, { name: 'Ada', phone: '555\n1234' }), message: MESSAGES.controlCharacters('Phone') },
      { response: (await register(app, { name: 'Eve\u0085Evil', email: uniqueEmail() })).response, message: MESSAGES.controlCharacters('Name') },
      { response: await sendForm(app, 'POST', '/api/products', owner, { ...PRODUCT_FIELDS, name: 'Widget\nFree' }), message: MESSAGES.controlCharacters('Name') },
      { response: await sendForm(app, 'POST', '/api/products', owner, { ...PRODUCT_FIELDS, category: 'TV\u001b[31m' }), message: MESSAGES.controlCharacters('Category') },
      { response: await sendForm(app, 'POST', '/api/products', owner, { ...PRODUCT_FIELDS, sku: 'SKU\u2028X' }), message: MESSAGES.controlCharacters('SKU') },
      { response: await call(app, 'POST', '/api/orders', headers, { name: 'Dock\nX', category: 'Misc', price: 1, quantity: 1 }), message: MESSAGES.controlCharacters('Name') },
    ];
    for (const { response, message } of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    // Contact Us keeps the original contract's answer (its subject is put on one line in the mail: contact.test.ts).
    expect((await call(app, 'POST', '/api/contactus', headers, { subject: 'Hi\r\nthere', message: 'Line one\nLine two' })).statusCode).toBe(200);
  });

  it('a name stored with line breaks before the rule writes no line of its own into an invitation mail', async () => {
    await app.db.updateTable('stores').set({ name: FORGED }).execute();
    mailer.sent.length = 0;
    const email = uniqueEmail('invited');
    await invite(app, mailer, owner, email, 'viewer');
    const mail = mailer.sent.find((sent) => sent.to === email)!;
    const lines = mail.text.split(/\r\n|\r|\n/);
    expect(lines.some((line) => line.startsWith('Account locked'))).toBe(false);
    expect(lines.some((line) => line.startsWith('Bcc:'))).toBe(false);
    expect(mail.text).toContain('invited you to join Shop Bcc: victim@example.com Account locked: https://evil.example/login on Inventory');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
