import { MESSAGES, type Order, type OrderReturn, type Page, type Product, SALES_MESSAGES, type Shipment } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { formOf } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

/** Issue 27 on the server and the mocks alike: orders of lines, their SPEC row (0041), shipments and returns. */

const ORDERS = '/api/orders';

async function newProduct(client: ScenarioClient, name: string, quantity: number): Promise<Product> {
  const response = await client.postForm<Product>('/api/products', formOf({ name, category: 'Accessories', price: '10', quantity }));
  expect(response.status).toBe(201);
  return response.body;
}

const quantityOf = async (client: ScenarioClient, id: string) => (await client.get<Product>(`/api/products/${id}`)).body.quantity;

export const salesOrderScenarios: Scenario[] = [
  {
    name: 'orders of lines: placed all or nothing, naming each short line; one row of the total in the SPEC list',
    async run(client) {
      await register(client, 'sally');
      const laptop = await newProduct(client, 'Laptop', 2);
      const dock = await newProduct(client, 'USB-C dock', 1);
      const short = await client.post(ORDERS, { lines: [{ productId: laptop._id, quantity: 3, unitPrice: 1000 }, { productId: dock._id, quantity: 2, unitPrice: 150 }] });
      expectMessage(short, 409, 'Not enough stock. Line 1 (Laptop): 3 ordered, only 2 available. Line 2 (USB-C dock): 2 ordered, only 1 available.');
      expect(await quantityOf(client, laptop._id)).toBe(2);
      expectMessage(await client.post(ORDERS, { lines: [] }), 400, SALES_MESSAGES.linesRequired);

      const placed = await client.post<Order>(ORDERS, {
        lines: [
          { productId: laptop._id, quantity: 2, unitPrice: 1000, discountPercent: 12.5 },
          { productId: dock._id, quantity: 1, unitPrice: 150 },
          { description: 'Gift wrap', quantity: 1, unitPrice: 2.5 },
        ],
      });
      expect(placed.status).toBe(201);
      expect(placed.body).toMatchObject({ name: 'Laptop and 2 more', category: 'Accessories', price: 1902.5, quantity: 1, productId: null, status: 'open', salesStatus: 'open', total: 1902.5 });
      expect(placed.body.lines!.map((line) => [line.description, line.quantity, line.amount, line.discountPercent])).toEqual([
        ['Laptop', 2, 1750, 12.5],
        ['USB-C dock', 1, 150, 0],
        ['Gift wrap', 1, 2.5, 0],
      ]);
      expect([await quantityOf(client, laptop._id), await quantityOf(client, dock._id)]).toEqual([0, 0]);
      const list = await client.get<Order[]>(ORDERS);
      expect(list.body.map((order) => [order.name, order.price, order.quantity, 'lines' in order])).toEqual([['Laptop and 2 more', 1902.5, 1, false]]);
      const one = await client.get<Order>(`${ORDERS}/${placed.body._id}`);
      expect(one.body).toEqual(placed.body);
    },
  },
  {
    name: 'orders of lines: an edit moves the difference; SPEC fields changed are refused; cancelled, the stock comes back',
    async run(client) {
      await register(client, 'edith');
      const cable = await newProduct(client, 'Cable', 10);
      const order = (await client.post<Order>(ORDERS, { lines: [{ productId: cable._id, quantity: 4, unitPrice: 5 }, { description: 'Fitting', quantity: 1, unitPrice: 20 }] })).body;
      const [line, fitting] = order.lines!;
      const url = `${ORDERS}/${order._id}`;
      const edited = await client.patch<Order>(url, { lines: [{ lineId: line!._id, productId: cable._id, quantity: 6, unitPrice: 5 }, { lineId: fitting!._id, description: 'Fitting', quantity: 1, unitPrice: 20 }] });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Cable and 1 more', price: 50, quantity: 1 });
      expect(await quantityOf(client, cable._id)).toBe(4);
      const { name, category, price, quantity } = edited.body;
      expectMessage(await client.patch(url, { name: 'Other', category, price, quantity }), 409, SALES_MESSAGES.orderHasLines('name'));
      const cancelled = await client.patch<Order>(url, { name, category, price, quantity, status: 'cancelled' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', salesStatus: 'cancelled' });
      expect(await quantityOf(client, cable._id)).toBe(10);
      expect((await client.delete(url)).status).toBe(200);
      expectMessage(await client.get(url), 404, MESSAGES.orderNotFound);
    },
  },
  {
    name: 'shipments and returns: in parts, never more than ordered or shipped; restocked parts come back; a packing slip',
    async run(client) {
      await register(client, 'shipley');
      const dock = await newProduct(client, 'Dock', 10);
      const order = (await client.post<Order>(ORDERS, { lines: [{ productId: dock._id, quantity: 4, unitPrice: 150 }] })).body;
      const lineId = order.lines![0]!._id;
      const url = `${ORDERS}/${order._id}`;
      expectMessage(await client.post(`${url}/shipments`, { lines: [{ lineId, quantity: 5 }] }), 409, SALES_MESSAGES.shipmentExceeds('Line 1 (Dock)', 5, 4));
      expectMessage(await client.post(`${url}/returns`, { lines: [{ lineId, quantity: 1, reason: 'other' }] }), 409, SALES_MESSAGES.returnExceeds('Line 1 (Dock)', 1, 0));
      const first = await client.post<Shipment>(`${url}/shipments`, { lines: [{ lineId, quantity: 3 }], date: '2026-11-28', carrier: 'UPS', trackingNumber: '1Z999' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ orderId: order._id, date: '2026-11-28', carrier: 'UPS', trackingNumber: '1Z999', lines: [{ lineId, quantity: 3 }] });
      expect((await client.get<Order>(url)).body).toMatchObject({ salesStatus: 'partly_shipped', status: 'open' });
      expect((await client.post(`${url}/shipments`, { lines: [{ lineId, quantity: 1 }] })).status).toBe(201);
      expect((await client.get<Order>(url)).body).toMatchObject({ salesStatus: 'shipped', status: 'fulfilled' });
      expect((await client.get<Shipment[]>(`${url}/shipments`)).body.map((s) => s.lines[0]!.quantity)).toEqual([3, 1]);
      const slip = await client.get<string>(`${url}/shipments/${first.body._id}/packing-slip`);
      expect(slip.status).toBe(200);
      expect(slip.headers.get('content-type')).toContain('text/html');
      expect(slip.body).toContain('Dock');

      expect(await quantityOf(client, dock._id)).toBe(6);
      const taken = await client.post<OrderReturn>(`${url}/returns`, { lines: [{ lineId, quantity: 1, reason: 'not_wanted' }, { lineId, quantity: 1, reason: 'damaged' }] });
      expect(taken.status).toBe(201);
      expect(taken.body.lines).toEqual([
        { lineId, quantity: 1, reason: 'not_wanted', restock: true },
        { lineId, quantity: 1, reason: 'damaged', restock: false },
      ]);
      expect(await quantityOf(client, dock._id)).toBe(7);
      expect((await client.get<OrderReturn[]>(`${url}/returns`)).body).toHaveLength(1);
      expectMessage(await client.post(`${url}/returns`, { lines: [{ lineId, quantity: 3, reason: 'other' }] }), 409, SALES_MESSAGES.returnExceeds('Line 1 (Dock)', 3, 2));
      expectMessage(await client.delete(url), 409, SALES_MESSAGES.orderNotDeletable('shipped'));
    },
  },
  {
    name: "orders of lines: a page shows each one's sales status; the removal preview counts the orders whose lines name a product",
    async run(client) {
      await register(client, 'sam');
      const dock = await newProduct(client, 'Dock', 5);
      const placed = await client.post<Order>(ORDERS, { lines: [{ productId: dock._id, quantity: 2, unitPrice: 10 }, { description: 'Setup', quantity: 1, unitPrice: 5 }] });
      expect(placed.status).toBe(201);
      await client.post(ORDERS, { name: 'Cable', category: 'Misc', price: 1, quantity: 1 });
      const lines = placed.body.lines!;
      expect((await client.post(`${ORDERS}/${placed.body._id}/shipments`, { lines: [{ lineId: lines[0]!._id, quantity: 1 }] })).status).toBe(201);
      const page = (await client.get<Page<Order>>(`${ORDERS}?limit=5`)).body;
      const statusOf = (name: string) => page.items.find((item) => item.name === name);
      expect(statusOf('Dock and 1 more')).toMatchObject({ salesStatus: 'partly_shipped' });
      expect(statusOf('Cable')).not.toHaveProperty('salesStatus');
      expect((await client.get(`/api/products/${dock._id}/removal`)).body).toMatchObject({ outcome: 'archive', orders: 1 });
    },
  },
];
