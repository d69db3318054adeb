import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ApiTokenCreated, MESSAGES, type Product, type User } from '@inventory/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db';
import { findStockMismatches } from '../src/ops/check-stock';
import { PRODUCT_FIELDS, pngImage } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { api, cookie, type ServerProcess, sessionOf, startServer } from './support/processes';

/**
 * Past one machine: two server processes on one database behave as one. On PostgreSQL that is two processes with
 * one DATABASE_URL (any number of machines); on SQLite two processes sharing one DATA_DIR (WORKERS on one machine).
 */
describe.each(databases)('two server processes on one $name database', (kind) => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await kind.create();
    // Started together on an empty database: both migrate at once, and both must come up.
    [a, b] = await Promise.all([startServer({ env: database.env }), startServer({ env: database.env })]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.cleanup();
  });

  const form = async (
    base: string,
    method: string,
    url: string,
    token: string | undefined,
    fields: Record<string, string>,
    image?: Buffer,
    headers: Record<string, string> = {},
  ) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (image) body.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
    return fetch(`${base}${url}`, { method, body, headers: { ...cookie(token), ...headers } });
  };

  const registerOn = async (server: ServerProcess, email = `scale.${Date.now()}.${Math.random()}@example.com`) => {
    const response = await api(server.url, 'POST', '/api/users/register', undefined, {
      name: 'Scale Out',
      email,
      password: 'secret123',
    });
    expect(response.status).toBe(201);
    return { token: sessionOf(response), email, user: (await response.json()) as User };
  };

  it('a session made on one process is valid on the other, and a logout on the other ends it for both', async () => {
    const { token, user } = await registerOn(a);
    expect(token).toBeDefined();
    const onB = await api(b.url, 'GET', '/api/users/getuser', token);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as User)._id).toBe(user._id);

    const login = await api(b.url, 'POST', '/api/users/login', undefined, { email: user.email, password: 'secret123' });
    expect(login.status).toBe(200);
    const second = sessionOf(login);
    expect((await api(a.url, 'GET', '/api/users/getuser', second)).status).toBe(200);

    expect((await api(b.url, 'GET', '/api/users/logout', token)).status).toBe(200);
    expect((await api(a.url, 'GET', '/api/users/getuser', token)).status).toBe(401);
    expect((await api(b.url, 'GET', '/api/users/getuser', token)).status).toBe(401);
    expect((await api(a.url, 'GET', '/api/users/getuser', second)).status).toBe(200);
  });

  it('an image uploaded through one process loads through the other, byte for byte', async () => {
    const { token } = await registerOn(a);
    const created = await form(a.url, 'POST', '/api/products', token, PRODUCT_FIELDS, await pngImage(40, 30));
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    // Answered absolute on PUBLIC_URL; each process is asked for its path.
    expect(product.image.filePath).toMatch(/^http:\/\/.+\/uploads\/.+\.png$/);
    const imagePath = new URL(product.image.filePath).pathname;

    const viaA = await fetch(`${a.url}${imagePath}`, { headers: cookie(token) });
    const viaB = await fetch(`${b.url}${imagePath}`, { headers: cookie(token) });
    expect(viaA.status).toBe(200);
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await viaB.arrayBuffer()).equals(Buffer.from(await viaA.arrayBuffer()))).toBe(true);

    // The profile photo route too: uploaded on B, loaded on A.
    const photo = new FormData();
    photo.append('file', new Blob([new Uint8Array(await pngImage(12, 12))], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${b.url}/api/uploads`, { method: 'POST', body: photo, headers: cookie(token) });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect((await fetch(`${a.url}${new URL(url).pathname}`, { headers: cookie(token) })).status).toBe(200);

    // Deleted through B: gone through A.
    expect((await api(b.url, 'DELETE', `/api/products/${product._id}`, token)).status).toBe(200);
    expect((await fetch(`${a.url}${imagePath}`, { headers: cookie(token) })).status).toBe(404);
  });

  it('two people saving the same product version on different processes: one wins, the other gets 409', async () => {
    const { token } = await registerOn(a);
    const product = (await (await form(a.url, 'POST', '/api/products', token, PRODUCT_FIELDS)).json()) as Product;
    const first = await form(
      a.url,
      'PATCH',
      `/api/products/${product._id}`,
      token,
      { ...PRODUCT_FIELDS, name: 'First' },
      undefined,
      { 'if-match': '"1"' },
    );
    const second = await form(
      b.url,
      'PATCH',
      `/api/products/${product._id}`,
      token,
      { ...PRODUCT_FIELDS, name: 'Second' },
      undefined,
      { 'if-match': '"1"' },
    );
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: MESSAGES.editConflict });
    const now = await api(b.url, 'GET', `/api/products/${product._id}`, token);
    expect(((await now.json()) as Product).name).toBe('First');
    expect(now.headers.get('etag')).toBe('"2"');
  });

  it('failed logins count across processes: once one answers 429 for an account, so does the other', async () => {
    const { email } = await registerOn(a);
    const attempt = (server: ServerProcess) =>
      api(server.url, 'POST', '/api/users/login', undefined, { email, password: 'wrong-password' });

    // Failures alternate between the processes until one of them throttles.
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i += 1)
      statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toContain(429);
    const failures = statuses.filter((status) => status === 401).length;
    expect(statuses.slice(0, failures).every((status) => status === 401)).toBe(true);

    // Counted in one store, both processes now refuse the account.
    for (const server of [a, b]) expect((await attempt(server)).status).toBe(429);

    // The same number of failures on one process alone is what the limit allows: a second account, one process.
    const other = await registerOn(b);
    let alone = 0;
    for (let i = 0; i < 40; i += 1) {
      const status = (
        await api(b.url, 'POST', '/api/users/login', undefined, { email: other.email, password: 'wrong-password' })
      ).status;
      if (status !== 401) break;
      alone += 1;
    }
    // Had each process counted on its own, alternating would have allowed about twice as many.
    expect(failures).toBeLessThanOrEqual(alone);
  });

  /**
   * The invitation token of the newest mail saved for `email` (no SMTP here: mails are .eml files in DATA_DIR). The
   * outbox sends it just after the answer, so this waits for it a little while.
   */
  const invitationTokenFor = async (email: string) => {
    const dir = path.join(database.dataDir, 'mail');
    const deadline = Date.now() + 10_000;
    for (;;) {
      for (const file of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
        const mail = await readFile(path.join(dir, file), 'utf8');
        if (!mail.includes(`To: ${email}`)) continue;
        const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
        if (token) return token;
      }
      if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('a member removed, demoted or a token revoked through one process is refused on its very next request to the other', async () => {
    const owner = await registerOn(a);
    const colleague = await registerOn(b);
    expect((await api(a.url, 'POST', '/api/stores/active/invitations', owner.token, { email: colleague.email, role: 'manager' })).status).toBe(201);
    const link = await invitationTokenFor(colleague.email);
    expect((await api(b.url, 'POST', `/api/invitations/${link}/accept`, colleague.token)).status).toBe(200);
    const created = await form(b.url, 'POST', '/api/products', colleague.token, PRODUCT_FIELDS);
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    expect((await api(a.url, 'GET', `/api/products/${product._id}`, owner.token)).status).toBe(200);

    // Lowered to viewer through A: the colleague's next delete through B is refused, the product stays.
    expect((await api(a.url, 'PATCH', `/api/stores/active/members/${colleague.user._id}`, owner.token, { role: 'viewer' })).status).toBe(200);
    const refused = await api(b.url, 'DELETE', `/api/products/${product._id}`, colleague.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.roleForbidden('viewer', 'delete products or orders'));

    // Removed through A: the next request through B says so, and the one after works in the colleague's own store.
    expect((await api(a.url, 'DELETE', `/api/stores/active/members/${colleague.user._id}`, owner.token)).status).toBe(200);
    const gone = await api(b.url, 'GET', `/api/products/${product._id}`, colleague.token);
    expect(gone.status).toBe(403);
    expect(((await gone.json()) as { message: string }).message).toBe(MESSAGES.notAMember);
    const own = await api(b.url, 'GET', '/api/products', colleague.token);
    expect(own.status).toBe(200);
    expect(((await own.json()) as Product[]).map((p) => p._id)).not.toContain(product._id);

    // A token revoked through B stops working through A at once.
    const made = await api(b.url, 'POST', '/api/stores/active/tokens', owner.token, { name: 'sync', role: 'staff' });
    const token = (await made.json()) as ApiTokenCreated;
    const withToken = { authorization: `Bearer ${token.token}` };
    expect((await api(a.url, 'GET', '/api/products', undefined, undefined, withToken)).status).toBe(200);
    expect((await api(b.url, 'DELETE', `/api/stores/active/tokens/${token._id}`, owner.token)).status).toBe(200);
    expect((await api(a.url, 'GET', '/api/products', undefined, undefined, withToken)).status).toBe(401);
  });

  it("the store's figures stay exact under concurrent writes through both processes", async () => {
    const { token } = await registerOn(a);
    const fields = (i: number) => ({ ...PRODUCT_FIELDS, name: `Concurrent ${i}`, category: `Cat ${i % 4}`, quantity: String(i % 3), price: `${i}.25`, reorderPoint: String(i % 2) });
    // 40 creates split over the two processes, all at once.
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => form(i % 2 ? a.url : b.url, 'POST', '/api/products', token, fields(i))));
    expect(created.map((response) => response.status)).toEqual(Array(40).fill(201));
    const products = (await Promise.all(created.map((response) => response.json()))) as Product[];
    // Then edits and deletes, interleaved across the processes.
    const changes = products.flatMap((product, i) => {
      if (i % 5 === 0) return [api(i % 2 ? b.url : a.url, 'DELETE', `/api/products/${product._id}`, token)];
      if (i % 3 === 0) return [form(i % 2 ? b.url : a.url, 'PATCH', `/api/products/${product._id}`, token, { ...fields(i + 1), category: 'Moved' })];
      return [];
    });
    expect((await Promise.all(changes)).every((response) => response.status === 200)).toBe(true);

    const all = (await (await api(b.url, 'GET', '/api/products', token)).json()) as Product[];
    const summary = (await (await api(a.url, 'GET', '/api/products/summary', token)).json()) as Record<string, number>;
    expect(summary).toEqual({
      totalProducts: all.length,
      totalStoreValue: all.reduce((sum, p) => sum + Math.round(p.price * 100) * p.quantity, 0) / 100,
      outOfStock: all.filter((p) => p.quantity === 0).length,
      lowStock: all.filter((p) => p.reorderPoint != null && p.quantity <= p.reorderPoint).length,
      categories: new Set(all.map((p) => p.category)).size,
    });
    expect(all.length).toBe(32);
  });

  it('20 creates of one SKU at once (in either case), through both processes: one product, 19 answer 409, no 5xx', async () => {
    const { token } = await registerOn(a);
    const sku = 'SUP-RACE-0001';
    const create = (i: number) =>
      form(i % 2 ? a.url : b.url, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: `Racer ${i}`, sku: i % 3 ? sku : sku.toLowerCase() });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = (await answers.find((response) => response.status === 201)!.json()) as Product;
    for (const refused of answers.filter((response) => response.status === 409))
      expect(await refused.json()).toEqual({ message: MESSAGES.skuTaken(winner.sku, winner.name) });
    const list = (await (await api(b.url, 'GET', '/api/products', token)).json()) as Product[];
    expect(list.map((product) => product.sku)).toEqual([winner.sku]);
    const db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    try {
      expect(await findStockMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('200 orders at once for 10 in stock, through both processes: exactly 10 succeed, 190 get 409, stock 0, the ledger adds up', async () => {
    const { token } = await registerOn(a);
    const created = await form(a.url, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, quantity: '10' });
    const product = (await created.json()) as Product;
    const order = (i: number) =>
      api(i % 2 ? a.url : b.url, 'POST', '/api/orders', token, { name: product.name, category: product.category, price: 10, quantity: 1, productId: product._id });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => order(i)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    const refused = answers.find((response) => response.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.insufficientStock(0));
    const after = (await (await api(b.url, 'GET', `/api/products/${product._id}`, token)).json()) as Product;
    expect(after.quantity).toBe(0);

    const db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    try {
      expect(await findStockMismatches(db)).toEqual([]);
      const movements = await db.selectFrom('stock_movements').select(['reason', 'change']).where('product_id', '=', product._id).execute();
      expect(movements.filter((m) => m.reason === 'order_placed')).toHaveLength(10);
    } finally {
      await db.destroy();
    }

    // A retry with the same Idempotency-Key through the other process takes stock once.
    await api(a.url, 'POST', `/api/products/${product._id}/adjustments`, token, { change: 5 });
    const key = { 'idempotency-key': `retry-${product._id}` };
    const body = { name: product.name, category: product.category, price: 10, quantity: 2, productId: product._id };
    const first = await api(a.url, 'POST', '/api/orders', token, body, key);
    const retry = await api(b.url, 'POST', '/api/orders', token, body, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(((await retry.json()) as { _id: string })._id).toBe(((await first.json()) as { _id: string })._id);
    expect(((await (await api(a.url, 'GET', `/api/products/${product._id}`, token)).json()) as Product).quantity).toBe(3);
  });
});
