import { MESSAGES, idParamsSchema, type CatalogueSummary, type CategoryCount, type Order, type Page, type Product } from '@inventory/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answeredProduct,
  DEMO_CATEGORIES,
  SUPPORT_EMAIL,
  contactMails,
  demoOrders,
  demoProducts,
  demoStore,
  demoUser,
  makeProduct,
  manyProducts,
  mockDb,
  mockState,
  otherUser,
  outOfStockProduct,
  pending,
  productWithImage,
  resetMockDb,
  sanitizeDescription,
  signedIn,
  withOrders,
  withoutOrders,
  withoutProducts,
  withProducts,
} from '../src';
import { server } from '../src/node';
import { checkMockedAnswers } from './support/openapi';

const base = 'http://catalogue.mock.test';
const getJson = async <T>(path: string): Promise<[number, T]> => {
  const response = await fetch(`${base}${path}`);
  return [response.status, (await response.json()) as T];
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
// Every mocked answer must match the server's OpenAPI description, as the server's own answers do.
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

describe('fixtures', () => {
  it('the demo catalogue: 14 products over the six categories, some out of stock, three with images', () => {
    expect(demoProducts).toHaveLength(14);
    expect(new Set(demoProducts.map((p) => p.category))).toEqual(new Set(DEMO_CATEGORIES));
    expect(demoProducts.filter((p) => p.quantity === 0).map((p) => p.name)).toEqual([
      'Cat6 Patch Cable 2 m (10-pack)',
      'MacBook Air 13 M3',
    ]);
    expect(demoProducts.filter((p) => 'filePath' in p.image)).toHaveLength(3);
    expect(outOfStockProduct.quantity).toBe(0);
    for (const item of [...demoProducts, ...demoOrders, ...manyProducts(30)]) {
      expect(idParamsSchema.safeParse({ id: item._id }).success).toBe(true);
    }
    const dates = demoProducts.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(demoOrders).toHaveLength(8);
  });

  it('manyProducts(n) makes n distinct products, newest first', () => {
    const many = manyProducts(23);
    expect(many).toHaveLength(23);
    expect(new Set(many.map((p) => p._id)).size).toBe(23);
    expect(new Set(many.map((p) => p.name)).size).toBe(23);
    expect(many[0]!.createdAt > many[22]!.createdAt).toBe(true);
    expect(many.some((p) => p.quantity === 0)).toBe(true);
  });

  it('resetMockDb() seeds the catalogue in the demo user’s store; { catalogue: false } leaves it empty', () => {
    expect(mockDb.products).toHaveLength(14);
    expect(mockDb.orders).toHaveLength(8);
    expect(mockDb.products.every((p) => p.storeId === demoStore._id)).toBe(true);
    resetMockDb({ catalogue: false });
    expect(mockDb.products).toEqual([]);
    expect(mockDb.users).toHaveLength(1);
  });
});

describe('catalogue story helpers', () => {
  it('signedIn() shows the demo catalogue and serves its fixture images to the demo user', async () => {
    signedIn()();
    const [status, list] = await getJson<Product[]>('/api/products');
    expect(status).toBe(200);
    expect(list).toEqual(demoProducts.map(answeredProduct));
    if (!('filePath' in productWithImage.image)) throw new Error('no image');
    // Answered absolute on the mock's PUBLIC_URL, like the server.
    expect(list.find((p) => p._id === productWithImage._id)?.image).toMatchObject({ filePath: `${mockDb.publicUrl}${productWithImage.image.filePath}` });
    const image = await fetch(`${base}${productWithImage.image.filePath}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await image.arrayBuffer()).byteLength).toBe(productWithImage.image.fileSize);
    expect((await fetch(`${base}/uploads/demo-monitor.jpg`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${base}/uploads/nothing.png`)).status).toBe(404);
  });

  it('withProducts(list), withoutProducts(), withOrders(list), withoutOrders()', async () => {
    withProducts(manyProducts(12))();
    expect((await getJson<Product[]>('/api/products'))[1]).toHaveLength(12);
    withoutProducts()();
    expect(await getJson('/api/products')).toEqual([200, []]);
    const orders = demoOrders.slice(0, 2);
    withOrders(orders)();
    // Seeded without a status, a product or a number, they answer as open, naming none, numbered in the order they were
    // made (newest first here) — as the server migrates them.
    expect(await getJson<Order[]>('/api/orders')).toEqual([
      200,
      orders.map((o, i) => ({ ...o, status: 'open', productId: null, number: orders.length - i })),
    ]);
    withoutOrders()();
    expect(await getJson('/api/orders')).toEqual([200, []]);
  });

  it('withProducts composes with signedIn(user): the list is that user’s, and their fixture images load', async () => {
    const cleanup = mockState(signedIn(otherUser), withProducts([productWithImage, makeProduct()]))();
    const [, me] = await getJson<{ email: string }>('/api/users/getuser');
    expect(me.email).toBe(otherUser.email);
    expect((await getJson<Product[]>('/api/products'))[1]).toHaveLength(2);
    if (!('filePath' in productWithImage.image)) throw new Error('no image');
    expect((await fetch(`${base}${productWithImage.image.filePath}`)).status).toBe(200);
    cleanup();
    expect(mockDb.defaultSession).toBeNull();
  });

  it('pending() on the product list', async () => {
    mockState(withProducts(), pending('/api/products', 'get'))({ msw: server });
    const controller = new AbortController();
    const outcome = await Promise.race([
      fetch(`${base}/api/products`, { signal: controller.signal }).then(
        () => 'answered',
        () => 'aborted',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 200)),
    ]);
    controller.abort();
    expect(outcome).toBe('pending');
  });
});

