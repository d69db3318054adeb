import { setTimeout as sleep } from 'node:timers/promises';
import {
  catalogueSummary,
  type CategoryCount,
  categoryCounts,
  type CategoryListAnswer,
  type CategoryMerged,
  type Product,
} from '@inventory/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db';
import { findStockMismatches } from '../src/ops/check-stock';
import { catalogueCsv, PRODUCT_FIELDS } from './support/catalogue';
import { databases } from './support/databases';
import { twoServersWithOwner } from './support/two-servers';
import { api, cookie, type ServerProcess } from './support/processes';

/**
 * A category merged and another renamed while orders take and give back stock, products are created and edited into
 * the merged category and a file is imported into it, through two server processes on one database
 * (docs/decisions/0032-categories.md, the lock order of 0023): nothing deadlocks into a 5xx, no order is lost, and
 * afterwards every figure equals a recount of the rows.
 */
describe.each(databases)('categories merged and renamed beside orders, two processes on $name', (kind) => {
  const servers = twoServersWithOwner(kind, 'merge');

  const form = (server: ServerProcess, method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return fetch(`${server.url}${url}`, { method, headers: cookie(servers.token), body });
  };
  const json = async <T>(response: Response) => (await response.json()) as T;

  it('neither deadlocks nor loses a figure: the merge moves every product of the category, orders all go through, the figures equal a recount', async () => {
    const { a, b, token, database } = servers;
    const make = async (i: number, category: string) => {
      const response = await form(i % 2 ? a : b, 'POST', '/api/products', { ...PRODUCT_FIELDS, name: `${category} ${i}`, category, sku: `${category.slice(0, 3)}-${i}`, quantity: '20', reorderPoint: '17' });
      expect(response.status, await response.clone().text()).toBe(201);
      return json<Product>(response);
    };
    const docks = await Promise.all(Array.from({ length: 12 }, (_, i) => make(i, 'Docks')));
    const stations = await Promise.all(Array.from({ length: 8 }, (_, i) => make(100 + i, 'Docking stations')));
    const cables = await Promise.all(Array.from({ length: 6 }, (_, i) => make(200 + i, 'Cables')));
    const categories = (await json<CategoryListAnswer>(await api(a.url, 'GET', '/api/categories', token))).items;
    const id = (name: string) => categories.find((category) => category.name === name)!._id;

    const order = (server: ServerProcess, product: Product) =>
      api(server.url, 'POST', '/api/orders', token, { name: product.name, category: product.category, price: 10, quantity: 1, productId: product._id });
    const later = <T>(ms: number, call: () => Promise<T>) => sleep(ms).then(call);
    const racing = [...docks, ...stations, ...cables];
    const calls: Promise<Response>[] = [];
    // Two orders for every product, through both processes, spread around the merge.
    racing.forEach((product, i) => {
      calls.push(later((i % 9) * 3, () => order(i % 2 ? a : b, product)));
      calls.push(later((i % 7) * 4 + 1, () => order(i % 2 ? b : a, product)));
    });
    // Orders placed and then cancelled (stock given back), edits into "docks" and out of it, creates into "DOCKS".
    docks.slice(0, 4).forEach((product, i) =>
      calls.push(
        later(i * 5, async () => {
          const placed = await order(i % 2 ? a : b, product);
          if (placed.status !== 201) return placed;
          const { _id } = await json<{ _id: string }>(placed);
          return api(i % 2 ? b.url : a.url, 'PATCH', `/api/orders/${_id}`, token, { name: product.name, category: product.category, price: 10, quantity: 1, status: 'cancelled' });
        }),
      ),
    );
    cables.slice(0, 3).forEach((product, i) =>
      calls.push(later(i * 6 + 2, () => form(i % 2 ? a : b, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, name: product.name, category: 'docks', quantity: '20', reorderPoint: '17' }))),
    );
    docks.slice(8, 10).forEach((product, i) =>
      calls.push(later(i * 7 + 3, () => form(i % 2 ? b : a, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, name: product.name, category: 'Cables', quantity: '20' }))),
    );
    for (let i = 0; i < 4; i += 1)
      calls.push(later(i * 8, () => form(i % 2 ? a : b, 'POST', '/api/products', { ...PRODUCT_FIELDS, name: `New dock ${i}`, category: 'DOCKS', sku: `NEW-${i}`, quantity: '3' })));
    const file = new FormData();
    file.append('file', new Blob([catalogueCsv([{ sku: 'IMP-1', name: 'Imported dock', category: 'docks', price: '5', quantity: '2' }, { sku: 'IMP-2', name: 'Imported cable', category: 'cables', price: '1', quantity: '0' }])], { type: 'text/csv' }), 'c.csv');
    calls.push(later(9, () => fetch(`${a.url}/api/products/import`, { method: 'POST', headers: cookie(token), body: file })));
    const merge = later(12, () => api(b.url, 'POST', `/api/categories/${id('Docks')}/merge`, token, { into: id('Docking stations') }));
    const rename = later(14, () => api(a.url, 'PATCH', `/api/categories/${id('Cables')}`, token, { name: 'Cables & adapters' }));

    const answers = await Promise.all([...calls, merge, rename].map(async (call) => {
      const response = await call;
      return { status: response.status, body: await response.text() };
    }));
    expect(answers.filter((answer) => answer.status >= 300), JSON.stringify(answers.filter((answer) => answer.status >= 300))).toEqual([]);
    const merged = JSON.parse(answers.at(-2)!.body) as CategoryMerged;
    expect(merged.moved).toBeGreaterThanOrEqual(10);

    const all = await json<Product[]>(await api(b.url, 'GET', '/api/products', token));
    // Every product of the store is in one of its categories, in its spelling.
    const listed = (await json<CategoryListAnswer>(await api(a.url, 'GET', '/api/categories', token))).items;
    for (const product of all) expect(listed.map((category) => category.name)).toContain(product.category);
    // The merged category is gone unless a write that came after the merge made it again, and then it holds only those.
    for (const product of docks.slice(0, 8)) expect(all.find((p) => p._id === product._id)!.category).not.toBe('Docks');
    // The figures, read through either process, equal a recount of the rows.
    expect(await json(await api(a.url, 'GET', '/api/products/summary', token))).toEqual(catalogueSummary(all));
    expect(await json<CategoryCount[]>(await api(b.url, 'GET', '/api/products/categories', token))).toEqual(categoryCounts(all));
    const counted = categoryCounts(all);
    for (const category of listed) expect(category.products, category.name).toBe(counted.find((count) => count.name === category.name)?.products ?? 0);
    // Every order went through: 2 from each product whose quantity no edit set again, the cancelled ones given back.
    const untouched = racing.filter((product) => !cables.slice(0, 3).includes(product) && !docks.slice(8, 10).includes(product));
    for (const product of untouched) expect(all.find((p) => p._id === product._id)!.quantity, product.name).toBe(18);

    const db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    try {
      expect(await findStockMismatches(db)).toEqual([]);
      // Each category's stock figures (store_categories) equal a count of its rows.
      const { rows: drift } = await sql<{ category: string }>`
        select coalesce(s.category, r.category) as category from store_categories s
        full join (select store_id, category, count(*) as products,
                     sum(case when quantity = 0 then 1 else 0 end) as out_of_stock,
                     sum(case when reorder_point is not null and quantity <= reorder_point then 1 else 0 end) as low_stock
                   from products group by store_id, category) r on r.store_id = s.store_id and r.category = s.category
        where s.products is null or r.products is null or s.products <> r.products or s.out_of_stock <> r.out_of_stock or s.low_stock <> r.low_stock`.execute(db);
      expect(drift).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
