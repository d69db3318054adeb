import { EMPTY_SUPPLIER_FIELDS, MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoProducts, demoSuppliers, demoUser, mockDb } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { linkRequested, linksRequested, unlinkRequested } from '../../product-suppliers/productSuppliersSlice';
import { loginRequested } from '../../session/authSlice';
import { supplierListActions as list } from './supplierListSlice';
import { supplierProductsActions } from './supplierProductsSlice';
import { createSupplierRequested, deleteSupplierRequested, getSupplierRequested, restoreSupplierRequested, updateSupplierRequested } from './suppliersSlice';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  app.navigate.mockClear();
  return app;
}

const shown = (app: TestApp) => app.store.getState().supplierList;
const held = (app: TestApp) => app.store.getState().suppliers;
const links = (app: TestApp) => app.store.getState().productSuppliers;
const named = (name: string) => demoSuppliers.find((s) => s.name === name)!;

async function loaded(app: TestApp, id: string) {
  app.store.dispatch(getSupplierRequested(id));
  await vi.waitFor(() => expect(held(app).itemStatus).toBe('loaded'));
}

describe('suppliers', () => {
  it('the list comes a page at a time by name; a search and the archived filter are the server’s', async () => {
    const app = await signedInApp();
    app.store.dispatch(list.reloadRequested());
    await vi.waitFor(() => expect(shown(app).status).toBe('loaded'));
    expect(shown(app).items.map((s) => s.name)).toEqual(['Contoso Components', 'Fabrikam Peripherals', 'Ingram Micro', 'Northwind Distribution']);
    app.store.dispatch(list.searchChanged('laura'));
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', query: { q: 'laura' } }));
    expect(shown(app).items.map((s) => s.name)).toEqual(['Ingram Micro']);
    app.store.dispatch(list.filterChanged({ key: 'archived', value: 'only' }));
    await vi.waitFor(() => expect(shown(app)).toMatchObject({ status: 'loaded', total: 0 }));
  });

  it('create toasts and opens the new supplier; a name another supplier has shows under Name; a bad lead time under its field', async () => {
    const app = await signedInApp();
    app.store.dispatch(createSupplierRequested({ ...EMPTY_SUPPLIER_FIELDS, name: 'Tailspin Toys', leadTimeDays: 4 }));
    await app.toastShown(MESSAGES.supplierAdded, 'success');
    const made = mockDb.suppliers.find((s) => s.name === 'Tailspin Toys')!;
    expect(app.navigate).toHaveBeenCalledWith(`/suppliers/${made._id}`, undefined);
    app.store.dispatch(createSupplierRequested({ ...EMPTY_SUPPLIER_FIELDS, name: 'INGRAM micro' }));
    await vi.waitFor(() => expect(app.store.getState().formErrors.byForm.supplier).toEqual({ name: MESSAGES.supplierNameTaken('Ingram Micro') }));
    app.store.dispatch(createSupplierRequested({ ...EMPTY_SUPPLIER_FIELDS, name: 'Later', leadTimeDays: 900 }));
    await vi.waitFor(() => expect(app.store.getState().formErrors.byForm.supplier).toEqual({ leadTimeDays: MESSAGES.leadTimeInvalid }));
    expect(held(app).saving).toBe(false);
  });

  it('edit sends the ETag it read; deleting one that products name archives them, restore; one without products is deleted', async () => {
    const app = await signedInApp();
    const ingram = named('Ingram Micro');
    await loaded(app, ingram._id);
    expect(held(app).supplier?.products).toBe(1);
    app.store.dispatch(updateSupplierRequested({ id: ingram._id, values: { ...EMPTY_SUPPLIER_FIELDS, name: 'Ingram Micro UK', leadTimeDays: 2 } }));
    await app.toastShown(MESSAGES.supplierUpdated, 'success');
    expect(held(app).supplier).toMatchObject({ name: 'Ingram Micro UK', leadTimeDays: 2 });
    app.store.dispatch(supplierProductsActions.filterChanged({ key: 'supplier', value: ingram._id }));
    await vi.waitFor(() => expect(app.store.getState().supplierProducts).toMatchObject({ status: 'loaded', total: 1 }));
    app.store.dispatch(deleteSupplierRequested(ingram._id));
    await app.toastShown(MESSAGES.supplierArchived, 'success');
    expect(held(app).supplier?.archivedAt).toEqual(expect.any(String));
    app.store.dispatch(restoreSupplierRequested(ingram._id));
    await app.toastShown(MESSAGES.supplierRestored, 'success');
    expect(held(app).supplier?.archivedAt).toBeNull();

    const lone = (await (async () => {
      app.store.dispatch(createSupplierRequested({ ...EMPTY_SUPPLIER_FIELDS, name: 'Lone Supplier' }));
      await app.toastShown(MESSAGES.supplierAdded, 'success');
      return mockDb.suppliers.find((s) => s.name === 'Lone Supplier')!;
    })());
    await loaded(app, lone._id);
    app.store.dispatch(deleteSupplierRequested(lone._id));
    await app.toastShown(MESSAGES.supplierDeleted, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/suppliers', undefined);
  });

  it("a product's suppliers: loaded with the choices; a link added as preferred takes the flag; a refusal shows under its field; removed", async () => {
    const app = await signedInApp();
    const laptop = demoProducts.find((p) => p.name === 'ThinkPad X1 Carbon Gen 11')!;
    app.store.dispatch(linksRequested(laptop._id));
    await vi.waitFor(() => expect(links(app).status).toBe('loaded'));
    expect(links(app).links.map((l) => [l.supplier.name, l.preferred])).toEqual([
      ['Ingram Micro', true],
      ['Northwind Distribution', false],
    ]);
    await vi.waitFor(() => expect(links(app).choices).toHaveLength(demoSuppliers.length));
    const contoso = named('Contoso Components');
    app.store.dispatch(linkRequested({ productId: laptop._id, supplierId: contoso._id, fields: { partNumber: 'C-1', packSize: 2, lastCost: 1200, preferred: true }, adding: true }));
    await app.toastShown(MESSAGES.productSupplierAdded, 'success');
    await vi.waitFor(() => expect(links(app).links[0]).toMatchObject({ supplier: { name: 'Contoso Components' }, preferred: true, packSize: 2 }));
    expect(links(app).links.filter((l) => l.preferred)).toHaveLength(1);
    app.store.dispatch(linkRequested({ productId: laptop._id, supplierId: contoso._id, fields: { partNumber: '', packSize: 1, lastCost: null, preferred: true }, adding: true }));
    await vi.waitFor(() => expect(app.store.getState().formErrors.byForm.productSupplier).toEqual({ supplierId: MESSAGES.productSupplierExists('Contoso Components') }));
    expect(links(app).saving).toBe(false);
    app.store.dispatch(unlinkRequested({ productId: laptop._id, supplierId: contoso._id }));
    await app.toastShown(MESSAGES.productSupplierRemoved, 'success');
    await vi.waitFor(() => expect(links(app).links.map((l) => l.supplier.name)).toEqual(['Ingram Micro', 'Northwind Distribution']));
  });
});
