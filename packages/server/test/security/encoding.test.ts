import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type Order, type Product, type User } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp, uniqueEmail } from '../support/app';
import { PRODUCT_FIELDS, pngImage, rowCount, seedProductAndOrder } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/** Byte sequences that are not UTF-8: a stray continuation byte, 0xFF, an overlong '/', a surrogate, a cut '€'. */
const NOT_UTF8: Record<string, Buffer> = {
  'a stray continuation byte': Buffer.from([0x80]),
  'the byte 0xFF': Buffer.from([0xff]),
  "an overlong '/'": Buffer.from([0xc0, 0xaf]),
  'an encoded surrogate': Buffer.from([0xed, 0xa0, 0x80]),
  "a '€' cut short": Buffer.from([0xe2, 0x82]),
};
const CASES = Object.entries(NOT_UTF8);

/** U+FFFD sent as valid UTF-8 (EF BF BD) is a character like any other. */
const LITERAL_REPLACEMENT = 'kept \uFFFD as sent';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** `before`, the raw bytes, then `after`: a body no string can hold. */
const spliced = (before: string, bytes: Buffer, after: string) => Buffer.concat([utf8(before), bytes, utf8(after)]);

interface RawPart {
  name: string;
  value: Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body written byte by byte, so a text field can carry bytes that are not UTF-8. */
function rawMultipart(parts: RawPart[]) {
  const boundary = `----encoding-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(utf8(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), part.value, utf8('\r\n'));
  }
  chunks.push(utf8(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const textParts = (fields: Record<string, string | Buffer>): RawPart[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value: typeof value === 'string' ? utf8(value) : value }));

interface Answer {
  status: number;
  body: string;
}

/** A request over a real connection whose body goes out with Transfer-Encoding: chunked, one chunk per buffer. */
function sendChunked(port: number, method: string, path: string, headers: Record<string, string>, chunks: Buffer[]) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: false,
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        request.write(chunk);
        // A pause, so each buffer reaches the server as a chunk of its own.
        await new Promise((done) => setTimeout(done, 15));
      }
      request.end();
    })();
  });
}

describe.each(databases)('security: text that is not UTF-8 on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;
  let userId: string;
  let product: Product;
  let order: Order;
  let port: number;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    const registered = await register(app);
    token = registered.token;
    userId = registered.response.json<User>()._id;
    ({ product, order } = await seedProductAndOrder(app, token));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const count = (table: Parameters<typeof rowCount>[1]) => rowCount(app, table);
  const counts = async () => ({
    users: await count('users'),
    products: await count('products'),
    orders: await count('orders'),
    contact: await count('contact_messages'),
    uploads: await count('uploads'),
  });
  const profile = async () =>
    (await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json<User>();
  const storedProduct = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/products/${product._id}`, headers: cookieHeader(token) })
    ).json<Product>();
  const storedOrder = async () =>
    (await app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: cookieHeader(token) })).json<Order>();
  const json = (method: 'POST' | 'PATCH', url: string, payload: Buffer, signedIn = true) =>
    app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(signedIn ? cookieHeader(token) : {}) },
    });
  const form = (method: 'POST' | 'PATCH', url: string, parts: RawPart[]) => {
    const body = rawMultipart(parts);
    return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...cookieHeader(token) } });
  };
  const expectRefused = (response: { statusCode: number; json: () => unknown; body: string }) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.invalidUtf8 });
  };

  describe('JSON bodies', () => {
    it.each(CASES)('[ASVS 5.1.3/5.1.4] %s answers 400 on every JSON route and stores nothing', async (_, bytes) => {
      const before = { counts: await counts(), profile: await profile(), order: await storedOrder() };
      expectRefused(
        await json(
          'POST',
          '/api/users/register',
          spliced(`{"name":"bad`, bytes, `","email":"${uniqueEmail('utf8')}","password":"secret123"}`),
          false,
        ),
      );
      expectRefused(await json('PATCH', '/api/users/updateuser', spliced('{"bio":"bad', bytes, '"}')));
      expectRefused(
        await json('POST', '/api/orders', spliced('{"name":"bad', bytes, '","category":"x","price":1,"quantity":1}')),
      );
      expectRefused(
        await json(
          'PATCH',
          `/api/orders/${order._id}`,
          spliced('{"name":"bad', bytes, '","category":"x","price":1,"quantity":1}'),
        ),
      );
      expectRefused(await json('POST', '/api/contactus', spliced('{"subject":"bad', bytes, '","message":"hello"}')));
      // Even in a key, and where a value would not be stored at all.
      expectRefused(
        await json('POST', '/api/users/login', spliced('{"email":"a@b.co","pass', bytes, 'word":"x"}'), false),
      );
      expect({ counts: await counts(), profile: await profile(), order: await storedOrder() }).toEqual(before);
    });

    it('[ASVS 5.1.4] a U+FFFD sent as valid UTF-8 is stored and answered exactly', async () => {
      const updated = await json('PATCH', '/api/users/updateuser', utf8(JSON.stringify({ bio: LITERAL_REPLACEMENT })));
      expect(updated.statusCode).toBe(200);
      expect((await profile()).bio).toBe(LITERAL_REPLACEMENT);
      const created = await json(
        'POST',
        '/api/orders',
        utf8(JSON.stringify({ name: LITERAL_REPLACEMENT, category: 'x', price: 1, quantity: 1 })),
      );
      expect(created.statusCode).toBe(201);
      expect(created.json<Order>().name).toBe(LITERAL_REPLACEMENT);
    });

    it('[ASVS 5.1.3] sent chunked: a character split across chunks is kept, bytes that are not UTF-8 split across chunks answer 400', async () => {
      const headers = { 'content-type': 'application/json', ...cookieHeader(token) };
      // '€' is E2 82 AC: the first two bytes end one chunk, the last begins the next.
      const euro = utf8('€');
      const kept = await sendChunked(port, 'POST', '/api/orders', headers, [
        spliced('{"name":"split ', euro.subarray(0, 2), ''),
        spliced('', euro.subarray(2), ' sign","category":"x","price":1,"quantity":1}'),
      ]);
      expect(kept.status, kept.body).toBe(201);
      expect((JSON.parse(kept.body) as Order).name).toBe('split € sign');

      const before = await counts();
      // Each case: the bytes that end the first chunk, then those that begin the second.
      for (const [first, second] of [
        [[0xe2, 0x82], []], // a '€' cut short by the closing quote
        [
          [0xf0, 0x9f],
          [0x98, 0x80, 0xff],
        ], // a whole emoji, then 0xFF
        [[0xc3], [0x28]], // a lead byte followed by '('
      ]) {
        const refused = await sendChunked(port, 'POST', '/api/orders', headers, [
          spliced('{"name":"bad ', Buffer.from(first!), ''),
          spliced('', Buffer.from(second!), '","category":"x","price":1,"quantity":1}'),
        ]);
        expect(refused.status, refused.body).toBe(400);
        expect(JSON.parse(refused.body)).toEqual({ message: MESSAGES.invalidUtf8 });
      }
      const chunkedForm = rawMultipart(
        textParts({ ...PRODUCT_FIELDS, name: spliced('bad ', Buffer.from([0xe2, 0x82]), ' name') }),
      );
      const cut = chunkedForm.payload.indexOf(Buffer.from([0xe2, 0x82])) + 1;
      const refusedForm = await sendChunked(
        port,
        'POST',
        '/api/products',
        { ...chunkedForm.headers, ...cookieHeader(token) },
        [chunkedForm.payload.subarray(0, cut), chunkedForm.payload.subarray(cut)],
      );
      expect(refusedForm.status, refusedForm.body).toBe(400);
      expect(JSON.parse(refusedForm.body)).toEqual({ message: MESSAGES.invalidUtf8 });
      expect(await counts()).toEqual(before);
    });
  });

  describe('multipart forms', () => {
    it.each(CASES)(
      '[ASVS 5.1.3/5.1.4] %s in a text field answers 400 on product create and edit and on uploads, storing nothing',
      async (_, bytes) => {
        const before = { counts: await counts(), product: await storedProduct() };
        const bad = spliced('bad', bytes, '');
        expectRefused(await form('POST', '/api/products', textParts({ ...PRODUCT_FIELDS, name: bad })));
        expectRefused(
          await form(
            'POST',
            '/api/products',
            textParts({ ...PRODUCT_FIELDS, description: spliced('<p>bad', bytes, '</p>') }),
          ),
        );
        expectRefused(
          await form('PATCH', `/api/products/${product._id}`, textParts({ ...PRODUCT_FIELDS, category: bad })),
        );
        expectRefused(
          await form('PATCH', `/api/products/${product._id}`, textParts({ ...PRODUCT_FIELDS, description: bad })),
        );
        // With an image too: nothing is stored, the image included.
        const image = { name: 'image', value: await pngImage(), fileName: 'a.png', contentType: 'image/png' };
        expectRefused(await form('POST', '/api/products', [...textParts({ ...PRODUCT_FIELDS, name: bad }), image]));
        expectRefused(await form('POST', '/api/uploads', [{ ...image, name: 'file' }, ...textParts({ note: bad })]));
        expect({ counts: await counts(), product: await storedProduct() }).toEqual(before);
      },
    );

    it('[ASVS 5.1.3] judges the bytes whatever charset a part declares', async () => {
      const before = await counts();
      for (const contentType of [
        'text/plain; charset=utf-8',
        'text/plain; charset=iso-8859-1',
        'text/plain; charset=utf-16le',
      ]) {
        const parts = textParts(PRODUCT_FIELDS).map((part) =>
          part.name === 'name' ? { ...part, value: spliced('bad', Buffer.from([0xff]), ''), contentType } : part,
        );
        expectRefused(await form('POST', '/api/products', parts));
      }
      expect(await counts()).toEqual(before);
      const declared = textParts({ ...PRODUCT_FIELDS, name: 'Café 東京' }).map((part) => ({
        ...part,
        contentType: 'text/plain; charset=utf-8',
      }));
      const created = await form('POST', '/api/products', declared);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Product>().name).toBe('Café 東京');
    });

    it('[ASVS 5.1.4] a U+FFFD sent as valid UTF-8 is stored and answered exactly', async () => {
      const created = await form(
        'POST',
        '/api/products',
        textParts({ ...PRODUCT_FIELDS, name: LITERAL_REPLACEMENT, category: `Cat ${LITERAL_REPLACEMENT}` }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Product>()).toMatchObject({
        name: LITERAL_REPLACEMENT,
        category: `Cat ${LITERAL_REPLACEMENT}`,
      });
      const edited = await form(
        'PATCH',
        `/api/products/${product._id}`,
        textParts({ ...PRODUCT_FIELDS, description: `<p>${LITERAL_REPLACEMENT}</p>` }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await storedProduct()).description).toBe(`<p>${LITERAL_REPLACEMENT}</p>`);
      const userProducts = await app.db.selectFrom('products').select('name').where('user_id', '=', userId).execute();
      expect(userProducts.map((row) => row.name)).toContain(LITERAL_REPLACEMENT);
    });
  });
});
