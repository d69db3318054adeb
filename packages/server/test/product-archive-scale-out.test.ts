import { activeProducts, type CatalogueSummary, catalogueSummary, MESSAGES, type Order, type Product, type ProductBulkResult } from '@inventory/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { twoServersWithOwner } from './support/two-servers';
import { api, cookie, type ServerProcess } from './support/processes';

/**
 * Bulk archives racing orders for the same products through two server processes on one database
 * (docs/decisions/0033-archived-products-and-bulk-actions.md): the bulk action locks its products in id order before
 * it reads their histories, as every order locks its product; so each order either committed first (its product is
 * then archived) or finds it archived (409) or deleted (400). Never a 5xx, never an order of a deleted product, and
 * every quantity is its opening stock less the orders placed.
 */
describe.each(databases)('bulk archives while orders are placed, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'bulk');

  it('archives or deletes each product by the orders that won the race, with no 5xx and the stock adding up', async () => {
    const products: Product[] = [];
    const form = (i: number) => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ name: `Racer ${i}`, category: i % 2 ? 'Docks' : 'Cables', price: '10', quantity: '50' })) body.append(key, value);
      return body;
    };
    for (let i = 0; i < 24; i += 1) {
      const made = await fetch(`${servers.a.url}/api/products`, { method: 'POST', body: form(i), headers: cookie(servers.token) });
      expect(made.status).toBe(201);
      products.push((await made.json()) as Product);
    }
    const order = (server: ServerProcess, product: Product) =>
      api(server.url, 'POST', '/api/orders', servers.token, { name: product.name, category: product.category, price: 10, quantity: 2, productId: product._id });
    const later = <T>(ms: number, call: () => Promise<T>) => sleep(ms).then(call);
    const read = async (response: Response) => ({ status: response.status, body: (await response.json()) as { message: string } & Partial<ProductBulkResult> });

    // Four bulk archives of six products each, two through each process, staggered among the orders.
    const groups = [0, 1, 2, 3].map((g) => products.filter((_, i) => i % 4 === g));
    const bulks = groups.map((group, g) =>
      later(g * 6, () => api((g % 2 ? servers.a : servers.b).url, 'POST', '/api/products/bulk', servers.token, { action: 'archive', ids: group.map((p) => p._id) })).then(read),
    );
    const orders = products.flatMap((product, i) => [
      later(((i + 2) % 8) * 3, () => order(i % 2 ? servers.a : servers.b, product)).then(read).then((answer) => ({ product, answer })),
      later(((i + 5) % 8) * 3, () => order(i % 2 ? servers.b : servers.a, product)).then(read).then((answer) => ({ product, answer })),
    ]);
    const [bulkAnswers, orderAnswers] = await Promise.all([Promise.all(bulks), Promise.all(orders)]);

    const failures: string[] = [];
    for (const answer of [...bulkAnswers, ...orderAnswers.map((o) => o.answer)]) if (answer.status >= 500) failures.push(`${answer.status} ${answer.body.message}`);
    for (const answer of bulkAnswers) if (answer.status !== 200) failures.push(`bulk answered ${answer.status} ${answer.body.message}`);
    const deleted = new Set(bulkAnswers.flatMap((answer) => answer.body.deleted ?? []));
    const archived = new Set(bulkAnswers.flatMap((answer) => answer.body.archived ?? []));
    for (const product of products) {
      const placed = orderAnswers.filter((o) => o.product === product && o.answer.status === 201);
      for (const { answer } of orderAnswers.filter((o) => o.product === product && o.answer.status !== 201)) {
        const allowed = [MESSAGES.orderProductGone, MESSAGES.productArchivedNoOrders(product.name)];
        if (!allowed.includes(answer.body.message)) failures.push(`${product.name}: order refused with ${answer.status} ${answer.body.message}`);
      }
      const found = await api(servers.b.url, 'GET', `/api/products/${product._id}`, servers.token);
      if (deleted.has(product._id)) {
        if (placed.length > 0) failures.push(`${product.name}: deleted, yet ${placed.length} order(s) were placed`);
        if (found.status !== 404) failures.push(`${product.name}: deleted, yet answered ${found.status}`);
      } else if (archived.has(product._id)) {
        if (placed.length === 0) failures.push(`${product.name}: archived without an order`);
        const body = (await found.json()) as Product;
        if (!body.archivedAt) failures.push(`${product.name}: archived, yet answered without archivedAt`);
        if (body.quantity !== 50 - 2 * placed.length) failures.push(`${product.name}: ${placed.length} orders placed, ${body.quantity} left`);
      } else failures.push(`${product.name}: neither archived nor deleted`);
    }
    expect(failures).toEqual([]);
    // Both outcomes happened: the race was run both ways.
    expect(deleted.size).toBeGreaterThan(0);
    expect(archived.size).toBeGreaterThan(0);
    // Every order names a product that exists; the figures count none of the archived ones.
    const all = (await (await api(servers.a.url, 'GET', '/api/orders', servers.token)).json()) as Order[];
    for (const placed of all) expect((await api(servers.b.url, 'GET', `/api/products/${placed.productId}`, servers.token)).status).toBe(200);
    const active = (await (await api(servers.a.url, 'GET', '/api/products', servers.token)).json()) as Product[];
    expect(activeProducts(active)).toEqual([]);
    const summary = (await (await api(servers.b.url, 'GET', '/api/products/summary', servers.token)).json()) as CatalogueSummary;
    expect(summary).toEqual(catalogueSummary([]));
  }, 120_000);
});
