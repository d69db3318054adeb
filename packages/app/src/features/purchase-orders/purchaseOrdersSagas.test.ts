import { PURCHASE_MESSAGES } from '@inventory/contract';
import { mockDb } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { setupMockApi, signedInTestApp, type TestApp } from '../../../test/harness';
import { purchaseOrderListActions } from './purchaseOrderListSlice';
import { cable, dock, LINE_IDS, northwind, PURCHASE_ORDER_ID, seedBuying, seedPurchaseOrder } from './purchaseOrderSeeds';
import {
  purchaseOrderCreateRequested,
  purchaseOrderDeleteRequested,
  purchaseOrderMailRequested,
  purchaseOrderRequested,
  purchaseOrderStatusRequested,
  purchaseOrderUpdateRequested,
  receiptRequested,
  receiptsRequested,
  supplierSearchRequested,
} from './purchaseOrdersSlice';
import { PURCHASE_TEXT } from './purchaseTexts';

setupMockApi();

const state = (app: TestApp) => app.store.getState().purchaseOrders;
const stockOf = (id: string) => mockDb.products.find((product) => product._id === id)?.quantity;
const stored = () => mockDb.purchaseOrders.find((order) => order._id === PURCHASE_ORDER_ID);

async function shown(app: TestApp) {
  app.store.dispatch(purchaseOrderRequested(PURCHASE_ORDER_ID));
  await vi.waitFor(() => expect(state(app).itemStatus).toBe('loaded'));
  return state(app).order!;
}

/** Records the bodies and headers of the requests of `method` to `path`. */
function requestsOf(method: string, path: RegExp) {
  const seen: { body: unknown; headers: Headers }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      seen.push({ body: await request.clone().json().catch(() => null), headers: request.headers });
  });
  return seen;
}

const draftBody = {
  supplierId: northwind._id,
  expectedDate: '2024-03-08',
  notes: 'Back door',
  lines: [
    { productId: dock._id, quantity: 4, unitCost: 118 },
    { productId: cable._id, quantity: 20, unitCost: null },
  ],
};

