import { type Customer, MESSAGES, type Order, type Page } from '@inventory/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { twoServersWithOwner } from './support/two-servers';
import { api, type ServerProcess } from './support/processes';

/**
 * Deleting a customer while orders are placed for them, through two server processes on one database
 * (docs/decisions/0035-customers.md): each order either commits before the deletion decides (which then archives the
 * customer) or finds the customer deleted (404) or archived (409). Never an order naming a deleted customer, never a
 * 5xx.
 */
describe.each(databases)('customers deleted while orders are placed for them, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'race');

  it('either refuses the order or archives the customer, for every customer, with no 5xx', async () => {
    const customers: Customer[] = [];
    for (let i = 0; i < 24; i += 1) {
      const made = await api(servers.a.url, 'POST', '/api/customers', servers.token, { name: `Racer ${i}`, email: `racer${i}@example.com` });
      expect(made.status).toBe(201);
      customers.push((await made.json()) as Customer);
    }
    const order = (server: ServerProcess, customer: Customer) =>
      api(server.url, 'POST', '/api/orders', servers.token, { name: 'Dock', category: 'Docks', price: 25, quantity: 1, customerId: customer._id });
    const attempts = await Promise.all(
      customers.map(async (customer, i) => {
        // Orders through both processes around one deletion, in an order that differs from customer to customer.
        const [first, second] = i % 2 ? [servers.a, servers.b] : [servers.b, servers.a];
        // The deletion and the orders each a little later for some customers than for others, so the deletion loses
        // the race to an order about as often as it wins it.
        const later = <T>(ms: number, call: () => Promise<T>) => sleep(ms).then(call);
        const calls = [
          later(((i + 3) % 6) * 4, () => order(first, customer)),
          later((i % 6) * 4, () => api(second.url, 'DELETE', `/api/customers/${customer._id}`, servers.token)),
          later(((i + 3) % 6) * 4 + 2, () => order(second, customer)),
          later(((i + 3) % 6) * 4 + 4, () => order(first, customer)),
        ];
        const answers = await Promise.all(calls.map(async (call) => {
          const response = await call;
          return { status: response.status, body: (await response.json()) as { message: string; outcome?: string; customerId?: string } };
        }));
        return { customer, orders: [answers[0]!, answers[2]!, answers[3]!], removal: answers[1]! };
      }),
    );
    const failures: string[] = [];
    for (const { customer, orders, removal } of attempts) {
      const label = customer.name;
      for (const answer of [...orders, removal]) if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.body.message}`);
      if (removal.status !== 200) {
        failures.push(`${label}: delete answered ${removal.status} ${removal.body.message}`);
        continue;
      }
      const placed = orders.filter((answer) => answer.status === 201);
      const refused = orders.filter((answer) => answer.status !== 201);
      for (const answer of refused) {
        const allowed = [MESSAGES.customerNotFound, MESSAGES.customerArchivedNoOrders(customer.name)];
        if (!allowed.includes(answer.body.message)) failures.push(`${label}: order refused with ${answer.status} ${answer.body.message}`);
      }
      const found = await api(servers.b.url, 'GET', `/api/customers/${customer._id}`, servers.token);
      if (removal.body.outcome === 'deleted') {
        if (placed.length > 0) failures.push(`${label}: deleted, yet ${placed.length} order(s) were placed for them`);
        if (found.status !== 404) failures.push(`${label}: deleted, yet still answered (${found.status})`);
      } else {
        if (placed.length === 0) failures.push(`${label}: archived without an order`);
        const body = (await found.json()) as Customer;
        if (found.status !== 200 || body.archivedAt === null) failures.push(`${label}: archived, yet answered ${found.status} ${JSON.stringify(body)}`);
        const theirs = (await (await api(servers.a.url, 'GET', `/api/customers/${customer._id}/orders?limit=10`, servers.token)).json()) as Page<Order>;
        if (theirs.total !== placed.length) failures.push(`${label}: ${placed.length} placed, ${theirs.total} listed`);
      }
    }
    expect(failures).toEqual([]);
    // Both outcomes happened, so the race was run both ways.
    const outcomes = new Set(attempts.map((attempt) => attempt.removal.body.outcome));
    expect([...outcomes].sort(), JSON.stringify(attempts.map((attempt) => attempt.removal.body.outcome))).toEqual(['archived', 'deleted']);
    // Every order of the store names a customer who exists.
    const orders = (await (await api(servers.a.url, 'GET', '/api/orders', servers.token)).json()) as Order[];
    for (const order of orders) expect((await api(servers.b.url, 'GET', `/api/customers/${order.customerId}`, servers.token)).status).toBe(200);
  }, 120_000);
});
