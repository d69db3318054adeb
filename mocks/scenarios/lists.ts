import {
  MESSAGES,
  catalogueSummary,
  categoryCounts,
  type CatalogueSummary,
  type CategoryCount,
  type Order,
  type Page,
  type Product,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { formOf } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const PRODUCTS = '/api/products';
const ORDERS = '/api/orders';

const catalogue = [
  { name: 'Alpha Dock', category: 'Docks', price: '120.10', quantity: 4, reorderPoint: 5 },
  { name: 'beta cable', category: 'Cables', price: '0.10', quantity: 0, reorderPoint: '' },
  { name: 'Gamma Hub', category: 'Hubs', price: '19.99', quantity: 7, reorderPoint: 2 },
  { name: 'Delta Dock', category: 'Docks', price: '80', quantity: 2, reorderPoint: 2 },
  { name: 'Epsilon Cable', category: 'Cables', price: '3.33', quantity: 3, reorderPoint: '' },
];

async function seed(client: ScenarioClient): Promise<Product[]> {
  const made: Product[] = [];
  for (const fields of catalogue) {
    const response = await client.postForm<Product>(PRODUCTS, formOf(fields));
    expect(response.status).toBe(201);
    made.push(response.body);
  }
  return made;
}

async function pageOf<T>(client: ScenarioClient, path: string, query: string): Promise<Page<T>> {
  const response = await client.get<Page<T>>(`${path}?${query}`);
  expect({ query, status: response.status }).toEqual({ query, status: 200 });
  expect(response.body).toEqual({
    items: expect.any(Array),
    total: expect.any(Number),
    totalExact: expect.any(Boolean),
    next: expect.toBeOneOf([null, expect.any(String)]),
    prev: expect.toBeOneOf([null, expect.any(String)]),
  });
  return response.body;
}

/** Every page of a query, following `next` as `after`, then back from the last page following `prev` as `before`. */
async function walk<T extends { _id: string }>(client: ScenarioClient, path: string, query: string) {
  const forward: string[] = [];
  let page = await pageOf<T>(client, path, query);
  const first = page;
  forward.push(...page.items.map((item) => item._id));
  while (page.next !== null) {
    page = await pageOf<T>(client, path, `${query}&after=${encodeURIComponent(page.next)}`);
    forward.push(...page.items.map((item) => item._id));
  }
  const backward = page.items.map((item) => item._id);
  while (page.prev !== null) {
    page = await pageOf<T>(client, path, `${query}&before=${encodeURIComponent(page.prev)}`);
    backward.unshift(...page.items.map((item) => item._id));
  }
  return { first, forward, backward };
}

export const listScenarios: Scenario[] = [
  {
    name: "figures: the summary and the categories are the contract's figures of the store's products, and follow every write",
    async run(client) {
      await register(client, 'fiona');
      const empty = await client.get<CatalogueSummary>(`${PRODUCTS}/summary`);
      expect({ status: empty.status, body: empty.body }).toEqual({
        status: 200,
        body: { totalProducts: 0, totalStoreValue: 0, outOfStock: 0, lowStock: 0, categories: 0 },
      });
      expect((await client.get(`${PRODUCTS}/categories`)).body).toEqual([]);

      const made = await seed(client);
      const expectFigures = async () => {
        const all = (await client.get<Product[]>(PRODUCTS)).body;
        const summary = await client.get<CatalogueSummary>(`${PRODUCTS}/summary`);
        expect({ status: summary.status, body: summary.body }).toEqual({ status: 200, body: catalogueSummary(all) });
        const categories = await client.get<CategoryCount[]>(`${PRODUCTS}/categories`);
        expect({ status: categories.status, body: categories.body }).toEqual({ status: 200, body: categoryCounts(all) });
      };
      await expectFigures();
      expect((await client.get<CatalogueSummary>(`${PRODUCTS}/summary`)).body).toEqual({
        totalProducts: 5,
        totalStoreValue: 790.32,
        outOfStock: 1,
        lowStock: 2,
        categories: 3,
      });
      expect((await client.get(`${PRODUCTS}/categories`)).body).toEqual([
        { name: 'Cables', products: 2 },
        { name: 'Docks', products: 2 },
        { name: 'Hubs', products: 1 },
      ]);
      // An order takes stock, a correction adds it, a delete removes a category: the figures follow.
      const order = await client.post(ORDERS, { name: 'Hub order', category: 'Hubs', price: 19.99, quantity: 6, productId: made[2]!._id });
      expect(order.status).toBe(201);
      await expectFigures();
      expect((await client.post(`${PRODUCTS}/${made[1]!._id}/adjustments`, { change: 5 })).status).toBe(200);
      await expectFigures();
      expect((await client.delete(`${PRODUCTS}/${made[2]!._id}`)).status).toBe(200);
      await expectFigures();
      expect((await client.get<CategoryCount[]>(`${PRODUCTS}/categories`)).body.map((c) => c.name)).toEqual(['Cables', 'Docks']);
    },
  },
  {
    name: 'pages: q also finds a product by its exact barcode or part number (any case), with the usual pages and totals',
    async run(client) {
      await register(client, 'cody');
      const made: Product[] = [];
      for (const fields of [
        { name: 'Dock 4006381333931 edition', category: 'Docks', price: '1', quantity: 1 },
        { name: 'USB-C Dock', category: 'Docks', price: '2', quantity: 1, barcode: '4006381333931', mpn: '40AY0090EU', sku: 'DOCK-1' },
        { name: 'Cable', category: 'Cables', price: '3', quantity: 1, barcode: '96385074', mpn: 'X9' },
        { name: 'Hub', category: 'Hubs', price: '4', quantity: 1, mpn: 'HUB-7' },
      ]) {
        const response = await client.postForm<Product>(PRODUCTS, formOf(fields));
        expect(response.status).toBe(201);
        made.push(response.body);
      }
      const names = (products: Product[]) => products.map((product) => product.name);
      const walked = async (q: string) => {
        const { first, forward, backward } = await walk<Product>(client, PRODUCTS, `limit=1&sort=name&dir=asc&q=${encodeURIComponent(q)}`);
        expect(backward).toEqual(forward);
        return { total: first.total, names: forward.map((id) => made.find((product) => product._id === id)!.name) };
      };
      // The barcode, and a name holding it, both way through the pages.
      expect(await walked('4006381333931')).toEqual({ total: 2, names: ['Dock 4006381333931 edition', 'USB-C Dock'] });
      expect(await walked(' 96385074 ')).toEqual({ total: 1, names: ['Cable'] });
      // The part number whatever its case, short or long; the SKU whatever its case.
      expect(await walked('40ay0090eu')).toEqual({ total: 1, names: ['USB-C Dock'] });
      expect(await walked('x9')).toEqual({ total: 1, names: ['Cable'] });
      expect(await walked('hub-7')).toEqual({ total: 1, names: ['Hub'] });
      expect(await walked('dock-1')).toEqual({ total: 1, names: ['USB-C Dock'] });
      // Exact codes only: part of a barcode or a part number finds nothing by them.
      expect(await walked('9638507')).toEqual({ total: 0, names: [] });
      expect(await walked('40AY')).toEqual({ total: 0, names: [] });
      // Within a filter.
      const docks = await pageOf<Product>(client, PRODUCTS, 'limit=5&category=Cables&q=96385074');
      expect(names(docks.items)).toEqual(['Cable']);
      expect((await pageOf<Product>(client, PRODUCTS, 'limit=5&category=Docks&q=96385074')).items).toEqual([]);
    },
  },
  {
    name: 'pages: limit, after and before walk every list both ways; q, category, stock, status, sort and dir filter and order; a bad query answers 400',
    async run(client) {
      await register(client, 'paige');
      const made = await seed(client);
      const ids = (names: string[]) => names.map((name) => made.find((p) => p.name === name)!._id);

      // Newest first by default, both ways, whatever the page size.
      for (const limit of [1, 2, 5]) {
        const { first, forward, backward } = await walk<Product>(client, PRODUCTS, `limit=${limit}`);
        expect({ limit, total: first.total, exact: first.totalExact, prev: first.prev }).toEqual({ limit, total: 5, exact: true, prev: null });
        expect(forward).toEqual([...made].reverse().map((p) => p._id));
        expect(backward).toEqual(forward);
      }
      const byName = await walk<Product>(client, PRODUCTS, 'limit=2&sort=name&dir=asc');
      expect(byName.forward).toEqual(ids(['Alpha Dock', 'beta cable', 'Delta Dock', 'Epsilon Cable', 'Gamma Hub']));
      const byValue = await walk<Product>(client, PRODUCTS, 'limit=2&sort=value&dir=desc');
      expect(byValue.forward).toEqual(ids(['Alpha Dock', 'Delta Dock', 'Gamma Hub', 'Epsilon Cable', 'beta cable']));

      const search = await walk<Product>(client, PRODUCTS, 'limit=2&q=CABLE&sort=name');
      expect({ total: search.first.total, ids: search.forward }).toEqual({ total: 2, ids: ids(['beta cable', 'Epsilon Cable']) });
      const docks = await walk<Product>(client, PRODUCTS, 'limit=10&category=Docks&sort=price&dir=asc');
      expect(docks.forward).toEqual(ids(['Delta Dock', 'Alpha Dock']));
      expect((await pageOf<Product>(client, PRODUCTS, 'limit=10&stock=out')).items.map((p) => p.name)).toEqual(['beta cable']);
      expect((await pageOf<Product>(client, PRODUCTS, 'limit=10&stock=low&sort=name')).items.map((p) => p.name)).toEqual([
        'Alpha Dock',
        'Delta Dock',
      ]);
      expect((await pageOf<Product>(client, PRODUCTS, 'limit=10&stock=in')).total).toBe(4);

      // Orders: the same rules, and a status filter.
      const orders: Order[] = [];
      for (const [i, quantity] of [3, 1, 2].entries()) {
        const response = await client.post<Order>(ORDERS, { name: `Order ${i}`, category: 'Misc', price: 10, quantity });
        orders.push(response.body);
      }
      const cancelled = orders[1]!;
      const patch = { name: cancelled.name, category: 'Misc', price: 10, quantity: 1, status: 'cancelled' };
      expect((await client.patch(`${ORDERS}/${cancelled._id}`, patch)).status).toBe(200);
      const allOrders = await walk<Order>(client, ORDERS, 'limit=2');
      expect(allOrders.forward).toEqual([...orders].reverse().map((o) => o._id));
      expect(allOrders.backward).toEqual(allOrders.forward);
      const open = await walk<Order>(client, ORDERS, 'limit=1&status=open&sort=quantity&dir=asc');
      expect({ total: open.first.total, ids: open.forward }).toEqual({ total: 2, ids: [orders[2]!._id, orders[0]!._id] });

      for (const query of ['limit=0', 'limit=101', 'limit=2&sort=colour', 'limit=2&stock=some', 'limit=2&after=nonsense', 'limit=2&after=a&before=b']) {
        const response = await client.get(`${PRODUCTS}?${query}`);
        expect({ query, status: response.status, message: typeof (response.body as { message?: unknown }).message }).toEqual({
          query,
          status: 400,
          message: 'string',
        });
      }
      expectMessage(await client.get(`${PRODUCTS}?limit=2&sort=colour`), 400, MESSAGES.invalidListQuery);
      expectMessage(await client.get(`${ORDERS}?limit=2&status=lost`), 400, MESSAGES.invalidListQuery);
      expectMessage(await client.get(`${PRODUCTS}?limit=2&after=nonsense`), 400, MESSAGES.invalidCursor);
    },
  },
];
