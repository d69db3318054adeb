import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Product, User } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db';
import { tableExists } from '../src/db/migrate';
import { backup } from '../src/ops/backup';
import { findStockMismatches } from '../src/ops/check-stock';
import { TABLES } from '../src/ops/format';
import { restore } from '../src/ops/restore';
import { uploadStoreFor } from '../src/uploads/store';
import { cookieHeader, register, sessionCookie, startApp } from './support/app';
import { jpegWithExif, PRODUCT_FIELDS, pngImage, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { ensureServerBuilt, OPS_ENTRY, REPO_ROOT } from './support/processes';

const configOf = (database: TestDatabase) => loadConfig({ LOG_LEVEL: 'silent', ...database.env });

/** Columns that are not data: upload bytes (compared apart) and a member's last activity (moves with every use). */
const NOT_COMPARED = new Set(['data', 'last_active_at']);

/** Every row of every backed-up table, in a stable order, without the upload bytes. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !NOT_COMPARED.has(column))))
      .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  }
  return out;
}

async function uploadBytes(database: TestDatabase, db: Db): Promise<Record<string, string>> {
  const store = uploadStoreFor(configOf(database), db);
  const names = (await db.selectFrom('uploads').select('name').execute()).map((row) => row.name);
  const out: Record<string, string> = {};
  for (const name of names) out[name] = (await store.get(name))?.bytes.toString('base64') ?? 'MISSING';
  return out;
}

describe.each(databases)('backup of a $name database', (source) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let file: string;
  const password = 'original-secret-1';
  let ada: { token: string; user: User; products: Product[] };
  let sourceRows: Record<string, unknown[]>;
  let sourceBytes: Record<string, string>;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await source.create({ empty: true });
    app = await startApp(database);
    // Two users, profiles with a photo, products with and without images, orders, contact messages, a reset asked.
    const seeded: (typeof ada)[] = [];
    for (const name of ['Ada', 'Grace']) {
      const { token, response } = await register(app, {
        name,
        password,
        email: `${name.toLowerCase()}.${Date.now()}@example.com`,
      });
      if (!token) throw new Error('no session');
      const photo = await sendForm(
        app,
        'POST',
        '/api/uploads',
        token,
        {},
        { field: 'file', fileName: 'me.png', type: 'image/png', bytes: await pngImage(16, 16) },
      );
      expect(photo.statusCode).toBe(201);
      const updated = await app.inject({
        method: 'PATCH',
        url: '/api/users/updateuser',
        headers: cookieHeader(token),
        payload: {
          name,
          phone: '+44 20 7946 0000',
          bio: `${name}'s bio: <b>not html</b> & “quotes”`,
          photo: photo.json<{ url: string }>().url,
        },
      });
      expect(updated.statusCode).toBe(200);
      const products: Product[] = [];
      const withPng = await sendForm(
        app,
        'POST',
        '/api/products',
        token,
        { ...PRODUCT_FIELDS, name: `${name} laptop` },
        { fileName: 'a.png', type: 'image/png', bytes: await pngImage(60, 40) },
      );
      const withJpeg = await sendForm(
        app,
        'POST',
        '/api/products',
        token,
        { ...PRODUCT_FIELDS, name: `${name} monitor`, category: 'Monitors' },
        { fileName: 'b.jpg', type: 'image/jpeg', bytes: await jpegWithExif() },
      );
      const plain = await sendForm(app, 'POST', '/api/products', token, {
        ...PRODUCT_FIELDS,
        name: `${name} cable`,
        description: '<p>Ünïcødé ✓</p>',
      });
      for (const created of [withPng, withJpeg, plain]) {
        expect(created.statusCode).toBe(201);
        products.push(created.json<Product>());
      }
      // One edit, so versions other than 1 round-trip too.
      const edited = await sendForm(app, 'PATCH', `/api/products/${products[2]!._id}`, token, {
        ...PRODUCT_FIELDS,
        name: `${name} cable v2`,
      });
      expect(edited.statusCode).toBe(200);
      const customer = await app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: cookieHeader(token),
        payload: { name: `${name}'s customer`, email: `${name.toLowerCase()}.customer@example.com`, billingAddress: 'Line 1\nLine 2' },
      });
      expect(customer.statusCode).toBe(201);
      const order = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: cookieHeader(token),
        payload: { name: `${name} order`, category: 'Laptops', price: 10.5, quantity: 3, customerId: customer.json<{ _id: string }>()._id },
      });
      expect(order.statusCode).toBe(201);
      const supplier = await app.inject({
        method: 'POST',
        url: '/api/suppliers',
        headers: cookieHeader(token),
        payload: { name: `${name}'s supplier`, address: 'Quay 1\nDock 2', leadTimeDays: 4 },
      });
      expect(supplier.statusCode).toBe(201);
      const link = await app.inject({
        method: 'POST',
        url: `/api/products/${products[0]!._id}/suppliers`,
        headers: cookieHeader(token),
        payload: { supplierId: supplier.json<{ _id: string }>()._id, partNumber: 'P-1', packSize: 6, lastCost: 7.25 },
      });
      expect(link.statusCode).toBe(201);
      const contact = await app.inject({
        method: 'POST',
        url: '/api/contactus',
        headers: cookieHeader(token),
        payload: { subject: 'Hello', message: `From ${name}` },
      });
      expect(contact.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/users/forgotpassword',
        payload: { email: response.json<User>().email },
      });
      seeded.push({ token, user: response.json<User>(), products });
    }
    ada = seeded[0]!;
    sourceRows = await snapshot(app.db);
    sourceBytes = await uploadBytes(database, app.db);
    // Taken while the server runs.
    file = path.join(database.dataDir, 'backups', 'inventory.jsonl.gz');
    await backup(configOf(database), file);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    for (const cleanup of cleanups) await cleanup();
    await database?.cleanup();
  });

  it('seeded what the round trip compares', () => {
    expect(sourceRows.users).toHaveLength(2);
    expect(sourceRows.products).toHaveLength(6);
    expect(sourceRows.orders).toHaveLength(2);
    expect(sourceRows.customers).toHaveLength(2);
    expect(sourceRows.suppliers).toHaveLength(2);
    expect(sourceRows.product_suppliers).toHaveLength(2);
    expect(sourceRows.contact_messages).toHaveLength(2);
    expect(Object.keys(sourceBytes)).toHaveLength(6);
    expect(Object.values(sourceBytes)).not.toContain('MISSING');
  });

  describe.each(databases)('restored into an empty $name target', (target) => {
    let restored: TestDatabase;

    beforeAll(async () => {
      restored = await target.create({ empty: true });
      cleanups.push(() => restored.cleanup());
    });

    it('brings back every row and every upload byte for byte; sessions and reset links are not carried', async () => {
      const summary = await restore(configOf(restored), file);
      expect(summary.uploads).toBe(6);
      const db = createDb(configOf(restored).database);
      try {
        expect(await snapshot(db)).toEqual(sourceRows);
        expect(await uploadBytes(restored, db)).toEqual(sourceBytes);
        // The ledger came along whole: every restored product's movements add up to its quantity.
        expect(sourceRows.stock_movements?.length).toBeGreaterThan(0);
        expect(await findStockMismatches(db)).toEqual([]);
        expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
        expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
        // The customers' counters and search index are made again from the rows.
        expect((await db.selectFrom('customer_counts').select('active').execute()).map((row) => Number(row.active))).toEqual([1, 1]);
        expect((await db.selectFrom('supplier_counts').select('active').execute()).map((row) => Number(row.active))).toEqual([1, 1]);
      } finally {
        await db.destroy();
      }
    });

    it('the restored server signs in with the original password and serves the images; old sessions are gone', async () => {
      const server = await startApp(restored);
      try {
        expect(
          (await server.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(ada.token) }))
            .statusCode,
        ).toBe(401);
        const login = await server.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: ada.user.email, password },
        });
        expect(login.statusCode).toBe(200);
        const token = sessionCookie(login);
        const profile = await server.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
        expect(profile.json<User>()).toEqual({
          ...ada.user,
          ...profile.json<User>(),
          bio: expect.stringContaining('<b>not html</b>'),
        });
        const listed = (
          await server.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) })
        ).json<Product[]>();
        expect(listed).toHaveLength(3);
        for (const product of ada.products.filter((p) => p.image.filePath)) {
          const image = await server.inject({
            method: 'GET',
            url: product.image.filePath!,
            headers: cookieHeader(token),
          });
          expect(image.statusCode).toBe(200);
          expect(image.rawPayload.toString('base64')).toBe(sourceBytes[path.basename(product.image.filePath!)]);
        }
      } finally {
        await server.close();
      }
    });

    it('refuses a target that is not empty, and changes nothing in it', async () => {
      await expect(restore(configOf(restored), file)).rejects.toThrow(
        /Refusing to restore: .* is not empty \(users has 2 rows\)/,
      );
      const db = createDb(configOf(restored).database);
      try {
        expect(await snapshot(db)).toEqual(sourceRows);
      } finally {
        await db.destroy();
      }
    });
  });

  it('a cut-short or damaged file restores nothing: no rows, no upload files', async () => {
    const whole = await readFile(file);
    const cut = path.join(database.dataDir, 'backups', 'cut.jsonl.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const garbage = path.join(database.dataDir, 'backups', 'garbage.jsonl.gz');
    await writeFile(garbage, 'not a backup at all');
    for (const [bad, message] of [
      [cut, /damaged|incomplete/],
      [garbage, /not an Inventory backup/],
      [path.join(database.dataDir, 'nope.gz'), /No backup file/],
    ] as const) {
      const target = await source.create({ empty: true });
      try {
        await expect(restore(configOf(target), bad)).rejects.toThrow(message);
        const db = createDb(configOf(target).database);
        try {
          // A file refused before its header was read leaves the target untouched, not even migrated.
          for (const table of TABLES)
            if (await tableExists(db, table)) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
        } finally {
          await db.destroy();
        }
        const uploadsDir = path.join(target.dataDir, 'uploads');
        expect(existsSync(uploadsDir) ? await readdir(uploadsDir) : []).toEqual([]);
      } finally {
        await target.cleanup();
      }
    }
  });

  it('npm run backup / restore: the commands use the server settings and refuse a non-empty target', async () => {
    ensureServerBuilt();
    const target = await source.create({ empty: true });
    try {
      const out = path.join(target.dataDir, 'cli.jsonl.gz');
      const run = (args: string[], env: Record<string, string>) =>
        spawnSync(process.execPath, [OPS_ENTRY, ...args], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH, ...env },
        });
      const made = run(['backup', '--out', out], database.env);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/Backed up .*2 users.*6 uploads/);
      const back = run(['restore', '--in', out], target.env);
      expect(back.status, back.stderr).toBe(0);
      expect(back.stdout).toMatch(/Restored into .*2 users.*6 uploads/);
      const again = run(['restore', '--in', out], target.env);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/Refusing to restore/);
      const usage = run(['restore'], target.env);
      expect(usage.status).toBe(2);
    } finally {
      await target.cleanup();
    }
  });
});

describe.each(databases)('a backup made before stores, restored into $name', (kind) => {
  let database: TestDatabase;
  afterAll(async () => database?.cleanup());

  it('gives each user a store of their own holding exactly their rows', async () => {
    database = await kind.create({ empty: true });
    const at = '2025-01-01T10:00:00.000Z';
    const user = (id: string, name: string) => ({ id, name, email: `${name}@example.com`, password_hash: 'x', phone: '', bio: '', photo: '', created_at: at, updated_at: at });
    const product = (id: string, owner: string) => ({
      id,
      user_id: owner,
      name: `Product of ${owner.slice(-1)}`,
      sku: 'LAP-1',
      category: 'Laptops',
      price_cents: 100,
      quantity: 2,
      description: '',
      image_name: null,
      image_file_name: null,
      image_type: null,
      image_size: null,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    const lines = [
      { format: 'inventory-backup', version: 1, createdAt: at, source: 'sqlite', migrations: ['0001_users_sessions_resets', '0002_products_orders_uploads_contact', '0003_rate_limits', '0004_catalogue_versions'] },
      { table: 'users', row: user(a, 'ann') },
      { table: 'users', row: user(b, 'bob') },
      { table: 'products', row: product('10000000-0000-4000-8000-000000000001', a) },
      { table: 'products', row: product('10000000-0000-4000-8000-000000000002', b) },
      { end: true, rows: { users: 2, products: 2 }, uploads: 0 },
    ];
    const file = path.join(database.dataDir, 'old.jsonl.gz');
    await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join('\n')));
    await restore(configOf(database), file);
    const db = createDb(configOf(database).database);
    try {
      expect(await db.selectFrom('memberships').select(['store_id', 'user_id', 'role']).orderBy('user_id').execute()).toEqual([
        { store_id: a, user_id: a, role: 'owner' },
        { store_id: b, user_id: b, role: 'owner' },
      ]);
      expect(await db.selectFrom('products').select(['user_id', 'store_id']).orderBy('user_id').execute()).toEqual([
        { user_id: a, store_id: a },
        { user_id: b, store_id: b },
      ]);
      // The restore path of the stock ledger: products from before the ledger get their opening movement.
      expect(await findStockMismatches(db)).toEqual([]);
      expect(await db.selectFrom('stock_movements').select(['reason', 'change']).execute()).toEqual([
        { reason: 'opening', change: 2 },
        { reason: 'opening', change: 2 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
