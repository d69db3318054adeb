import type { MovementPage, Order, Product } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { api, cookie, type ServerProcess } from './support/processes';
import { twoServersWithOwner } from './support/two-servers';

/**
 * Issue 27's rules across two server processes on one database: baskets placed all or nothing with no product below
 * zero and the ledger adding up; two shipments (or returns) of one line at once never exceed it; order numbers
 * distinct and consecutive. Kept small enough to run in a few seconds on each database.
 */
describe.each(databases)('orders of lines at once, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'sell');
  const server = (i: number): ServerProcess => (i % 2 ? servers.a : servers.b);
  const read = async (response: Response) => ({ status: response.status, body: (await response.json()) as Order & { message: string } });

  const newProduct = async (i: number, quantity: number) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ name: `Item ${i}`, category: 'Parts', price: '10', quantity: String(quantity) })) body.append(key, value);
    const made = await fetch(`${servers.a.url}/api/products`, { method: 'POST', body, headers: cookie(servers.token) });
    expect(made.status).toBe(201);
    return (await made.json()) as Product;
  };
  const quantityOf = async (id: string) => ((await (await api(servers.b.url, 'GET', `/api/products/${id}`, servers.token)).json()) as Product).quantity;

  it('200 baskets of 1–5 lines over 20 scarce products: each all or nothing, none below zero, the ledger adds up, no 5xx', async () => {
    const products = await Promise.all(Array.from({ length: 20 }, (_, i) => newProduct(i, 3 + (i % 5))));
    // A fixed pseudo-random basket per buyer: 1–5 lines, a product possibly twice, 1–3 of each.
    let seed = 27;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const baskets = Array.from({ length: 200 }, () =>
      Array.from({ length: 1 + next(5) }, () => ({ productId: products[next(20)]!._id, quantity: 1 + next(3), unitPrice: 10 })),
    );
    const answers = await Promise.all(baskets.map(async (lines, i) => read(await api(server(i).url, 'POST', '/api/orders', servers.token, { lines }))));

    const failures = answers.filter((answer) => answer.status !== 201 && !(answer.status === 409 && answer.body.message.startsWith('Not enough stock.')));
    expect(failures.map((answer) => `${answer.status} ${answer.body.message}`)).toEqual([]);
    const placed = answers.flatMap((answer, i) => (answer.status === 201 ? [{ order: answer.body, lines: baskets[i]! }] : []));
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(200);

    await Promise.all(
      products.map(async (product, index) => {
        const taken = placed.reduce((sum, { lines }) => sum + lines.filter((line) => line.productId === product._id).reduce((s, line) => s + line.quantity, 0), 0);
        const now = await quantityOf(product._id);
        expect(now, product.name).toBeGreaterThanOrEqual(0);
        expect(now, product.name).toBe(3 + (index % 5) - taken);
        const page = (await (await api(servers.a.url, 'GET', `/api/products/${product._id}/movements?limit=100`, servers.token)).json()) as MovementPage;
        expect(page.items.reduce((sum, movement) => sum + movement.change, 0), `${product.name}'s ledger`).toBe(now);
      }),
    );
    // Every placed order holds all of its lines.
    for (const { order, lines } of placed.slice(0, 20)) expect(order.lines!.map((line) => line.quantity)).toEqual(lines.map((line) => line.quantity));
  }, 60_000);

  it('two shipments, and two returns, of one line at once: one passes, the other is refused, never more than the line', async () => {
    const product = await newProduct(100, 100);
    const orders = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => (await read(await api(server(i).url, 'POST', '/api/orders', servers.token, { lines: [{ productId: product._id, quantity: 5, unitPrice: 10 }] }))).body),
    );
    const twice = (order: Order, path: string, body: unknown) =>
      Promise.all([servers.a, servers.b].map(async (via) => (await api(via.url, 'POST', `/api/orders/${order._id}/${path}`, servers.token, body)).status));
    const shipments = await Promise.all(orders.map((order) => twice(order, 'shipments', { lines: [{ lineId: order.lines![0]!._id, quantity: 3 }] })));
    for (const statuses of shipments) expect(statuses.sort()).toEqual([201, 409]);
    // Ship the rest (2), then two returns of 3 at once of the 5 shipped.
    const rest = await Promise.all(orders.map(async (order, i) => (await api(server(i).url, 'POST', `/api/orders/${order._id}/shipments`, servers.token, { lines: [{ lineId: order.lines![0]!._id, quantity: 2 }] })).status));
    expect(rest).toEqual(orders.map(() => 201));
    const returns = await Promise.all(orders.map((order) => twice(order, 'returns', { lines: [{ lineId: order.lines![0]!._id, quantity: 3, reason: 'not_wanted' }] })));
    for (const statuses of returns) expect(statuses.sort()).toEqual([201, 409]);
    const lines = await Promise.all(orders.map(async (order) => ((await (await api(servers.b.url, 'GET', `/api/orders/${order._id}`, servers.token)).json()) as Order).lines![0]!));
    for (const line of lines) expect([line.shipped, line.returned]).toEqual([5, 3]);
    // 8 orders took 5 each; 8 returns put 3 each back.
    expect(await quantityOf(product._id)).toBe(100 - 40 + 24);
  }, 60_000);

  it('an edit below what ships and the shipment at once: one of them wins, never more shipped than ordered', async () => {
    const product = await newProduct(200, 60);
    const orders = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => (await read(await api(server(i).url, 'POST', '/api/orders', servers.token, { lines: [{ productId: product._id, quantity: 5, unitPrice: 10 }] }))).body),
    );
    const outcomes = await Promise.all(
      orders.map(async (order, i) => {
        const lineId = order.lines![0]!._id;
        const [edit, ship] = await Promise.all([
          api(server(i).url, 'PATCH', `/api/orders/${order._id}`, servers.token, { lines: [{ lineId, productId: product._id, quantity: 2, unitPrice: 10 }] }),
          api(server(i + 1).url, 'POST', `/api/orders/${order._id}/shipments`, servers.token, { lines: [{ lineId, quantity: 4 }] }),
        ]);
        return [edit.status, ship.status];
      }),
    );
    for (const outcome of outcomes) expect([[200, 409], [409, 201]]).toContainEqual(outcome);
    const lines = await Promise.all(orders.map(async (order) => ((await (await api(servers.a.url, 'GET', `/api/orders/${order._id}`, servers.token)).json()) as Order).lines![0]!));
    for (const line of lines) expect(line.shipped).toBeLessThanOrEqual(line.quantity);
    // What the orders hold: 2 for each edited one, 5 for each shipped one.
    const held = outcomes.reduce((sum, [edit]) => sum + (edit === 200 ? 2 : 5), 0);
    expect(await quantityOf(product._id)).toBe(60 - held);
  }, 60_000);

  it('200 orders at once across two processes get 200 distinct, consecutive numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => read(await api(server(i).url, 'POST', '/api/orders', servers.token, { lines: [{ description: `Service ${i}`, quantity: 1, unitPrice: 1 }] }))),
    );
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.body.message}`)).toEqual([]);
    const numbers = answers.map((answer) => answer.body.number!).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers[199]! - numbers[0]!).toBe(199);
  }, 60_000);
});
