import { BULK_LIMIT, type CatalogueSummary, catalogueSummary, MESSAGES, type Order, type Page, type Product } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { etagOf, formOf, isoDate, UNKNOWN_UUID } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

/** Archived products and bulk actions (docs/decisions/0033-archived-products-and-bulk-actions.md). */

const PRODUCTS = '/api/products';

async function newProduct(client: ScenarioClient, name: string, category = 'Docks', quantity = 5): Promise<Product> {
  const response = await client.postForm<Product>(PRODUCTS, formOf({ name, category, price: '20', quantity }));
  expect(response.status).toBe(201);
  return response.body;
}

const orderOf = (product: Product, quantity = 1) => ({ name: product.name, category: product.category, price: 20, quantity, productId: product._id });

const ids = (page: { items: Product[] } | Product[]) => (Array.isArray(page) ? page : page.items).map((product) => product._id);

export const productArchiveScenarios: Scenario[] = [
  {
    name: 'archive: the removal, restore and bulk routes answer 401 when signed out',
    async run(client) {
      for (const response of [
        await client.get(`${PRODUCTS}/${UNKNOWN_UUID}/removal`),
        await client.post(`${PRODUCTS}/${UNKNOWN_UUID}/restore`),
        await client.post(`${PRODUCTS}/bulk`, { action: 'archive', ids: [UNKNOWN_UUID] }),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: "archive: delete removes a product without history and archives one with orders (SPEC.md's answer, Product-Removal says which); hidden unless asked; restored",
    async run(client) {
      await register(client, 'archie');
      const fresh = await newProduct(client, 'Fresh dock');
      const sold = await newProduct(client, 'Sold dock', 'Hubs');
      const placed = await client.post<Order>('/api/orders', orderOf(sold, 2));
      expect(placed.status).toBe(201);

      expect((await client.get(`${PRODUCTS}/${fresh._id}/removal`)).body).toEqual({ outcome: 'delete', orders: 0, movements: 0 });
      expect((await client.get(`${PRODUCTS}/${sold._id}/removal`)).body).toEqual({ outcome: 'archive', orders: 1, movements: 1 });
      expectMessage(await client.get(`${PRODUCTS}/${UNKNOWN_UUID}/removal`), 404, MESSAGES.productNotFound);

      const deleted = await client.delete(`${PRODUCTS}/${fresh._id}`);
      expect({ status: deleted.status, body: deleted.body, removal: deleted.headers.get('product-removal') }).toEqual({
        status: 200,
        body: { message: MESSAGES.productDeleted },
        removal: 'deleted',
      });
      expectMessage(await client.get(`${PRODUCTS}/${fresh._id}`), 404, MESSAGES.productNotFound);
      expectMessage(await client.delete(`${PRODUCTS}/${sold._id}`, { headers: { 'if-match': '"99"' } }), 409, MESSAGES.editConflict);
      const archived = await client.delete(`${PRODUCTS}/${sold._id}`);
      expect({ status: archived.status, body: archived.body, removal: archived.headers.get('product-removal') }).toEqual({
        status: 200,
        body: { message: MESSAGES.productDeleted },
        removal: 'archived',
      });

      const one = await client.get<Product>(`${PRODUCTS}/${sold._id}`);
      expect(one.body).toMatchObject({ _id: sold._id, archivedAt: isoDate, quantity: 3 });
      expect((await client.get<Order>(`/api/orders/${placed.body._id}`)).body.productId).toBe(sold._id);
      expect(await (await client.get<Product[]>(PRODUCTS)).body).toEqual([]);
      expect((await client.get<Page<Product>>(`${PRODUCTS}?limit=5`)).body).toMatchObject({ items: [], total: 0, totalExact: true });
      expect((await client.get<Page<Product>>(`${PRODUCTS}?limit=5&q=sold`)).body.items).toEqual([]);
      const only = (await client.get<Page<Product>>(`${PRODUCTS}?limit=5&archived=only`)).body;
      expect({ ids: ids(only), total: only.total }).toEqual({ ids: [sold._id], total: 1 });
      expect((await client.get<Page<Product>>(`${PRODUCTS}?limit=5&archived=include&q=dock`)).body.total).toBe(1);
      expectMessage(await client.get(`${PRODUCTS}?limit=5&archived=yes`), 400, MESSAGES.invalidListQuery);
      expect((await client.get<CatalogueSummary>(`${PRODUCTS}/summary`)).body).toEqual(catalogueSummary([]));
      expect((await client.get(`${PRODUCTS}/categories`)).body).toEqual([]);

      expectMessage(await client.post('/api/orders', orderOf(sold)), 409, MESSAGES.productArchivedNoOrders('Sold dock'));
      const restored = await client.post<Product>(`${PRODUCTS}/${sold._id}/restore`, undefined, { headers: { 'if-match': etagOf(one)! } });
      expect(restored.status).toBe(200);
      expect(restored.body).not.toHaveProperty('archivedAt');
      expect(ids((await client.get<Product[]>(PRODUCTS)).body)).toEqual([sold._id]);
      expect((await client.get(`${PRODUCTS}/categories`)).body).toEqual([{ name: 'Hubs', products: 1 }]);
      expect((await client.post('/api/orders', orderOf(sold))).status).toBe(201);
      expectMessage(await client.post(`${PRODUCTS}/${UNKNOWN_UUID}/restore`), 404, MESSAGES.productNotFound);
    },
  },
  {
    name: 'archive: bulk set-category and archive, by ids or by the list query, all or nothing, capped',
    async run(client) {
      await register(client, 'bulky');
      const a = await newProduct(client, 'Hub alpha', 'Misc');
      const b = await newProduct(client, 'Hub beta', 'Misc');
      const c = await newProduct(client, 'Cable gamma', 'Misc');
      const set = await client.post(`${PRODUCTS}/bulk`, { action: 'set-category', category: 'Hubs', ids: [a._id, b._id] });
      expect({ status: set.status, body: set.body }).toEqual({ status: 200, body: { message: MESSAGES.bulkCategoryChanged(2), changed: 2 } });
      const after = await client.get<Product>(`${PRODUCTS}/${a._id}`);
      expect({ category: after.body.category, etag: etagOf(after) }).toEqual({ category: 'Hubs', etag: '"2"' });
      const matching = await client.post(`${PRODUCTS}/bulk`, { action: 'set-category', category: 'Cables', matching: { q: 'cable' } });
      expect(matching.body).toEqual({ message: MESSAGES.bulkCategoryChanged(1), changed: 1 });
      expect((await client.get<Product>(`${PRODUCTS}/${c._id}`)).body.category).toBe('Cables');

      expectMessage(await client.post(`${PRODUCTS}/bulk`, { action: 'set-category', category: 'X', ids: [a._id, UNKNOWN_UUID] }), 404, MESSAGES.productNotFound);
      expect((await client.get<Product>(`${PRODUCTS}/${a._id}`)).body.category).toBe('Hubs');
      expectMessage(await client.post(`${PRODUCTS}/bulk`, { action: 'archive', ids: [a._id], matching: {} }), 400, MESSAGES.bulkChoiceInvalid);
      expectMessage(await client.post(`${PRODUCTS}/bulk`, { action: 'set-category', ids: [a._id] }), 400, MESSAGES.categoryRequired);
      expectMessage(await client.post(`${PRODUCTS}/bulk`, { action: 'archive', ids: [] }), 400, MESSAGES.bulkNothingChosen);
      const many = Array.from({ length: BULK_LIMIT + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      expectMessage(await client.post(`${PRODUCTS}/bulk`, { action: 'archive', ids: many }), 413, MESSAGES.bulkTooMany(BULK_LIMIT));

      await client.post('/api/orders', orderOf(a));
      const archived = await client.post(`${PRODUCTS}/bulk`, { action: 'archive', matching: { category: 'Hubs' } });
      expect(archived.body).toEqual({ message: MESSAGES.bulkArchived(1, 1), changed: 2, archived: [a._id], deleted: [b._id] });
      expect(ids((await client.get<Product[]>(PRODUCTS)).body)).toEqual([c._id]);
      expect(ids((await client.get<Page<Product>>(`${PRODUCTS}?limit=5&archived=only`)).body)).toEqual([a._id]);
    },
  },
];
