import { IMPORT_MESSAGES } from '@inventory/contract';
import { demoStore, failing, productsOf, signedInAs } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signedInTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { NETWORK_FAILURE_MESSAGE } from './importSagas';
import { fileChosen, importRequested, mappingChanged, numberFormatChanged, type ImportPhase } from './importSlice';

setupMockApi();

const SUPPLIER_CSV =
  '\uFEFFSKU;Product name;Category;Price;Qty\n' +
  'ACC-0001;"Logitech MX Master 3S, graphite";Accessories;99.99;12\n' +
  'ACC-0002;Dell Pro Dock WD25;Accessories;249.00;4\n';
const BAD_CSV = 'SKU;Product name;Category;Price;Qty\nACC-0001;Mouse;Accessories;ninety;12\n';

const csvFile = (text: string, name = 'supplier.csv') => new File([text], name, { type: 'text/csv' });
const importState = (app: TestApp) => app.store.getState().productImport;

/** Signed in as an owner with an empty catalogue, the file chosen and its two unguessed columns mapped. */
async function withFileMapped(text = SUPPLIER_CSV): Promise<TestApp> {
  const app = await signedInTestApp(signedInAs('owner', { products: [] }));
  app.store.dispatch(fileChosen({ file: csvFile(text) }));
  await vi.waitFor(() => expect(importState(app).file?.name).toBe('supplier.csv'));
  app.store.dispatch(mappingChanged({ field: 'name', header: 'Product name' }));
  app.store.dispatch(mappingChanged({ field: 'quantity', header: 'Qty' }));
  return app;
}

/** Every phase the import goes through from now on. */
function phasesOf(app: TestApp): ImportPhase[] {
  const phases: ImportPhase[] = [];
  app.store.subscribe(() => {
    const { phase } = importState(app);
    if (phases.at(-1) !== phase) phases.push(phase);
  });
  return phases;
}

