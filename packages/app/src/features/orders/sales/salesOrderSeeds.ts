import {
  fromCents,
  specRowOfLines,
  type Order,
  type OrderReturn,
  type Shipment,
  type TaxRate,
} from '@inventory/contract';
import {
  demoUser,
  makeOrder,
  makeProduct,
  mockDb,
  seedOrders,
  seedProducts,
  seedTaxRates,
  signedIn,
  storeIdForUser,
  type StateHook,
} from '@inventory/mocks';

/**
 * The mock state of orders of several lines for the stories and the saga tests (the mocks have no seed of their own
 * for them): a laptop, a dock and two cables, as issue 27's shop sells them, the store's tax rates, and one order in
 * each status with its shipments and returns. Only stories and tests import this file.
 */

export const laptop = makeProduct({
  _id: '27000000-0000-4000-8000-000000000001',
  name: 'ThinkPad T14',
  category: 'Laptops',
  sku: 'LAP-T14',
  barcode: '4006381333900',
  price: 1299,
  quantity: 5,
});
export const dock = makeProduct({
  _id: '27000000-0000-4000-8000-000000000002',
  name: 'USB-C dock',
  category: 'Accessories',
  sku: 'DOCK-USBC',
  price: 189.9,
  quantity: 1,
});
export const cable = makeProduct({
  _id: '27000000-0000-4000-8000-000000000003',
  name: 'USB-C cable 2 m',
  category: 'Cables',
  sku: 'CAB-USB-C-2M',
  barcode: '4006381333917',
  price: 19.9,
  quantity: 12,
});
export const SALES_PRODUCTS = [laptop, dock, cable];

export const SALES_ORDER_ID = '27000000-0000-4000-8000-0000000000a1';
const LINE_IDS = [
  '27000000-0000-4000-8000-0000000000b1',
  '27000000-0000-4000-8000-0000000000b2',
  '27000000-0000-4000-8000-0000000000b3',
];

export type SalesOrderState = 'open' | 'partly_shipped' | 'shipped' | 'cancelled';

interface SeedLine {
  _id: string;
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountBp: number;
  taxRateId: string | null;
  shipped: number;
  returned: number;
  cancelled: number;
}

/** The store's rates: VAT 20 % (its default) and a reduced 7 %. */
export function seedSalesTaxRates(): TaxRate[] {
  return seedTaxRates([
    { name: 'VAT', percent: 20, isDefault: true },
    { name: 'Reduced', percent: 7 },
  ]);
}

/** The three lines of the order in `state`: 1 laptop, 1 dock at 10 % off, 2 cables (reduced rate). */
function linesIn(state: SalesOrderState, rates: TaxRate[]): SeedLine[] {
  const [vat, reduced] = rates;
  const shipped = { open: [0, 0, 0], partly_shipped: [1, 0, 1], shipped: [1, 1, 2], cancelled: [0, 0, 0] }[state];
  const returned = state === 'shipped' ? [0, 0, 1] : [0, 0, 0];
  return [
    {
      productId: laptop._id,
      description: laptop.name,
      quantity: 1,
      unitPriceCents: 129900,
      discountBp: 0,
      taxRateId: vat!._id,
    },
    {
      productId: dock._id,
      description: dock.name,
      quantity: 1,
      unitPriceCents: 18990,
      discountBp: 1000,
      taxRateId: vat!._id,
    },
    {
      productId: cable._id,
      description: cable.name,
      quantity: 2,
      unitPriceCents: 1990,
      discountBp: 0,
      taxRateId: reduced!._id,
    },
  ].map((line, i) => ({
    ...line,
    _id: LINE_IDS[i]!,
    shipped: shipped[i]!,
    returned: returned[i]!,
    cancelled: state === 'cancelled' ? line.quantity : 0,
  }));
}

const at = (day: string) => `${day}T10:00:00.000Z`;

/**
 * Signs in nothing: seeds the demo user's store with the products, the rates and SO-00001 in `state` (its SPEC row by
 * the contract's specRowOfLines, as the server keeps it), with the shipments and returns that brought it there.
 */
export function seedSalesOrder(state: SalesOrderState): Order {
  seedProducts(SALES_PRODUCTS, demoUser._id);
  const rates = seedSalesTaxRates();
  const lines = linesIn(state, rates);
  const row = specRowOfLines(
    lines.map((line) => ({ ...line, discountPercent: line.discountBp / 100 })),
    rates,
    false,
  );
  if ('refusal' in row) throw new Error(row.refusal.message);
  const order = {
    ...makeOrder({
      _id: SALES_ORDER_ID,
      name: row.name,
      category: laptop.category,
      price: fromCents(row.priceCents),
      quantity: row.quantity,
      status: row.status,
      createdAt: at('2024-03-01'),
    }),
    orderLines: lines,
  };
  const storeId = storeIdForUser(demoUser._id);
  const shipments: Shipment[] =
    state === 'partly_shipped'
      ? [
          {
            _id: '27000000-0000-4000-8000-0000000000c1',
            orderId: SALES_ORDER_ID,
            date: '2024-03-04',
            carrier: 'DHL',
            trackingNumber: 'JD014600003SE',
            lines: [
              { lineId: LINE_IDS[0]!, quantity: 1 },
              { lineId: LINE_IDS[2]!, quantity: 1 },
            ],
            createdAt: at('2024-03-04'),
          },
        ]
      : state === 'shipped'
        ? [
            {
              _id: '27000000-0000-4000-8000-0000000000c1',
              orderId: SALES_ORDER_ID,
              date: '2024-03-04',
              carrier: 'DHL',
              trackingNumber: 'JD014600003SE',
              lines: [
                { lineId: LINE_IDS[0]!, quantity: 1 },
                { lineId: LINE_IDS[2]!, quantity: 1 },
              ],
              createdAt: at('2024-03-04'),
            },
            {
              _id: '27000000-0000-4000-8000-0000000000c2',
              orderId: SALES_ORDER_ID,
              date: '2024-03-08',
              carrier: 'UPS',
              trackingNumber: '1Z999AA10123456784',
              lines: [
                { lineId: LINE_IDS[1]!, quantity: 1 },
                { lineId: LINE_IDS[2]!, quantity: 1 },
              ],
              createdAt: at('2024-03-08'),
            },
          ]
        : [];
  const returns: OrderReturn[] =
    state === 'shipped'
      ? [
          {
            _id: '27000000-0000-4000-8000-0000000000d1',
            orderId: SALES_ORDER_ID,
            lines: [{ lineId: LINE_IDS[2]!, quantity: 1, reason: 'not_wanted', restock: true }],
            createdAt: at('2024-03-11'),
          },
        ]
      : [];
  mockDb.shipments.push(...shipments.map((shipment) => ({ ...shipment, storeId })));
  mockDb.orderReturns.push(...returns.map((taken) => ({ ...taken, storeId })));
  seedOrders([order as Order], demoUser._id);
  return order as Order;
}

/** Story state hook: signed in as the demo user, whose store has SO-00001 in `state` (seedSalesOrder). */
export function withSalesOrder(state: SalesOrderState): StateHook {
  return () => {
    const cleanup = signedIn()();
    seedSalesOrder(state);
    return cleanup;
  };
}
