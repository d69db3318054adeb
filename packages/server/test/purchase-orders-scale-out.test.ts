import type { Product, PurchaseOrder, Supplier } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db';
import { PRODUCT_FIELDS } from './support/catalogue';
import { databases } from './support/databases';
import { api, cookie, type ServerProcess } from './support/processes';
import { twoServersWithOwner } from './support/two-servers';

/**
 * Issue 28's rules across two server processes on one database (docs/decisions/0042): purchase-order numbers
 * consecutive and unique under 200 parallel creates, and two receipts of one line at once never receiving more than
 * was ordered (the receipt rule runs again under the order's lock when it commits).
 */
describe.each(databases)('purchase orders, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'buy.race');
  const json = async <T>(response: Response) => (await response.json()) as T;
  const server = (i: number): ServerProcess => (i % 2 ? servers.a : servers.b);

  async function setUp(): Promise<{ supplier: Supplier; product: Product }> {
    const supplier = await json<Supplier>(await api(servers.a.url, 'POST', '/api/suppliers', servers.token, { name: `Race Supplier ${Date.now()}` }));
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...PRODUCT_FIELDS, name: 'Raced Dock', quantity: '0' })) body.append(name, value);
    const product = await json<Product>(await fetch(`${servers.a.url}/api/products`, { method: 'POST', headers: cookie(servers.token), body }));
    return { supplier, product };
  }

  it('numbers 200 purchase orders created at once through both processes 1 to 200, each once', async () => {
    const { supplier, product } = await setUp();
    const created = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const response = await api(server(i).url, 'POST', '/api/purchase-orders', servers.token, { supplierId: supplier._id, lines: [{ productId: product._id, quantity: 1, unitCost: 1 }] });
        expect(response.status, await response.clone().text()).toBe(201);
        return json<PurchaseOrder>(response);
      }),
    );
    expect(created.map((order) => order.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 60_000);

  it('numbers the drafts of "Order these" and single creates at once through both processes consecutively, each once', async () => {
    const { supplier, product } = await setUp();
    const other = await json<Supplier>(await api(servers.b.url, 'POST', '/api/suppliers', servers.token, { name: `Race Supplier B ${Date.now()}` }));
    const low = await Promise.all(
      [supplier, other].map(async (preferred, i) => {
        const body = new FormData();
        for (const [name, value] of Object.entries({ ...PRODUCT_FIELDS, name: `Low Dock ${i}`, quantity: '1', reorderPoint: '5' })) body.append(name, value);
        const made = await json<Product>(await fetch(`${servers.a.url}/api/products`, { method: 'POST', headers: cookie(servers.token), body }));
        const linked = await api(servers.a.url, 'POST', `/api/products/${made._id}/suppliers`, servers.token, { supplierId: preferred._id, packSize: 1, preferred: true });
        expect(linked.status, await linked.clone().text()).toBe(201);
        return made;
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response =
          i % 3 === 0
            ? await api(server(i).url, 'POST', '/api/purchase-orders/suggestions', servers.token, { productIds: low.map((made) => made._id) })
            : await api(server(i).url, 'POST', '/api/purchase-orders', servers.token, { supplierId: supplier._id, lines: [{ productId: product._id, quantity: 1, unitCost: 1 }] });
        expect(response.status, await response.clone().text()).toBe(201);
        const answer = await json<PurchaseOrder | { created: PurchaseOrder[] }>(response);
        return 'created' in answer ? answer.created.map((order) => order.number) : [answer.number];
      }),
    );
    // Each "Order these" has its two drafts numbered one after the other; all 40 numbers follow on, each once.
    for (const numbers of answers.filter((numbers) => numbers.length > 1)) expect(numbers).toEqual([numbers[0], numbers[0]! + 1]);
    const all = answers.flat().sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => all[0]! + i));
  }, 60_000);

  it('never receives more than ordered when receipts of one line come at once through both processes', async () => {
    const { supplier, product } = await setUp();
    const draft = await json<PurchaseOrder>(await api(servers.a.url, 'POST', '/api/purchase-orders', servers.token, { supplierId: supplier._id, lines: [{ productId: product._id, quantity: 10, unitCost: 2 }] }));
    expect((await api(servers.b.url, 'POST', `/api/purchase-orders/${draft._id}/status`, servers.token, { status: 'ordered' })).status).toBe(200);
    const lineId = draft.lines![0]!._id;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api(server(i).url, 'POST', `/api/purchase-orders/${draft._id}/receipts`, servers.token, { lines: [{ lineId, quantity: 3 }] })),
    );
    const statuses = answers.map((response) => response.status).sort();
    // 3 + 3 + 3 = 9 of 10; every other receipt is refused with what is outstanding then.
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    const refusals = await Promise.all(answers.filter((response) => response.status === 409).map((response) => json<{ message: string }>(response)));
    for (const { message } of refusals) expect(message).toBe('Line 1 (Raced Dock): only 1 outstanding, not 3.');

    const order = await json<PurchaseOrder>(await api(servers.a.url, 'GET', `/api/purchase-orders/${draft._id}`, servers.token));
    expect(order).toMatchObject({ status: 'partly_received', lines: [expect.objectContaining({ received: 9, outstanding: 1 })] });
    const after = await json<Product & { onOrder: { quantity: number } }>(await api(servers.b.url, 'GET', `/api/products/${product._id}`, servers.token));
    expect(after).toMatchObject({ quantity: 9, cost: 2, onOrder: { quantity: 1 } });
    const db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...servers.database.env }).database);
    try {
      expect(await findStockMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