describe('purchase orders', () => {
  it('a draft is saved with its lines, numbered by the store, toasted, and its page opens', async () => {
    const app = await signedInTestApp(() => seedBuying());
    const posts = requestsOf('POST', /^\/api\/purchase-orders$/);
    app.store.dispatch(purchaseOrderCreateRequested(draftBody));
    await app.toastShown(PURCHASE_TEXT.saved('PO-00001'), 'success');
    expect(posts.map((post) => post.body)).toEqual([draftBody]);
    const created = mockDb.purchaseOrders.at(-1)!;
    expect(created.status).toBe('draft');
    expect(app.navigate).toHaveBeenCalledWith(`/purchase-orders/${created._id}`, undefined);
    expect(state(app).saving).toBe(false);
  });

  it('the list: filtered by status and supplier, searched by number', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('ordered'));
    const list = () => app.store.getState().purchaseOrderList;
    app.store.dispatch(purchaseOrderListActions.reloadRequested());
    await vi.waitFor(() => expect(list().status).toBe('loaded'));
    expect(list().items.map((order) => order.reference)).toEqual(['PO-00001']);
    app.store.dispatch(purchaseOrderListActions.filterChanged({ key: 'status', value: 'draft' }));
    await vi.waitFor(() => expect(list().status).toBe('loaded'));
    expect(list().items).toEqual([]);
    app.store.dispatch(purchaseOrderListActions.filterChanged({ key: 'status', value: '' }));
    app.store.dispatch(purchaseOrderListActions.filterChanged({ key: 'supplierId', value: northwind._id }));
    app.store.dispatch(purchaseOrderListActions.searchChanged('po 1'));
    await vi.waitFor(() => expect(list().items.map((order) => order.reference)).toEqual(['PO-00001']));
  });

  it('the supplier picker offers the store suppliers by name', async () => {
    const app = await signedInTestApp(() => seedBuying());
    app.store.dispatch(supplierSearchRequested('north'));
    await vi.waitFor(() => expect(state(app).suppliersStatus).toBe('loaded'));
    expect(state(app).suppliers.map((supplier) => supplier.name)).toEqual([northwind.name]);
  });

  it('a draft edit sends the whole new lines with the ETag and goes back to the order', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('draft'));
    await shown(app);
    const patches = requestsOf('PATCH', /^\/api\/purchase-orders\//);
    const body = { ...draftBody, lines: [{ productId: dock._id, quantity: 6, unitCost: 118 }] };
    app.store.dispatch(purchaseOrderUpdateRequested({ id: PURCHASE_ORDER_ID, body }));
    await app.toastShown(PURCHASE_TEXT.updated('PO-00001'), 'success');
    expect(patches[0]!.headers.get('if-match')).toBeTruthy();
    expect(state(app).order!.lines!.map((line) => line.quantity)).toEqual([6]);
    expect(app.navigate).toHaveBeenCalledWith(`/purchase-orders/${PURCHASE_ORDER_ID}`, undefined);
  });

  it('sending a draft with a line without a unit cost is refused: the toast names the line', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('draft'));
    await shown(app);
    app.store.dispatch(purchaseOrderStatusRequested({ id: PURCHASE_ORDER_ID, status: 'ordered' }));
    await vi.waitFor(() => expect(app.toasts('error').join()).toMatch(/Give every line a unit cost before ordering: Line 2/));
    expect(stored()!.status).toBe('draft');
    expect(state(app).acting).toBeNull();
  });

  it('sent: ordered, toasted; mailed to the supplier through the outbox', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('draft'));
    stored()!.lines[1]!.unitCostCents = 200;
    await shown(app);
    app.store.dispatch(purchaseOrderStatusRequested({ id: PURCHASE_ORDER_ID, status: 'ordered' }));
    await app.toastShown(PURCHASE_TEXT.sent('PO-00001'), 'success');
    expect(state(app).order!.status).toBe('ordered');
    app.store.dispatch(purchaseOrderMailRequested(PURCHASE_ORDER_ID));
    await app.toastShown(PURCHASE_MESSAGES.mailed(northwind.email), 'success');
    expect(mockDb.outbox.at(-1)!.to).toBe(northwind.email);
  });

  it('a draft is deleted and the list opens', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('draft'));
    await shown(app);
    app.store.dispatch(purchaseOrderDeleteRequested(PURCHASE_ORDER_ID));
    await app.toastShown(PURCHASE_MESSAGES.deleted, 'success');
    expect(stored()).toBeUndefined();
    expect(app.navigate).toHaveBeenCalledWith('/purchase-orders', undefined);
  });

  it('received in two parts: stock moves, the status follows, the receipts are listed, the key is sent', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('ordered'));
    await shown(app);
    app.store.dispatch(receiptsRequested(PURCHASE_ORDER_ID));
    await vi.waitFor(() => expect(state(app).receiptsStatus).toBe('loaded'));
    const posts = requestsOf('POST', /\/receipts$/);
    const before = stockOf(dock._id)!;
    app.store.dispatch(
      receiptRequested({ orderId: PURCHASE_ORDER_ID, body: { lines: [{ lineId: LINE_IDS[0]!, quantity: 1, unitCost: 120 }] }, key: 'k1' }),
    );
    await app.toastShown(PURCHASE_TEXT.received(1), 'success');
    expect(posts[0]!.headers.get('idempotency-key')).toBe('k1');
    expect(stockOf(dock._id)).toBe(before + 1);
    expect(state(app).order!.status).toBe('partly_received');
    expect(state(app).receipts).toHaveLength(1);
    expect(app.navigate).not.toHaveBeenCalled();
    app.store.dispatch(
      receiptRequested({
        orderId: PURCHASE_ORDER_ID,
        body: { lines: [{ lineId: LINE_IDS[0]!, quantity: 3 }, { lineId: LINE_IDS[1]!, quantity: 20 }] },
        key: 'k2',
      }),
    );
    await app.toastShown(PURCHASE_TEXT.receivedInFull('PO-00001'), 'success');
    expect(state(app).order!.status).toBe('received');
    expect(state(app).receiptsRecorded).toBe(2);
    expect(app.navigate).toHaveBeenCalledWith(`/purchase-orders/${PURCHASE_ORDER_ID}`, undefined);
  });

  it('more than is outstanding: the 409 is kept for the screen, the order read again, nothing received', async () => {
    const app = await signedInTestApp(() => seedPurchaseOrder('partly_received'));
    await shown(app);
    // Meanwhile another phone received the rest of the docks.
    stored()!.lines[0]!.received = 4;
    const before = stockOf(dock._id);
    app.store.dispatch(
      receiptRequested({ orderId: PURCHASE_ORDER_ID, body: { lines: [{ lineId: LINE_IDS[0]!, quantity: 2 }] }, key: 'k3' }),
    );
    await vi.waitFor(() => expect(state(app).receiptRefusal).toMatch(/^Line 1 \(USB-C dock\): nothing is outstanding/));
    await vi.waitFor(() => expect(state(app).order!.lines![0]!.outstanding).toBe(0));
    expect(stockOf(dock._id)).toBe(before);
    expect(state(app).receiving).toBe(false);
    expect(app.toasts('error')).toEqual([]);
  });
});
