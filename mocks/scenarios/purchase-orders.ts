import {
  MESSAGES,
  type Page,
  type Product,
  type PurchaseOrder,
  type Receipt,
  type ReceiptCreated,
  type ReorderList,
  type ReorderSuggestionAnswer,
  PURCHASE_MESSAGES,
  SALES_MESSAGES,
  type Supplier,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { etagOf, formOf, isoDate, UNKNOWN_UUID, withoutAudit } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

/** Issue 28 (docs/decisions/0042): purchase orders, receiving in parts, the moving average, on order, "Order these". */

const ORDERS = '/api/purchase-orders';

async function supplier(client: ScenarioClient, name: string, fields: object = {}): Promise<Supplier> {
  const response = await client.post<Supplier>('/api/suppliers', { name, email: 'orders@example.com', ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

async function product(client: ScenarioClient, fields: Record<string, string>): Promise<Product> {
  const response = await client.postForm<Product>('/api/products', formOf({ category: 'Parts', price: '9.99', quantity: '0', ...fields }));
  expect(response.status).toBe(201);
  return response.body;
}

async function draft(client: ScenarioClient, body: object): Promise<PurchaseOrder> {
  const response = await client.post<PurchaseOrder>(ORDERS, body);
  expect(response.status).toBe(201);
  return response.body;
}

type WithOnOrder = Product & { onOrder?: { quantity: number; expectedDate: string | null } };
const productOf = async (client: ScenarioClient, id: string) => (await client.get<WithOnOrder>(`/api/products/${id}`)).body;

export const purchaseOrderScenarios: Scenario[] = [
  {
    name: 'purchase orders: every route answers 401 when signed out',
    async run(client) {
      const url = `${ORDERS}/${UNKNOWN_UUID}`;
      for (const response of [
        await client.get(ORDERS),
        await client.post(ORDERS, {}),
        await client.get(`${ORDERS}/reorder`),
        await client.post(`${ORDERS}/suggestions`, { all: true }),
        await client.get(url),
        await client.patch(url, {}),
        await client.delete(url),
        await client.post(`${url}/status`, { status: 'ordered' }),
        await client.post(`${url}/mail`),
        await client.get(`${url}/pdf`),
        await client.post(`${url}/receipts`, { lines: [] }),
        await client.get(`${url}/receipts`),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'purchase orders: a draft numbered PO-00001, edited at its version, sent only with every cost, listed, deleted while a draft',
    async run(client) {
      await register(client, 'percy');
      const northwind = await supplier(client, 'Northwind');
      const dock = await product(client, { name: 'USB-C Dock' });
      const cable = await product(client, { name: 'USB-C Cable' });
      expectMessage(await client.post(ORDERS, { supplierId: northwind._id, lines: [] }), 400, 'Add at least one line');
      expectMessage(await client.post(ORDERS, { supplierId: UNKNOWN_UUID, lines: [{ productId: dock._id, quantity: 1 }] }), 404, MESSAGES.supplierNotFound);
      expectMessage(await client.post(ORDERS, { supplierId: northwind._id, lines: [{ productId: UNKNOWN_UUID, quantity: 1 }] }), 400, 'Line 1: no product of the store has this id');

      const created = await client.post<PurchaseOrder>(ORDERS, {
        supplierId: northwind._id,
        expectedDate: '2030-01-15',
        lines: [{ productId: dock._id, quantity: 4, unitCost: 121.5 }, { productId: cable._id, quantity: 10, unitCost: null }],
      });
      expect(created.status).toBe(201);
      expect(etagOf(created)).toBe('"1"');
      const order = created.body;
      expect(withoutAudit(order)).toEqual({
        _id: expect.any(String),
        number: 1,
        reference: 'PO-00001',
        supplier: { _id: northwind._id, name: 'Northwind', email: 'orders@example.com' },
        status: 'draft',
        expectedDate: '2030-01-15',
        notes: '',
        orderedAt: null,
        lineCount: 2,
        total: null,
        lines: [
          { _id: expect.any(String), product: { _id: dock._id, name: 'USB-C Dock', sku: dock.sku }, quantity: 4, unitCost: 121.5, received: 0, outstanding: 4 },
          { _id: expect.any(String), product: { _id: cable._id, name: 'USB-C Cable', sku: cable.sku }, quantity: 10, unitCost: null, received: 0, outstanding: 10 },
        ],
        createdAt: isoDate,
        updatedAt: isoDate,
      });
      const url = `${ORDERS}/${order._id}`;
      expect((await client.get(url)).body).toEqual(order);
      expectMessage(await client.post(`${url}/status`, { status: 'ordered' }), 409, 'Give every line a unit cost before ordering: Line 2 (USB-C Cable).');
      expectMessage(await client.patch(url, { notes: 'x' }, { headers: { 'if-match': '"7"' } }), 409, MESSAGES.editConflict);
      const edited = await client.patch<PurchaseOrder>(url, { notes: 'Ring first', lines: [{ productId: dock._id, quantity: 4, unitCost: 121.5 }, { productId: cable._id, quantity: 10, unitCost: 2.05 }] }, { headers: { 'if-match': '"1"' } });
      expect({ status: edited.status, etag: etagOf(edited), notes: edited.body.notes, total: edited.body.total }).toEqual({ status: 200, etag: '"2"', notes: 'Ring first', total: 506.5 });

      expectMessage(await client.post(`${url}/mail`), 409, 'Order this purchase order before mailing it; this one is draft.');
      const sent = await client.post<PurchaseOrder>(`${url}/status`, { status: 'ordered' });
      expect(sent.body).toMatchObject({ status: 'ordered', orderedAt: isoDate });
      expectMessage(await client.patch(url, { notes: 'y' }), 409, 'A purchase order can be changed only while it is a draft; this one is ordered.');
      expectMessage(await client.delete(url), 409, 'Only a draft purchase order can be deleted; this one is ordered. Cancel it instead.');
      expect((await productOf(client, dock._id)).onOrder).toEqual({ quantity: 4, expectedDate: '2030-01-15' });
      expectMessage(await client.post(`${url}/mail`), 200, 'Purchase order mailed to orders@example.com');
      const pdf = await client.get(`${url}/pdf`);
      expect({ status: pdf.status, type: pdf.headers.get('content-type'), disposition: pdf.headers.get('content-disposition') }).toEqual({ status: 200, type: 'application/pdf', disposition: 'attachment; filename="PO-00001.pdf"' });
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');

      const other = await draft(client, { supplierId: northwind._id, lines: [{ productId: dock._id, quantity: 1, unitCost: 1 }] });
      expect(other.reference).toBe('PO-00002');
      const page = (await client.get<Page<PurchaseOrder>>(`${ORDERS}?limit=1`)).body;
      expect(page).toMatchObject({ total: 2, totalExact: true, prev: null, items: [{ _id: other._id, lineCount: 1, total: 1 }] });
      expect(page.items[0]).not.toHaveProperty('lines');
      expect((await client.get<Page<PurchaseOrder>>(`${ORDERS}?limit=1&after=${page.next}`)).body.items.map((o) => o._id)).toEqual([order._id]);
      expect((await client.get<Page<PurchaseOrder>>(`${ORDERS}?status=ordered`)).body.items.map((o) => o.reference)).toEqual(['PO-00001']);
      expect((await client.get<Page<PurchaseOrder>>(`${ORDERS}?q=po-2`)).body.items.map((o) => o.reference)).toEqual(['PO-00002']);
      expectMessage(await client.get(`${ORDERS}?status=lost`), 400, MESSAGES.invalidListQuery);
      expect((await client.delete(`${ORDERS}/${other._id}`)).body).toEqual({ message: 'Purchase order deleted' });
      expectMessage(await client.get(`${ORDERS}/${other._id}`), 404, 'Purchase order not found');

      const cancelled = await client.post<PurchaseOrder>(`${url}/status`, { status: 'cancelled' });
      expect(cancelled.body.status).toBe('cancelled');
      expect(await productOf(client, dock._id)).not.toHaveProperty('onOrder');
      expectMessage(await client.post(`${url}/status`, { status: 'ordered' }), 409, 'A purchase order cannot go from cancelled to ordered.');
      const stranger = client.newSession();
      await register(stranger, 'stan');
      expectMessage(await stranger.get(url), 404, 'Purchase order not found');
    },
  },
  {
    name: 'purchase orders: received in parts; the moving average of the worked example (10 at 1.00, sell 5, 5 at 1.30 → 1.15); more than outstanding is refused whole',
    async run(client) {
      await register(client, 'rita');
      const acme = await supplier(client, 'Acme');
      const widget = await product(client, { name: 'Widget' });
      const gadget = await product(client, { name: 'Gadget', quantity: '3', cost: '2.00' });
      const order = await draft(client, { supplierId: acme._id, lines: [{ productId: widget._id, quantity: 15, unitCost: 1 }, { productId: gadget._id, quantity: 5, unitCost: 3 }] });
      const url = `${ORDERS}/${order._id}`;
      const [widgetLine, gadgetLine] = order.lines!.map((line) => line._id);
      expectMessage(await client.post(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 1 }] }), 409, 'Order this purchase order before receiving it.');
      expect((await client.post(`${url}/status`, { status: 'ordered' })).status).toBe(200);

      expectMessage(await client.post(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 10 }, { lineId: gadgetLine, quantity: 6 }] }), 409, 'Line 2 (Gadget): only 5 outstanding, not 6.');
      expect(await productOf(client, widget._id)).toMatchObject({ quantity: 0, cost: null });
      expectMessage(await client.post(`${url}/receipts`, { lines: [{ lineId: UNKNOWN_UUID, quantity: 1 }] }), 400, SALES_MESSAGES.requestLineUnknown);
      expectMessage(await client.post(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 1, unitCost: 'x' }] }), 400, PURCHASE_MESSAGES.receiptUnitCostInvalid);

      const first = await client.post<ReceiptCreated>(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 10 }] });
      expect(first.status).toBe(201);
      expect(first.body.purchaseOrder).toMatchObject({ status: 'partly_received' });
      expect(first.body.receipt).toEqual({ _id: expect.any(String), purchaseOrderId: order._id, lines: [{ lineId: widgetLine, product: { _id: widget._id, name: 'Widget', sku: widget.sku }, quantity: 10, unitCost: 1 }], createdAt: isoDate, createdBy: { name: 'Rita Tester', token: null } });
      expect(await productOf(client, widget._id)).toMatchObject({ quantity: 10, cost: 1, onOrder: { quantity: 5, expectedDate: null } });
      expect((await client.post('/api/orders', { name: 'Widget', category: 'Parts', price: 3, quantity: 5, productId: widget._id })).status).toBe(201);

      // 5 × 1.00 + 5 × 1.30 = 11.50 over 10 units = 1.15; and 3 at 2.00 with 5 at 3.00: 21.00 / 8 = 2.625 → 2.63.
      const second = await client.post<ReceiptCreated>(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 5, unitCost: 1.3 }, { lineId: gadgetLine, quantity: 5 }] });
      expect(second.body.purchaseOrder).toMatchObject({ status: 'received', lines: [{ received: 15, outstanding: 0 }, { received: 5, outstanding: 0 }] });
      expect(await productOf(client, widget._id)).toMatchObject({ quantity: 10, cost: 1.15 });
      expect(await productOf(client, gadget._id)).toMatchObject({ quantity: 8, cost: 2.63 });
      const receipts = (await client.get<Receipt[]>(`${url}/receipts`)).body;
      expect(receipts.map((receipt) => receipt.lines.map((line) => [line.quantity, line.unitCost]))).toEqual([[[10, 1]], [[5, 1.3], [5, 3]]]);
      const movements = (await client.get<{ items: { reason: string; change: number }[] }>(`/api/products/${widget._id}/movements`)).body.items;
      expect(movements.filter((movement) => movement.reason === 'received').map((movement) => movement.change).sort()).toEqual([10, 5].sort());
      expectMessage(await client.post(`${url}/receipts`, { lines: [{ lineId: widgetLine, quantity: 1 }] }), 409, 'A received purchase order has nothing left to receive.');
    },
  },
  {
    name: 'purchase orders: "Order these" makes one draft per preferred supplier in whole packs minus what is on order; the reorder list counts what is on order',
    async run(client) {
      await register(client, 'oscar');
      const bolts = await supplier(client, 'Zed Bolts');
      const nuts = await supplier(client, 'acme nuts');
      const bolt = await product(client, { name: 'Bolt', quantity: '2', reorderPoint: '10', cost: '0.10' });
      const nut = await product(client, { name: 'Nut', quantity: '2', reorderPoint: '10' });
      const washer = await product(client, { name: 'Washer', quantity: '1', reorderPoint: '4' });
      const fine = await product(client, { name: 'Fine', quantity: '50', reorderPoint: '4' });
      expect((await client.post(`/api/products/${bolt._id}/suppliers`, { supplierId: bolts._id, packSize: 6 })).status).toBe(201);
      expect((await client.post(`/api/products/${nut._id}/suppliers`, { supplierId: nuts._id, packSize: 6, lastCost: 0.05 })).status).toBe(201);
      const onOrder = await draft(client, { supplierId: nuts._id, lines: [{ productId: nut._id, quantity: 5, unitCost: 0.05 }] });
      expect((await client.post(`${ORDERS}/${onOrder._id}/status`, { status: 'ordered' })).status).toBe(200);

      const list = (await client.get<ReorderList>(`${ORDERS}/reorder`)).body;
      expect(list.total).toBe(3);
      expect(list.items.map((item) => [item.product.name, item.quantity, item.reorderPoint, item.onOrder.quantity, item.shortfall])).toEqual([
        ['Bolt', 2, 10, 0, 9],
        ['Nut', 2, 10, 5, 4],
        ['Washer', 1, 4, 0, 4],
      ]);
      expectMessage(await client.post(`${ORDERS}/suggestions`, {}), 400, 'Send productIds (a list of product ids) or all: true');

      const answer = await client.post<ReorderSuggestionAnswer>(`${ORDERS}/suggestions`, { productIds: [bolt._id, nut._id, washer._id, fine._id] });
      expect(answer.status).toBe(201);
      expect(answer.body.created.map((order) => [order.supplier.name, order.status, order.lines!.map((line) => [line.product!.name, line.quantity, line.unitCost])])).toEqual([
        ['acme nuts', 'draft', [['Nut', 6, 0.05]]],
        ['Zed Bolts', 'draft', [['Bolt', 12, 0.1]]],
      ]);
      expect(answer.body.withoutSupplier).toEqual([{ productId: washer._id, name: 'Washer', quantity: 4 }]);
      expect(answer.body.nothingToOrder).toEqual([fine._id]);
      // Drafts are not on order yet: the list is as it was.
      expect((await client.get<ReorderList>(`${ORDERS}/reorder`)).body.total).toBe(3);
    },
  },
];
