import { exportFileName, MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, makeProduct, makeSupplier, mockDb, seedProducts, seedSuppliers } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { ORDER_THESE_TEXT, REORDER_PAGE_SIZE } from './reorderSagas';
import {
  orderTheseRequested,
  reorderChoiceToggled,
  reorderExportRequested,
  reorderListRequested,
  reorderMoreRequested,
} from './reorderSlice';
import { browserTimeZone } from '../../csv-links/timeZone';

setupMockApi();

const demo: LoginPayload = { email: demoUser.email, password: demoUser.password };

async function signedInApp(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested(demo));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

describe('to reorder', () => {
  it('pages through the products at or below their reorder point', async () => {
    const low = Array.from({ length: REORDER_PAGE_SIZE + 5 }, (_, i) =>
      makeProduct({ name: `Low ${i}`, quantity: 1, reorderPoint: 2, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() }),
    );
    seedProducts([...low, makeProduct({ name: 'Fine', quantity: 9, reorderPoint: 2 }), makeProduct({ name: 'None', quantity: 0 })]);
    const app = await signedInApp();
    app.store.dispatch(reorderListRequested());
    await vi.waitFor(() => expect(app.store.getState().reorder.status).toBe('loaded'));
    expect(app.store.getState().reorder.items).toHaveLength(REORDER_PAGE_SIZE);
    expect(app.store.getState().reorder.total).toBe(REORDER_PAGE_SIZE + 5);
    app.store.dispatch(reorderMoreRequested());
    await vi.waitFor(() => expect(app.store.getState().reorder.items).toHaveLength(REORDER_PAGE_SIZE + 5));
    expect(app.store.getState().reorder.next).toBeNull();
    expect(app.store.getState().reorder.items.every((p) => p.name.startsWith('Low'))).toBe(true);
  });
});

