import { type Order, type Product, type User } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, flushMail, latestMail, register, startApp } from '../support/app';
import { PRODUCT_FIELDS, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/** Stored-XSS payloads a staff member (or a stolen session) might save in a description. */
const DESCRIPTION_PAYLOADS = [
  '<script>alert(1)</script><p>ok</p>',
  '<p>x</p><SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>hover</p>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/">',
  '<p style="background:url(javascript:alert(1))">style</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '"><img src=x onerror=alert(1)>',
];

/** Plain-text fields must come back exactly as typed: JSON strings, never interpreted. */
const TEXT_PAYLOADS = [
  '<script>alert("name")</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{constructor.constructor("alert(1)")()}}',
];

/** The HTML with character references decoded and whitespace/control characters removed, as a browser reads a URL. */
function normalise(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0020]/g, '')
    .toLowerCase();
}

function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|svg|object|embed|math|form|meta|base|link|style|noscript|frame|frameset)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  const flat = normalise(html);
  expect(flat).not.toContain('javascript:');
  expect(flat).not.toContain('data:text/html');
  expect(flat).not.toContain('vbscript:');
  expect(flat).not.toMatch(/srcdoc=/);
}

describe.each(databases)('security: stored XSS at the API on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it.each(DESCRIPTION_PAYLOADS)('[ASVS 5.3.3/5.2.1] a description never comes back as active HTML: %s', async (payload) => {
    const created = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, description: payload });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    expectInert(product.description);
    // Stored sanitized too, so a future reader of the row gets nothing active either.
    const row = await app.db.selectFrom('products').select('description').where('id', '=', product._id).executeTakeFirstOrThrow();
    expectInert(row.description);
    const read = await app.inject({ method: 'GET', url: `/api/products/${product._id}`, headers: cookieHeader(token) });
    expectInert(read.json<Product>().description);
    const updated = await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, description: payload });
    expect(updated.statusCode).toBe(200);
    expectInert(updated.json<Product>().description);
  });

  it.each(TEXT_PAYLOADS)('[ASVS 5.3.1] names, categories, bios and contact messages come back as the literal text (JSON): %s', async (text) => {
    const product = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: text, category: text });
    expect(product.statusCode).toBe(201);
    expect(product.headers['content-type']).toMatch(/^application\/json/);
    expect(product.json<Product>()).toMatchObject({ name: text, category: text });

    const order = await app.inject({ method: 'POST', url: '/api/orders', payload: { name: text, category: text, price: 1, quantity: 1 }, headers: cookieHeader(token) });
    expect(order.statusCode).toBe(201);
    expect(order.json<Order>()).toMatchObject({ name: text, category: text });
    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json<Order[]>().map((o) => o.name)).toContain(text);

    const user = await app.inject({ method: 'PATCH', url: '/api/users/updateuser', payload: { name: text, bio: text, phone: text.slice(0, 20) }, headers: cookieHeader(token) });
    expect(user.statusCode).toBe(200);
    expect(user.json<User>()).toMatchObject({ name: text, bio: text });
    expect((await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json<User>()).toMatchObject({ name: text, bio: text });

    const contact = await app.inject({ method: 'POST', url: '/api/contactus', payload: { subject: text, message: `${text}\n<b>bold?</b>` }, headers: cookieHeader(token) });
    expect(contact.statusCode).toBe(200);
    const stored = await app.db.selectFrom('contact_messages').select(['subject', 'message']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(stored).toEqual({ subject: text, message: `${text}\n<b>bold?</b>` });
    // The mail to support is text only: what the user typed is never an HTML part.
    await flushMail(app);
    const mail = (await latestMail(database.dataDir)) ?? '';
    expect(mail).toMatch(/Content-Type: text\/plain/i);
    expect(mail).not.toMatch(/Content-Type: text\/html/i);
    expect(mail).not.toMatch(/Content-Type: multipart\/alternative/i);
  });
});