describe('lists a page at a time', () => {
  it('GET /api/products?limit= answers pages by the contract rule; summary and categories; 400 on a bad query', async () => {
    signedIn()();
    withProducts(manyProducts(12))();
    const [status, first] = await getJson<Page<Product>>('/api/products?limit=5&sort=price&dir=desc');
    expect(status).toBe(200);
    expect(first).toMatchObject({ total: 12, totalExact: true, prev: null });
    expect(first.items).toHaveLength(5);
    const prices = first.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const [, second] = await getJson<Page<Product>>(`/api/products?limit=5&sort=price&dir=desc&after=${first.next!}`);
    expect(second.items.map((p) => p._id)).not.toContain(first.items[0]!._id);
    const [, skipped] = await getJson<Page<Product>>(`/api/products?limit=5&sort=price&dir=desc&after=${first.next!}&skip=5`);
    expect(skipped.items).toHaveLength(2);
    expect(skipped.next).toBeNull();
    const [, back] = await getJson<Page<Product>>(`/api/products?limit=5&sort=price&dir=desc&before=${second.prev!}`);
    expect(back.items).toEqual(first.items);
    const [, none] = await getJson<Page<Product>>('/api/products?limit=5&q=zzzz-nothing');
    expect(none).toEqual({ items: [], total: 0, totalExact: true, next: null, prev: null });
    expect(await getJson('/api/products?limit=0')).toEqual([400, { message: MESSAGES.invalidListQuery }]);
    expect(await getJson('/api/products?limit=5&after=%%%')).toEqual([400, { message: expect.any(String) }]);

    const [, summary] = await getJson<CatalogueSummary>('/api/products/summary');
    expect(summary).toMatchObject({ totalProducts: 12, categories: expect.any(Number) });
    const [, categories] = await getJson<CategoryCount[]>('/api/products/categories');
    expect(categories.reduce((sum, c) => sum + c.products, 0)).toBe(12);
    expect(categories).toHaveLength(summary.categories);
  });

  it('GET /api/orders?limit=&status= pages and filters by status', async () => {
    signedIn()();
    withOrders(demoOrders)();
    const [, open] = await getJson<Page<Order>>('/api/orders?limit=5&status=open');
    expect(open.total).toBe(demoOrders.length);
    expect(open.items.every((o) => o.status === 'open')).toBe(true);
    const [, cancelled] = await getJson<Page<Order>>('/api/orders?limit=5&status=cancelled');
    expect(cancelled.total).toBe(0);
    expect(await getJson('/api/orders?limit=5&status=lost')).toEqual([400, { message: MESSAGES.invalidListQuery }]);
  });
});

describe('contact', () => {
  it('mails support with the user as reply-to', async () => {
    signedIn()();
    const response = await fetch(`${base}/api/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Scanner', message: 'The barcode scanner stopped working.' }),
    });
    expect(await response.json()).toEqual({ message: MESSAGES.contactSent });
    expect(contactMails()).toEqual([
      expect.objectContaining({ to: SUPPORT_EMAIL, replyTo: demoUser.email, subject: '[Contact] Scanner' }),
    ]);
    expect(mockDb.contactMessages).toEqual([expect.objectContaining({ userId: demoUser._id, subject: 'Scanner' })]);
  });
});

describe('sanitizeDescription', () => {
  it.each([
    ['<p><strong>b</strong></p><script>alert(1)</script>', '<p><strong>b</strong></p>'],
    ['<a href="javascript:alert(1)" onclick="x()">x</a>', '<a href="">x</a>'],
    ['<a href="JaVa&#x09;script:alert(1)">x</a>', '<a href="">x</a>'],
    ['<a href="mailto:a@example.com">m</a>', '<a href="mailto:a@example.com">m</a>'],
    ['<img src=x onerror=alert(1)>', ''],
    [
      '<p style="text-align:center;background:url(x)" class="ql-indent-2">c</p>',
      '<p style="text-align:center" class="ql-indent-2">c</p>',
    ],
    ['<div>text</div><iframe src="x">inner</iframe>', 'text'],
    ['a < b <svg><script>1</script></svg>', 'a &lt; b '],
    ['<p>line<br>break</p>', '<p>line<br/>break</p>'],
  ])('%s', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });
});