describe('the to-reorder export', () => {
  it('follows the exports\' rule: a BOM, numbers unquoted, the date and the browser\'s zone in the name', async () => {
    seedProducts([
      makeProduct({ name: 'Dock, USB-C', sku: 'ACC-1', category: 'Docks', quantity: 1, reorderPoint: 3 }),
      makeProduct({ name: '=cmd', sku: 'ACC-2', category: 'Docks', quantity: 0, reorderPoint: 1 }),
    ]);
    // The browser's download (an object URL and a clicked link), stood in for: these tests run in node.
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => ((blob = made as Blob), 'blob:reorder'));
    const link = { href: '', download: '', click: () => files.push({ name: link.download, blob: blob! }), remove: () => {} };
    vi.stubGlobal('document', { createElement: () => link, body: { append: () => {} } });
    try {
      const app = await signedInApp();
      app.store.dispatch(reorderExportRequested());
      await app.toastShown('Exported 2 products to reorder', 'success');
      expect(files).toHaveLength(1);
      const zone = browserTimeZone() ?? 'UTC';
      expect(files[0]!.name).toBe(exportFileName('to-reorder', new Date(), zone));
      expect(files[0]!.name).toMatch(/^to-reorder-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = new Uint8Array(await new Response(files[0]!.blob).arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).split('\r\n');
      expect(lines[0]).toBe('Name,SKU,Category,Quantity,Reorder point,To order,On order,Expected');
      // Stock alone (the list as it was asked): what is on order is not known, so blank.
      expect(lines.slice(1, 3).sort()).toEqual(['"Dock, USB-C",ACC-1,Docks,1,3,3,,', "'=cmd,ACC-2,Docks,0,1,2,,"]);
    } finally {
      create.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe('"Order these"', () => {
  const mouse = makeProduct({ _id: '28100000-0000-4000-8000-000000000001', name: 'MX Master 3S', quantity: 2, reorderPoint: 5 });
  const toner = makeProduct({ _id: '28100000-0000-4000-8000-000000000002', name: 'HP 59A toner', quantity: 0, reorderPoint: 2 });
  const fine = makeProduct({ _id: '28100000-0000-4000-8000-000000000003', name: 'Fine', quantity: 9, reorderPoint: 2 });
  const fabrikam = makeSupplier({ name: 'Fabrikam', email: 'orders@fabrikam.example' });

  function arrange() {
    seedProducts([mouse, toner, fine]);
    seedSuppliers([fabrikam], [{ product: mouse.name, supplier: fabrikam.name, packSize: 10, lastCost: 71.4 }]);
  }

  it('lists what is low counting what is on order, each with its shortfall', async () => {
    arrange();
    const app = await signedInApp();
    app.store.dispatch(reorderListRequested({ countsOnOrder: true }));
    await vi.waitFor(() => expect(app.store.getState().reorder.status).toBe('loaded'));
    expect(app.store.getState().reorder.counted.map((row) => [row.product.name, row.shortfall])).toEqual([
      ['HP 59A toner', 3],
      ['MX Master 3S', 4],
    ]);
  });

  it('one draft for the preferred supplier, in packs; the product without one is said; the page stays', async () => {
    arrange();
    const app = await signedInApp();
    app.store.dispatch(reorderListRequested({ countsOnOrder: true }));
    await vi.waitFor(() => expect(app.store.getState().reorder.status).toBe('loaded'));
    app.store.dispatch(reorderChoiceToggled({ ids: [mouse._id, toner._id], chosen: true }));
    app.store.dispatch(orderTheseRequested(app.store.getState().reorder.chosen));
    await app.toastShown(ORDER_THESE_TEXT.made(1), 'success');
    const { suggestion, chosen, ordering } = app.store.getState().reorder;
    expect(suggestion!.created.map((order) => [order.supplier.name, order.status, order.lineCount])).toEqual([['Fabrikam', 'draft', 1]]);
    expect(suggestion!.withoutSupplier).toEqual([{ productId: toner._id, name: toner.name, quantity: 3 }]);
    expect(mockDb.purchaseOrders.at(-1)!.lines.map((line) => line.quantity)).toEqual([10]);
    expect(chosen).toEqual([]);
    expect(ordering).toBe(false);
    expect(app.navigate).not.toHaveBeenCalledWith(expect.stringMatching(/^\/purchase-orders/), undefined);
  });

  it('exports the list as counted: what is on order and when, "To order" by the same rule as the screen', async () => {
    arrange();
    const app = await signedInApp();
    app.store.dispatch(orderTheseRequested([mouse._id]));
    await app.toastShown(ORDER_THESE_TEXT.made(1), 'success');
    // The draft sent, 2 of the mouse on order by 1 December.
    const sent = mockDb.purchaseOrders.at(-1)!;
    Object.assign(sent, { status: 'ordered', expectedDate: '2026-12-01' });
    sent.lines[0]!.quantity = 2;
    app.store.dispatch(reorderListRequested({ countsOnOrder: true }));
    await vi.waitFor(() => expect(app.store.getState().reorder.status).toBe('loaded'));
    const files: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => (files.push(made as Blob), 'blob:reorder'));
    vi.stubGlobal('document', { cookie: '', createElement: () => ({ click: () => {}, remove: () => {} }), body: { append: () => {} } });
    try {
      app.store.dispatch(reorderExportRequested());
      await app.toastShown('Exported 2 products to reorder', 'success');
      const lines = (await new Response(files[0]!).text()).replace('\uFEFF', '').split('\r\n');
      expect(lines[0]).toBe('Name,SKU,Category,Quantity,Reorder point,To order,On order,Expected');
      // As the screen shows each: the mouse (2 on hand + 2 on order, point 5) needs 2 more, the toner 3.
      const shown = app.store.getState().reorder.counted.map((row) => [row.product.name, row.shortfall]);
      expect(shown).toEqual([['HP 59A toner', 3], ['MX Master 3S', 2]]);
      expect(lines.slice(1, 3).map((line) => line.split(',').slice(3).join(',')).sort()).toEqual(['0,2,3,0,', '2,5,2,2,2026-12-01']);
    } finally {
      create.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('everything ordered: the draft opens', async () => {
    arrange();
    const app = await signedInApp();
    app.store.dispatch(orderTheseRequested([mouse._id]));
    await app.toastShown(ORDER_THESE_TEXT.made(1), 'success');
    expect(app.navigate).toHaveBeenCalledWith(`/purchase-orders/${mockDb.purchaseOrders.at(-1)!._id}`, undefined);
  });
});
