import {
  type ApiTokenCreated,
  type Category,
  type CategoryListAnswer,
  type CategoryMerged,
  type ImportCheck,
  MESSAGES,
  type Product,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { formOf, isoDate, UNKNOWN_UUID } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const CATEGORIES = '/api/categories';
const PRODUCTS = '/api/products';

/** A product in `category` (a SKU of its own). */
async function product(client: ScenarioClient, category: string, sku: string, quantity = 2): Promise<Product> {
  const response = await client.postForm<Product>(PRODUCTS, formOf({ name: `${category} ${sku}`, category, sku, price: '10', quantity: String(quantity) }));
  expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: expect.any(Object) });
  return response.body;
}

async function list(client: ScenarioClient, query = ''): Promise<CategoryListAnswer> {
  const response = await client.get<CategoryListAnswer>(`${CATEGORIES}${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

const counts = (answer: CategoryListAnswer) => answer.items.map((category) => [category.name, category.products]);
const idOf = async (client: ScenarioClient, name: string) => (await list(client)).items.find((category) => category.name === name)!._id;

export const categoryScenarios: Scenario[] = [
  {
    name: 'categories: every route answers 401 when signed out',
    async run(client) {
      expectMessage(await client.get(CATEGORIES), 401, MESSAGES.notAuthorized);
      expectMessage(await client.patch(`${CATEGORIES}/${UNKNOWN_UUID}`, { name: 'X' }), 401, MESSAGES.notAuthorized);
      expectMessage(await client.post(`${CATEGORIES}/${UNKNOWN_UUID}/merge`, { into: UNKNOWN_UUID }), 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: "categories: a written category is the store's of the same key in its spelling; the list counts, searches and limits",
    async run(client) {
      await register(client, 'tidy');
      expect((await product(client, 'Laptops', 'L-1')).category).toBe('Laptops');
      expect((await product(client, 'laptops', 'L-2')).category).toBe('Laptops');
      expect((await product(client, ' LÁPTOPS ', 'L-3')).category).toBe('Laptops');
      expect((await product(client, 'Docking  stations', 'D-1')).category).toBe('Docking stations');
      const all = await list(client);
      expect(all).toEqual({
        items: [
          { _id: expect.any(String), name: 'Docking stations', products: 1, createdAt: isoDate, updatedAt: isoDate },
          { _id: expect.any(String), name: 'Laptops', products: 3, createdAt: isoDate, updatedAt: isoDate },
        ],
        total: 2,
      });
      expect(counts(await list(client, '?q=D%C3%93CK'))).toEqual([['Docking stations', 1]]);
      expect(await list(client, '?limit=1')).toEqual({ items: [all.items[0]], total: 2 });
      expectMessage(await client.get(`${CATEGORIES}?limit=0`), 400, MESSAGES.invalidListQuery);
      expect((await client.get(`${CATEGORIES}?sort=name`)).status).toBe(400);
    },
  },
  {
    name: 'categories: a rename renames every product (new versions); onto another category is 409, blank 400, unknown 404',
    async run(client) {
      await register(client, 'renamer');
      const laptop = await product(client, 'Laptops', 'L-1');
      await product(client, 'Docks', 'D-1');
      const id = await idOf(client, 'Laptops');
      const renamed = await client.patch<Category>(`${CATEGORIES}/${id}`, { name: ' Notebooks ' });
      expect({ status: renamed.status, body: renamed.body }).toEqual({
        status: 200,
        body: { _id: id, name: 'Notebooks', products: 1, createdAt: isoDate, updatedAt: isoDate },
      });
      const after = await client.get<Product>(`${PRODUCTS}/${laptop._id}`);
      expect([after.body.category, after.headers.get('etag')]).toEqual(['Notebooks', '"2"']);
      expect((await client.patch<Category>(`${CATEGORIES}/${id}`, { name: 'NOTEBOOKS' })).body.name).toBe('NOTEBOOKS');
      expectMessage(await client.patch(`${CATEGORIES}/${id}`, { name: 'dócks' }), 409, MESSAGES.categoryNameTaken('Docks'));
      expectMessage(await client.patch(`${CATEGORIES}/${id}`, { name: '  ' }), 400, MESSAGES.categoryRequired);
      expectMessage(await client.patch(`${CATEGORIES}/${id}`, {}), 400, MESSAGES.categoryRequired);
      expectMessage(await client.patch(`${CATEGORIES}/${UNKNOWN_UUID}`, { name: 'X' }), 404, MESSAGES.categoryNotFound);
      expectMessage(await client.patch(`${CATEGORIES}/not-an-id`, { name: 'X' }), 404, MESSAGES.categoryNotFound);
    },
  },
  {
    name: 'categories: a merge moves every product into the other category and the category is gone; into itself 400, unknown 404',
    async run(client) {
      await register(client, 'merger');
      const docks = [await product(client, 'Docks', 'D-1', 0), await product(client, 'docks', 'D-2')];
      await product(client, 'Docking stations', 'DS-1');
      const source = await idOf(client, 'Docks');
      const target = await idOf(client, 'Docking stations');
      expectMessage(await client.post(`${CATEGORIES}/${source}/merge`, { into: source }), 400, MESSAGES.categoryMergeIntoItself);
      expectMessage(await client.post(`${CATEGORIES}/${source}/merge`, { into: UNKNOWN_UUID }), 404, MESSAGES.categoryMergeTargetNotFound);
      expectMessage(await client.post(`${CATEGORIES}/${source}/merge`, { into: 'nope' }), 400, MESSAGES.categoryMergeTargetNotFound);
      const merged = await client.post<CategoryMerged>(`${CATEGORIES}/${source}/merge`, { into: target });
      expect({ status: merged.status, body: merged.body }).toEqual({
        status: 200,
        body: {
          message: MESSAGES.categoryMerged(2, 'Docking stations'),
          moved: 2,
          into: { _id: target, name: 'Docking stations', products: 3, createdAt: isoDate, updatedAt: isoDate },
        },
      });
      for (const before of docks) expect((await client.get<Product>(`${PRODUCTS}/${before._id}`)).body.category).toBe('Docking stations');
      expect(counts(await list(client))).toEqual([['Docking stations', 3]]);
      expectMessage(await client.post(`${CATEGORIES}/${source}/merge`, { into: target }), 404, MESSAGES.categoryNotFound);
      const summary = await client.get<{ categories: number }>(`${PRODUCTS}/summary`);
      expect(summary.body.categories).toBe(1);
    },
  },
  {
    name: 'categories: every role reads them; staff and viewers may not rename or merge (403)',
    async run(client) {
      await register(client, 'catowner');
      await product(client, 'Laptops', 'L-1');
      await product(client, 'Docks', 'D-1');
      const laptops = await idOf(client, 'Laptops');
      const docks = await idOf(client, 'Docks');
      for (const role of ['staff', 'viewer'] as const) {
        const made = await client.post<ApiTokenCreated>('/api/stores/active/tokens', { name: `${role} script`, role });
        expect(made.status).toBe(201);
        const bearer = { headers: { authorization: `Bearer ${made.body.token}` } };
        const script = client.newSession();
        expect(counts((await script.get<CategoryListAnswer>(CATEGORIES, bearer)).body)).toEqual([
          ['Docks', 1],
          ['Laptops', 1],
        ]);
        expectMessage(await script.patch(`${CATEGORIES}/${laptops}`, { name: 'N' }, bearer), 403, MESSAGES.roleForbidden(role, 'rename categories'));
        expectMessage(await script.post(`${CATEGORIES}/${docks}/merge`, { into: laptops }, bearer), 403, MESSAGES.roleForbidden(role, 'merge categories'));
      }
    },
  },
  {
    name: "categories: an import's dry run says which spellings go to which category; the import files its rows so",
    async run(client) {
      await register(client, 'importer');
      await product(client, 'Laptops', 'L-1');
      const file = 'SKU,Name,Category,Price,Quantity\nI-1,Air,laptops,999,1\nI-2,Dock A,Docks,99,0\nI-3,Dock B,DOCKS,99,2\n';
      const form = () => formOf({}, { file: { bytes: new TextEncoder().encode(file), name: 'catalogue.csv', type: 'text/csv' } });
      const checked = await client.postForm<ImportCheck>(`${PRODUCTS}/import?dryRun=1`, form());
      expect(checked.status).toBe(200);
      expect(checked.body).toMatchObject({
        created: 3,
        categories: [
          { written: 'laptops', category: 'Laptops', existing: true },
          { written: 'Docks', category: 'Docks', existing: false },
          { written: 'DOCKS', category: 'Docks', existing: false },
        ],
        categoriesMapped: 2,
        categoriesCreated: 1,
      });
      expect((await client.postForm(`${PRODUCTS}/import`, form())).body).toEqual({ created: 3, updated: 0 });
      const products = (await client.get<Product[]>(PRODUCTS)).body;
      expect(Object.fromEntries(products.map((p) => [p.sku, p.category]))).toEqual({ 'L-1': 'Laptops', 'I-1': 'Laptops', 'I-2': 'Docks', 'I-3': 'Docks' });
      expect(counts(await list(client))).toEqual([
        ['Docks', 2],
        ['Laptops', 2],
      ]);
    },
  },
];
