import { MESSAGES, SALES_MESSAGES, type Order } from '@inventory/contract';
import { mockDb } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { describe, expect, it, vi } from 'vitest';
import { setupMockApi, signedInTestApp, type TestApp } from '../../../../test/harness';
import { getOrderRequested } from '../ordersSlice';
import { cable, dock, laptop, SALES_ORDER_ID, seedSalesOrder, seedSalesTaxRates } from './salesOrderSeeds';
import {
  cancelRequested,
  fulfilmentRequested,
  pricingRequested,
  returnRequested,
  salesOrderCreateRequested,
  salesOrderUpdateRequested,
  shipmentRequested,
} from './salesSlice';
import { SALES_TEXT } from './salesTexts';

setupMockApi();

const sales = (app: TestApp) => app.store.getState().sales;
const shown = (app: TestApp) => app.store.getState().orders.order;
const stockOf = (id: string) => mockDb.products.find((product) => product._id === id)?.quantity;

async function orderShown(app: TestApp): Promise<Order> {
  app.store.dispatch(getOrderRequested(SALES_ORDER_ID));
  await vi.waitFor(() => expect(shown(app)?._id).toBe(SALES_ORDER_ID));
  return shown(app)!;
}

/** Records the bodies of the requests of `method` to `path`. */
function bodiesOf(method: string, path: RegExp) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      bodies.push(await request.clone().json());
  });
  return bodies;
}

