import { exportFileName, MESSAGES, type LoginPayload } from '@inventory/contract';
import { demoUser, makeProduct, seedProducts } from '@inventory/mocks';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { REORDER_PAGE_SIZE } from './reorderSagas';
import { reorderExportRequested, reorderListRequested, reorderMoreRequested } from './reorderSlice';
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
      expect(lines[0]).toBe('Name,SKU,Category,Quantity,Reorder point,To order');
      expect(lines.slice(1, 3).sort()).toEqual(['"Dock, USB-C",ACC-1,Docks,1,3,5', "'=cmd,ACC-2,Docks,0,1,2"]);
    } finally {
      create.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
