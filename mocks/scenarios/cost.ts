import { forbiddenMessage, IMPORT_MESSAGES, type Page, PRODUCT_EXPORT_HEADER, type Product } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient, ScenarioResponse } from './client';
import { formOf } from './support';
import { join } from './stores';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

/**
 * A product's cost and who sees it (docs/decisions/0031-product-cost.md): owners and managers see and set it; staff
 * and viewers never see it (the key is absent) and are refused with 403 when they send it, by a form or a file.
 */

const PRODUCTS = '/api/products';
const laptop = { name: 'ThinkPad T14', category: 'Laptops', price: '1299.99', quantity: '5' };
const costRefused = forbiddenMessage('staff', 'cost:update');

const csvForm = (text: string, fields: Record<string, string> = {}) =>
  formOf(fields, { file: { bytes: new TextEncoder().encode(text), name: 'products.csv', type: 'text/csv' } });

/** The header of a products export, without its BOM. */
const exportHeaderOf = (response: ScenarioResponse) => String(response.body).replace(/^\uFEFF/, '').split('\r\n')[0]!.split(',');

async function productOf(client: ScenarioClient, id: string): Promise<Product> {
  const response = await client.get<Product>(`${PRODUCTS}/${id}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function expectNoCost(client: ScenarioClient, id: string) {
  expect(await productOf(client, id)).not.toHaveProperty('cost');
  const list = await client.get<Product[]>(PRODUCTS);
  expect(list.status).toBe(200);
  expect(list.body.length).toBeGreaterThan(0);
  for (const product of list.body) expect(product).not.toHaveProperty('cost');
  const page = await client.get<Page<Product>>(`${PRODUCTS}?limit=5`);
  for (const product of page.body.items) expect(product).not.toHaveProperty('cost');
}

export const costScenarios: Scenario[] = [
  {
    name: 'cost: owners and managers set and see it (null when not known); staff and viewers never see it and get 403 sending it',
    async run(owner, ctx) {
      await register(owner, 'olga');
      const created = await owner.postForm<Product>(PRODUCTS, formOf({ ...laptop, cost: '849.50' }));
      expect({ status: created.status, cost: created.body.cost }).toEqual({ status: 201, cost: 849.5 });
      const id = created.body._id;
      const unknown = await owner.postForm<Product>(PRODUCTS, formOf({ ...laptop, name: 'Unknown cost' }));
      expect(unknown.body.cost).toBeNull();
      expect((await owner.get<Product[]>(PRODUCTS)).body.map((p) => p.cost)).toEqual([null, 849.5]);
      expect((await owner.get<Page<Product>>(`${PRODUCTS}?limit=5`)).body.items.map((p) => p.cost)).toEqual([null, 849.5]);

      const manager = await join(owner, ctx, 'manager', 'mona');
      expect((await productOf(manager.client, id)).cost).toBe(849.5);
      const set = await manager.client.patchForm<Product>(`${PRODUCTS}/${id}`, formOf({ ...laptop, cost: '900' }));
      expect({ status: set.status, cost: set.body.cost }).toEqual({ status: 200, cost: 900 });
      // Absent on an edit: kept. Blank: not known.
      expect((await owner.patchForm<Product>(`${PRODUCTS}/${id}`, formOf({ ...laptop, quantity: '6' }))).body.cost).toBe(900);
      expect((await owner.patchForm<Product>(`${PRODUCTS}/${unknown.body._id}`, formOf({ ...laptop, cost: '' }))).body.cost).toBeNull();
      expectMessage(await owner.patchForm(`${PRODUCTS}/${id}`, formOf({ ...laptop, cost: '1.234' })), 400, 'Cost can have at most 2 decimals');

      const staff = await join(owner, ctx, 'staff', 'sami');
      await expectNoCost(staff.client, id);
      expectMessage(await staff.client.postForm(PRODUCTS, formOf({ ...laptop, cost: '1' })), 403, costRefused);
      expectMessage(await staff.client.patchForm(`${PRODUCTS}/${id}`, formOf({ ...laptop, cost: '' })), 403, costRefused);
      const edited = await staff.client.patchForm<Product>(`${PRODUCTS}/${id}`, formOf({ ...laptop, name: 'Edited by staff' }));
      expect(edited.status).toBe(200);
      expect(edited.body).not.toHaveProperty('cost');
      const made = await staff.client.postForm<Product>(PRODUCTS, formOf(laptop));
      expect(made.status).toBe(201);
      expect(made.body).not.toHaveProperty('cost');

      const viewer = await join(owner, ctx, 'viewer', 'vera');
      await expectNoCost(viewer.client, id);
      expect((await productOf(owner, id))).toMatchObject({ name: 'Edited by staff', cost: 900 });
      expect((await productOf(owner, made.body._id)).cost).toBeNull();
    },
  },
  {
    name: 'cost: the products export has its column for owners only; a file with a cost column from staff is refused with 403, dry run too',
    async run(owner, ctx) {
      await register(owner, 'otto');
      const file = 'SKU,Name,Category,Price,Qty,Unit Cost\nCOST-1,Dock,Docks,99,4,61.20\n';
      const staff = await join(owner, ctx, 'staff', 'stan');
      const refusal = IMPORT_MESSAGES.columnNotAllowed(costRefused, 'Unit Cost', 'Cost');
      expectMessage(await staff.client.postForm(`${PRODUCTS}/import?dryRun=1`, csvForm(file)), 403, refusal);
      expectMessage(await staff.client.postForm(`${PRODUCTS}/import`, csvForm(file)), 403, refusal);
      expect((await owner.get<Product[]>(PRODUCTS)).body).toEqual([]);
      // The columns staff may set, mapped by them: imported, the cost not known.
      const mapping = JSON.stringify({ sku: 'SKU', name: 'Name', category: 'Category', price: 'Price', quantity: 'Qty' });
      const imported = await staff.client.postForm(`${PRODUCTS}/import`, csvForm(file, { mapping }));
      expect({ status: imported.status, body: imported.body }).toEqual({ status: 200, body: { created: 1, updated: 0 } });
      expect((await owner.get<Product[]>(PRODUCTS)).body[0]!.cost).toBeNull();
      // The owner's file sets it.
      const updated = await owner.postForm(`${PRODUCTS}/import`, csvForm(file));
      expect({ status: updated.status, body: updated.body }).toEqual({ status: 200, body: { created: 0, updated: 1 } });
      expect((await owner.get<Product[]>(PRODUCTS)).body[0]!.cost).toBe(61.2);

      const exported = await owner.get(`${PRODUCTS}/export`, { headers: { accept: 'text/csv' } });
      expect(exported.status).toBe(200);
      expect(exportHeaderOf(exported)).toEqual(PRODUCT_EXPORT_HEADER);
      expect(String(exported.body).split('\r\n')[1]!.endsWith(',61.2')).toBe(true);
      const staffExport = await staff.client.get(`${PRODUCTS}/export`, { headers: { accept: 'text/csv' } });
      expect(exportHeaderOf(staffExport)).toEqual(PRODUCT_EXPORT_HEADER.filter((label) => label !== 'Cost'));
      expect(String(staffExport.body)).not.toContain('61.2');
    },
  },
];