describe('orders of several lines', () => {
  it("the form's pricing: the store's tax rates and whether its prices include tax", async () => {
    const app = await signedInTestApp(() => seedSalesTaxRates());
    app.store.dispatch(pricingRequested());
    await vi.waitFor(() => expect(sales(app).pricingStatus).toBe('loaded'));
    expect(sales(app).pricing).toMatchObject({ pricesIncludeTax: false, currencySymbol: '$' });
    expect(sales(app).pricing!.taxRates.map((rate) => [rate.name, rate.isDefault])).toEqual([
      ['VAT', true],
      ['Reduced', false],
    ]);
  });

  it('placing sends the lines and the customer, takes their stock, toasts and opens the order', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('open'));
    const posts = bodiesOf('POST', /^\/api\/orders$/);
    const lines = [
      {
        productId: laptop._id,
        description: laptop.name,
        quantity: 1,
        unitPrice: 1299,
        discountPercent: null,
        taxRateId: null,
      },
      {
        productId: cable._id,
        description: cable.name,
        quantity: 2,
        unitPrice: 19.9,
        discountPercent: 12.5,
        taxRateId: null,
      },
      { productId: null, description: 'Gift wrap', quantity: 1, unitPrice: 3, discountPercent: null, taxRateId: null },
    ];
    const before = stockOf(cable._id)!;
    app.store.dispatch(salesOrderCreateRequested({ lines, customerId: null }));
    await app.toastShown(MESSAGES.orderAdded, 'success');
    expect(posts).toEqual([{ lines, customerId: null }]);
    expect(stockOf(cable._id)).toBe(before - 2);
    expect(app.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/order-detail\/[0-9a-f-]{36}$/), undefined);
    expect(sales(app).saving).toBe(false);
  });

  it('a shortage is refused whole: the 409 names the short line, nothing moves and the form stays', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('open'));
    const before = stockOf(laptop._id);
    app.store.dispatch(
      salesOrderCreateRequested({
        customerId: null,
        lines: [
          {
            productId: laptop._id,
            description: laptop.name,
            quantity: 1,
            unitPrice: 1299,
            discountPercent: null,
            taxRateId: null,
          },
          {
            productId: dock._id,
            description: dock.name,
            quantity: 3,
            unitPrice: 189.9,
            discountPercent: null,
            taxRateId: null,
          },
        ],
      }),
    );
    await vi.waitFor(() => expect(app.toasts('error').join()).toMatch(/^Not enough stock\. Line 2 \(USB-C dock\)/));
    expect(stockOf(laptop._id)).toBe(before);
    expect(app.navigate).not.toHaveBeenCalled();
    expect(sales(app).saving).toBe(false);
  });

  it('an edit sends each kept line by its lineId with the ETag and goes back to the order', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('partly_shipped'));
    const order = await orderShown(app);
    const patches = bodiesOf('PATCH', /^\/api\/orders\//);
    const lines = order.lines!.map((line) => ({
      lineId: line._id,
      productId: line.productId,
      description: line.description,
      quantity: line._id === order.lines![2]!._id ? 3 : line.quantity,
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      taxRateId: line.taxRateId,
    }));
    app.store.dispatch(salesOrderUpdateRequested({ id: SALES_ORDER_ID, body: { lines, customerId: null } }));
    await app.toastShown(MESSAGES.orderUpdated, 'success');
    expect(patches).toEqual([{ lines, customerId: null }]);
    expect(shown(app)!.lines!.map((line) => line.quantity)).toEqual([1, 1, 3]);
    expect(app.navigate).toHaveBeenCalledWith(`/order-detail/${SALES_ORDER_ID}`, undefined);
  });

  it('a shipment of part of the order: recorded, the order reloaded partly shipped, its shipments listed', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('open'));
    const order = await orderShown(app);
    app.store.dispatch(fulfilmentRequested(SALES_ORDER_ID));
    await vi.waitFor(() => expect(sales(app).fulfilmentStatus).toBe('loaded'));
    const laptopLine = order.lines![0]!;
    const body = {
      lines: [{ lineId: laptopLine._id, quantity: 1 }],
      date: '2026-11-28',
      carrier: 'DHL',
      trackingNumber: 'JD1',
    };
    app.store.dispatch(shipmentRequested({ orderId: SALES_ORDER_ID, body }));
    await app.toastShown(SALES_TEXT.shipmentRecorded, 'success');
    expect(shown(app)!.salesStatus).toBe('partly_shipped');
    expect(shown(app)!.lines![0]).toMatchObject({ shipped: 1, outstanding: 0 });
    expect(sales(app).shipments).toEqual([
      expect.objectContaining({ carrier: 'DHL', trackingNumber: 'JD1', lines: body.lines }),
    ]);
    expect(sales(app)).toMatchObject({ recording: null, recorded: 1 });
  });

  it('a shipment of more than is left is the 409 as a toast; nothing recorded', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('open'));
    const order = await orderShown(app);
    app.store.dispatch(
      shipmentRequested({
        orderId: SALES_ORDER_ID,
        body: {
          lines: [{ lineId: order.lines![1]!._id, quantity: 2 }],
          date: '2026-11-28',
          carrier: '',
          trackingNumber: '',
        },
      }),
    );
    await app.toastShown(SALES_MESSAGES.shipmentExceeds('Line 2 (USB-C dock)', 2, 1), 'error');
    expect(sales(app)).toMatchObject({ recording: null, recorded: 0 });
  });

  it('a return back to stock puts the units back and is listed with its reason', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('partly_shipped'));
    const order = await orderShown(app);
    const before = stockOf(cable._id)!;
    const body = {
      lines: [{ lineId: order.lines![2]!._id, quantity: 1, reason: 'not_wanted' as const, restock: true }],
    };
    app.store.dispatch(returnRequested({ orderId: SALES_ORDER_ID, body }));
    await app.toastShown(SALES_TEXT.returnRecorded, 'success');
    expect(stockOf(cable._id)).toBe(before + 1);
    expect(shown(app)!.lines![2]).toMatchObject({ returned: 1 });
    expect(sales(app).returns).toEqual([expect.objectContaining({ lines: body.lines })]);
  });

  it('cancelling gives back what has not shipped and the order shows cancelled', async () => {
    const app = await signedInTestApp(() => seedSalesOrder('open'));
    const order = await orderShown(app);
    const before = stockOf(dock._id)!;
    app.store.dispatch(cancelRequested(order));
    await app.toastShown(MESSAGES.orderCancelled, 'success');
    expect(shown(app)!.salesStatus).toBe('cancelled');
    expect(stockOf(dock._id)).toBe(before + 1);
    expect(app.navigate).not.toHaveBeenCalled();
  });
});
