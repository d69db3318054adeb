import { toCents } from '@inventory/contract';
import {
  demoUser,
  makeProduct,
  makeSupplier,
  mockDb,
  seedProducts,
  seedSuppliers,
  signedIn,
  storeIdForUser,
  type StateHook,
} from '@inventory/mocks';

/**
 * The mock state of purchase orders for the stories and the saga tests (the mocks have no seed of their own for
 * them): a stockroom's dock, cables and toner from two suppliers, and PO-00001 in each status with the receipts that
 * brought it there. Only stories and tests import this file.
 */

export const dock = makeProduct({
  _id: '28000000-0000-4000-8000-000000000001',
  name: 'USB-C dock',
  category: 'Accessories',
  sku: 'DOCK-USBC',
  barcode: '4006381333924',
  price: 189.9,
  cost: 120,
  quantity: 1,
  reorderPoint: 4,
});
export const cable = makeProduct({
  _id: '28000000-0000-4000-8000-000000000002',
  name: 'Cat6 cable 2 m',
  category: 'Cables',
  sku: 'CAB-CAT6-2M',
  barcode: '4006381333931',
  price: 6.5,
  cost: 2.1,
  quantity: 3,
  reorderPoint: 20,
});
export const toner = makeProduct({
  _id: '28000000-0000-4000-8000-000000000003',
  name: 'HP 59A toner',
  category: 'Printers',
  sku: 'TON-59A',
  price: 119,
  cost: null,
  quantity: 0,
  reorderPoint: 2,
});
export const mouse = makeProduct({
  _id: '28000000-0000-4000-8000-000000000004',
  name: 'Logitech MX Master 3S',
  category: 'Accessories',
  sku: 'MOU-MX3S',
  price: 99,
  cost: 71.4,
  quantity: 30,
  reorderPoint: 5,
});
export const BUY_PRODUCTS = [dock, cable, toner, mouse];

export const northwind = makeSupplier({
  _id: '28000000-0000-4000-8000-0000000000e1',
  name: 'Northwind Distribution',
  email: 'orders@northwind.example',
  leadTimeDays: 5,
});
export const contoso = makeSupplier({
  _id: '28000000-0000-4000-8000-0000000000e2',
  name: 'Contoso Components',
  email: '',
  leadTimeDays: null,
});
/** The dock and the cables come from Northwind (preferred; cables in packs of 10), the mouse from Contoso; the toner has no supplier. */
const LINKS = [
  { product: dock.name, supplier: northwind.name, partNumber: 'NW-DOCK-C', packSize: 1, lastCost: 118 },
  { product: cable.name, supplier: northwind.name, partNumber: 'NW-C6-2', packSize: 10, lastCost: 2 },
  { product: mouse.name, supplier: contoso.name, partNumber: 'CT-MX3S', packSize: 1, lastCost: 70 },
];

export const PURCHASE_ORDER_ID = '28000000-0000-4000-8000-0000000000a1';
export const LINE_IDS = ['28000000-0000-4000-8000-0000000000b1', '28000000-0000-4000-8000-0000000000b2'];

export type PurchaseOrderState = 'draft' | 'ordered' | 'partly_received' | 'received' | 'cancelled';

const at = (day: string) => `${day}T10:00:00.000Z`;

/** The store's products and suppliers, no purchase order yet. */
export function seedBuying(): void {
  seedProducts(BUY_PRODUCTS, demoUser._id);
  seedSuppliers([northwind, contoso], LINKS, demoUser._id);
}

/**
 * PO-00001 from Northwind in `state`: 4 docks at 118.00 and 20 cables at 2.00 (a draft's cables not costed yet);
 * partly received: 1 dock and 10 cables came in one receipt; received: everything, in two.
 */
export function seedPurchaseOrder(state: PurchaseOrderState): void {
  seedBuying();
  const storeId = storeIdForUser(demoUser._id);
  const received = { draft: [0, 0], ordered: [0, 0], partly_received: [1, 10], received: [4, 20], cancelled: [0, 0] }[state];
  const sent = state !== 'draft';
  mockDb.purchaseOrders = mockDb.purchaseOrders.filter((order) => order.storeId !== storeId);
  mockDb.receipts = mockDb.receipts.filter((receipt) => receipt.storeId !== storeId);
  mockDb.purchaseOrders.push({
    _id: PURCHASE_ORDER_ID,
    storeId,
    number: 1,
    supplierId: northwind._id,
    status: state,
    expectedDate: '2024-03-08',
    notes: 'Deliver to the back door.',
    orderedAt: sent ? at('2024-03-02') : null,
    lines: [
      { _id: LINE_IDS[0]!, productId: dock._id, quantity: 4, unitCostCents: toCents(118), received: received[0]! },
      { _id: LINE_IDS[1]!, productId: cable._id, quantity: 20, unitCostCents: sent ? toCents(2) : null, received: received[1]! },
    ],
    createdAt: at('2024-03-01'),
    updatedAt: at('2024-03-02'),
    version: 1,
    creator: null,
    changer: null,
  });
  const receipt = (id: string, day: string, dockCount: number, cableCount: number) => ({
    _id: id,
    storeId,
    purchaseOrderId: PURCHASE_ORDER_ID,
    lines: [
      ...(dockCount ? [{ lineId: LINE_IDS[0]!, quantity: dockCount, unitCostCents: toCents(118) }] : []),
      ...(cableCount ? [{ lineId: LINE_IDS[1]!, quantity: cableCount, unitCostCents: toCents(2) }] : []),
    ],
    createdAt: at(day),
    actor: null,
  });
  if (state === 'partly_received' || state === 'received')
    mockDb.receipts.push(receipt('28000000-0000-4000-8000-0000000000c1', '2024-03-06', 1, 10));
  if (state === 'received') mockDb.receipts.push(receipt('28000000-0000-4000-8000-0000000000c2', '2024-03-08', 3, 10));
  mockDb.sequences[`${storeId}/purchase_order`] = 1;
}

/** Story state hook: signed in as the demo user (an owner), whose store has PO-00001 in `state`. */
export function withPurchaseOrder(state: PurchaseOrderState): StateHook {
  return () => {
    const cleanup = signedIn()();
    seedPurchaseOrder(state);
    return cleanup;
  };
}

/** Story state hook: signed in, the products and suppliers, no purchase order yet. */
export function withBuying(): StateHook {
  return () => {
    const cleanup = signedIn()();
    seedBuying();
    return cleanup;
  };
}