describe('CSV import', () => {
  it('reads the chosen file and guesses the mapping from its header', async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    app.store.dispatch(fileChosen({ file: csvFile(SUPPLIER_CSV) }));
    await vi.waitFor(() => expect(importState(app).phase).toBe('idle'));
    expect(importState(app).headers).toEqual(['SKU', 'Product name', 'Category', 'Price', 'Qty']);
    expect(importState(app).rows).toHaveLength(2);
    // "Product name" and "Qty" are synonyms of Name and Quantity.
    expect(importState(app).mapping).toEqual({
      sku: 'SKU',
      name: 'Product name',
      category: 'Category',
      price: 'Price',
      quantity: 'Qty',
    });
    expect(importState(app)).toMatchObject({ encoding: 'utf-8-bom', delimiter: ';', numberFormat: 'point' });
  });

  it("sends the number format the user confirmed, and keeps the dry run's reading of the file", async () => {
    const app = await signedInTestApp(signedInAs('owner'));
    const french = 'Désignation;Catégorie;Prix;Quantité\nÉcran 27 pouces;Écrans;1.299,00 €;4\nCâble;Câbles;7,50 €;20\n';
    app.store.dispatch(fileChosen({ file: csvFile(french) }));
    await vi.waitFor(() => expect(importState(app).phase).toBe('idle'));
    expect(importState(app).numberFormat).toBe('comma');
    app.store.dispatch(numberFormatChanged('point'));
    app.store.dispatch(importRequested({ dryRun: true }));
    await vi.waitFor(() => expect(importState(app).rejected).not.toBeNull());
    expect(importState(app).rejected?.errors[0]).toEqual({
      row: 2,
      column: 'Prix',
      message: IMPORT_MESSAGES.numberFormat('1,299.00'),
    });
    app.store.dispatch(numberFormatChanged('comma'));
    app.store.dispatch(importRequested({ dryRun: true }));
    await vi.waitFor(() =>
      expect(importState(app).checked).toMatchObject({ created: 2, updated: 0, delimiter: ';', numberFormat: 'comma' }),
    );
  });

  it('keeps the previous file when the next one is not a CSV', async () => {
    const app = await withFileMapped();
    app.store.dispatch(fileChosen({ file: new File(['PK'], 'sheet.xlsx') }));
    await vi.waitFor(() => expect(importState(app).problem).toBe(IMPORT_MESSAGES.notCsv));
    expect(importState(app).file?.name).toBe('supplier.csv');
    expect(importState(app).mapping.quantity).toBe('Qty');
  });

  it('keeps the columns the user picked when a fixed file is chosen again', async () => {
    const app = await withFileMapped(BAD_CSV);
    app.store.dispatch(fileChosen({ file: csvFile(SUPPLIER_CSV, 'fixed.csv') }));
    await vi.waitFor(() => expect(importState(app).file?.name).toBe('fixed.csv'));
    expect(importState(app).mapping).toEqual({
      sku: 'SKU',
      name: 'Product name',
      category: 'Category',
      price: 'Price',
      quantity: 'Qty',
    });
  });

  it("leaves a file's cost column out of what staff send (the server refuses it from them); owners import it", async () => {
    const withCost = 'SKU,Name,Category,Price,Qty,Unit Cost\nACC-0001,Dock,Accessories,249,4,180.50\n';
    const sent: string[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/api/products/import')) sent.push(String((await request.clone().formData()).get('mapping')));
    });
    const staff = await signedInTestApp(signedInAs('staff', { products: [] }));
    staff.store.dispatch(fileChosen({ file: csvFile(withCost) }));
    await vi.waitFor(() => expect(importState(staff).phase).toBe('idle'));
    // Guessed from the header as for anyone; not shown or sent for staff.
    expect(importState(staff).mapping.cost).toBe('Unit Cost');
    staff.store.dispatch(importRequested({ dryRun: false }));
    await staff.toastShown('Imported 1 new, updated 0', 'success');
    expect(JSON.parse(sent[0]!)).toEqual({ sku: 'SKU', name: 'Name', category: 'Category', price: 'Price', quantity: 'Qty' });
    expect(productsOf(demoStore._id)[0]).toMatchObject({ sku: 'ACC-0001', cost: null });

    const owner = await signedInTestApp(signedInAs('owner', { products: [] }));
    owner.store.dispatch(fileChosen({ file: csvFile(withCost) }));
    await vi.waitFor(() => expect(importState(owner).phase).toBe('idle'));
    owner.store.dispatch(importRequested({ dryRun: false }));
    await owner.toastShown('Imported 1 new, updated 0', 'success');
    server.events.removeAllListeners();
    expect(JSON.parse(sent[1]!)).toMatchObject({ cost: 'Unit Cost' });
    expect(productsOf(demoStore._id)[0]).toMatchObject({ sku: 'ACC-0001', cost: 180.5 });
  });

  it('checks the file without writing: the counts, nothing in the catalogue', async () => {
    const app = await withFileMapped();
    app.store.dispatch(importRequested({ dryRun: true }));
    await vi.waitFor(() => expect(importState(app).checked).toMatchObject({ created: 2, updated: 0 }));
    expect(productsOf(demoStore._id)).toHaveLength(0);
    expect(importState(app).phase).toBe('idle');
  });

  it('imports: uploading then processing, the counts in a toast, the dashboard, the rows in the catalogue', async () => {
    const app = await withFileMapped();
    const phases = phasesOf(app);
    app.store.dispatch(importRequested({ dryRun: false }));
    await app.toastShown('Imported 2 new, updated 0', 'success');
    expect(app.navigate).toHaveBeenCalledWith('/dashboard', undefined);
    expect(phases[0]).toBe('uploading');
    expect(phases.at(-1)).toBe('idle');
    expect(importState(app).file).toBeNull();
    expect(
      productsOf(demoStore._id)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Dell Pro Dock WD25', 'Logitech MX Master 3S, graphite']);
  });

  it('lists the rows the server refuses (422) and keeps the file and mapping for a retry', async () => {
    const app = await withFileMapped(BAD_CSV);
    app.store.dispatch(importRequested({ dryRun: false }));
    await vi.waitFor(() => expect(importState(app).rejected).not.toBeNull());
    expect(importState(app).rejected?.errors).toEqual([{ row: 2, column: 'Price', message: expect.any(String) }]);
    expect(importState(app).mapping).toMatchObject({ name: 'Product name', quantity: 'Qty' });
    expect(importState(app).file?.name).toBe('supplier.csv');
    expect(productsOf(demoStore._id)).toHaveLength(0);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('says when the file is too big (413)', async () => {
    const app = await withFileMapped();
    server.use(failing('/api/products/import', 413, IMPORT_MESSAGES.tooLarge(1024 * 1024), 'post'));
    app.store.dispatch(importRequested({ dryRun: false }));
    await app.toastShown('The file is larger than 1 MB', 'error');
    expect(importState(app).failure).toBe('The file is larger than 1 MB');
    expect(importState(app).phase).toBe('idle');
  });

  it('says when the connection fails', async () => {
    const app = await withFileMapped();
    server.use(http.post('*/api/products/import', () => HttpResponse.error()));
    app.store.dispatch(importRequested({ dryRun: true }));
    await app.toastShown(NETWORK_FAILURE_MESSAGE, 'error');
    expect(importState(app).failure).toBe(NETWORK_FAILURE_MESSAGE);
    expect(importState(app).file?.name).toBe('supplier.csv');
  });

  it('a viewer is refused with the server’s message', async () => {
    const app = await signedInTestApp(signedInAs('viewer'));
    app.store.dispatch(fileChosen({ file: csvFile('Name,Category,Price,Quantity\nMouse,Accessories,5,1\n') }));
    await vi.waitFor(() => expect(importState(app).file).not.toBeNull());
    app.store.dispatch(importRequested({ dryRun: false }));
    await vi.waitFor(() => expect(importState(app).failure).toMatch(/add products or orders/));
    expect(app.toasts('error')).toHaveLength(1);
  });
});
