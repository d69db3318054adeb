import type { Invoice, Order, OrderInvoicing } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { databases } from './support/databases';
import { api, type ServerProcess } from './support/processes';
import { twoServersWithOwner } from './support/two-servers';

/**
 * Invoices made from orders (docs/decisions/0044-invoices-from-orders.md) through two server processes on one database:
 * the order's lines copied, what has shipped invoiced as it ships, drafts counted so two never bill the same units
 * (two at once: one wins), a deleted draft freeing them, a credit note freeing nothing.
 */
describe.each(databases)('invoices from orders, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'bill');
  const server = (i: number): ServerProcess => (i % 2 ? servers.a : servers.b);
  const call = async <T>(via: ServerProcess, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await api(via.url, method, path, servers.token, body, headers);
    return { status: response.status, body: (await response.json()) as T & { message: string }, etag: response.headers.get('etag') };
  };
  const invoicing = async (orderId: string) => (await call<OrderInvoicing>(servers.b, 'GET', `/api/orders/${orderId}/invoicing`)).body;

  it('invoices what shipped as it ships, copying the lines; drafts count, a deleted draft frees its units, a credit note frees none', async () => {
    const rate = (await call<{ _id: string }>(servers.a, 'POST', '/api/tax-rates', { name: 'Standard', percent: 23, isDefault: true })).body._id;
    const customer = (await call<{ _id: string }>(servers.a, 'POST', '/api/customers', { name: 'Grace Hopper', email: 'grace@example.com' })).body._id;
    const placed = await call<Order>(servers.a, 'POST', '/api/orders', {
      customerId: customer,
      lines: [
        { description: 'USB-C dock', quantity: 3, unitPrice: 55.55, discountPercent: 10, taxRateId: rate },
        { description: 'Setup service', quantity: 1, unitPrice: 11.11, taxRateId: null },
      ],
    });
    expect(placed.status).toBe(201);
    const order = placed.body;
    const [dock, setup] = order.lines!;
    // Nothing has shipped: nothing to invoice on that basis.
    expect(await call(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'shipped' })).toMatchObject({ status: 409, body: { message: 'Nothing shipped on this order is left to invoice (drafts included)' } });

    expect((await call(servers.a, 'POST', `/api/orders/${order._id}/shipments`, { lines: [{ lineId: dock!._id, quantity: 2 }] })).status).toBe(201);
    const first = await call<Invoice>(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'shipped' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'draft', sourceOrderId: order._id, customer: { _id: customer, name: 'Grace Hopper' } });
    expect(first.body.lines).toMatchObject([{ description: 'USB-C dock', quantity: 2, unitPrice: 55.55, discountPercent: 10, taxRateId: rate, taxRate: { name: 'Standard', percent: 23 } }]);
    // The draft's lines follow the order; its notes may change.
    expect((await call(servers.a, 'PATCH', `/api/invoices/${first.body._id}`, { lines: [{ description: 'x', quantity: 9, unitPrice: 1 }] }, { 'if-match': first.etag! })).status).toBe(409);
    const noted = await call<Invoice>(servers.a, 'PATCH', `/api/invoices/${first.body._id}`, { notes: 'Part one' }, { 'if-match': first.etag! });
    expect(noted.status).toBe(200);
    expect((await call(servers.a, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'shipped' })).status).toBe(409);

    // Issued, it still bills its units; the rest ships and is invoiced: the dock's last unit and the service.
    const issued = await call<Invoice>(servers.a, 'POST', `/api/invoices/${first.body._id}/issue`, undefined, { 'if-match': noted.etag! });
    expect(issued.status).toBe(200);
    expect((await call(servers.a, 'POST', `/api/orders/${order._id}/shipments`, { lines: [{ lineId: dock!._id, quantity: 1 }, { lineId: setup!._id, quantity: 1 }] })).status).toBe(201);
    const second = await call<Invoice>(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'shipped' });
    expect(second.body.lines.map((line) => [line.description, line.quantity, line.taxRateId])).toEqual([['USB-C dock', 1, rate], ['Setup service', 1, null]]);
    expect(await invoicing(order._id)).toMatchObject({
      lines: [
        { lineId: dock!._id, ordered: 3, shipped: 3, invoiced: 3, toInvoiceAll: 0, toInvoiceShipped: 0 },
        { lineId: setup!._id, ordered: 1, shipped: 1, invoiced: 1, toInvoiceAll: 0, toInvoiceShipped: 0 },
      ],
      invoices: [{ _id: first.body._id, status: 'issued' }, { _id: second.body._id, status: 'draft', number: null }],
    });
    expect((await call(servers.a, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'all' })).body.message).toBe('Everything on this order is already invoiced (drafts included)');

    // A deleted draft frees its units; a credit note of the issued one frees none.
    expect((await call(servers.a, 'DELETE', `/api/invoices/${second.body._id}`, undefined, { 'if-match': second.etag! })).status).toBe(200);
    expect((await call(servers.b, 'POST', `/api/invoices/${first.body._id}/credit-notes`, { lines: [{ line: 1, quantity: 1 }] })).status).toBe(201);
    const again = await call<Invoice>(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'all' });
    expect(again.body.lines.map((line) => [line.description, line.quantity])).toEqual([['USB-C dock', 1], ['Setup service', 1]]);
  }, 60_000);

  it('an order without a customer: 409 unless the request names one', async () => {
    const customer = (await call<{ _id: string }>(servers.a, 'POST', '/api/customers', { name: 'Ada', email: 'ada@example.com' })).body._id;
    const order = (await call<Order>(servers.a, 'POST', '/api/orders', { lines: [{ description: 'Cable', quantity: 2, unitPrice: 4 }] })).body;
    expect(await call(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'all' })).toMatchObject({ status: 409, body: { message: 'This order has no customer: choose the customer to invoice' } });
    expect((await call(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'everything' })).status).toBe(400);
    const made = await call<Invoice>(servers.b, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'all', customerId: customer });
    expect(made).toMatchObject({ status: 201, body: { customer: { _id: customer }, lines: [{ quantity: 2, unitPrice: 4 }] } });
  }, 30_000);

  it('two drafts of the same shipped lines at once through two processes: one wins, the other is refused', async () => {
    const customer = (await call<{ _id: string }>(servers.a, 'POST', '/api/customers', { name: 'Race Co', email: 'race@example.com' })).body._id;
    const orders = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const order = (await call<Order>(server(i), 'POST', '/api/orders', { customerId: customer, lines: [{ description: 'A', quantity: 4, unitPrice: 3 }, { description: 'B', quantity: 2, unitPrice: 5 }] })).body;
        expect((await call(server(i), 'POST', `/api/orders/${order._id}/shipments`, { lines: [{ lineId: order.lines![0]!._id, quantity: 3 }, { lineId: order.lines![1]!._id, quantity: 2 }] })).status).toBe(201);
        return order;
      }),
    );
    const pairs = await Promise.all(
      orders.map((order) => Promise.all([servers.a, servers.b].map((via) => call<Invoice>(via, 'POST', `/api/orders/${order._id}/invoices`, { basis: 'shipped' })))),
    );
    for (const pair of pairs) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(pair.find((answer) => answer.status === 201)!.body.lines.map((line) => line.quantity)).toEqual([3, 2]);
    }
    for (const order of orders) expect((await invoicing(order._id)).lines.map((line) => line.invoiced)).toEqual([3, 2]);
  }, 60_000);
});
