import { expect, type Page } from '@playwright/test';

/** A signed-in screen of the app: a name for test titles and the path to open. */
export interface Screen {
  name: string;
  path: string;
}

/** The ids the detail and edit screens open; made by `seedProductAndOrder`. */
export interface SeededRecords {
  productId: string;
  orderId: string;
  customerId: string;
  supplierId: string;
  /** An order of several lines, part shipped and part returned (issue 27). */
  salesOrderId: string;
  /** A draft purchase order, and one sent (issue 28). */
  draftPurchaseOrderId: string;
  sentPurchaseOrderId: string;
}

/**
 * Every signed-in screen with real content (the placeholder invoice and bill-report pages left out), in the order of
 * the navigation. Detail and edit screens need a product and an order, hence the seeded ids.
 */
export function signedInScreens({ productId, orderId, customerId, supplierId, salesOrderId, draftPurchaseOrderId, sentPurchaseOrderId }: SeededRecords): Screen[] {
  return [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'add product', path: '/add-product' },
    { name: 'product detail', path: `/product-detail/${productId}` },
    { name: 'edit product', path: `/edit-product/${productId}` },
    { name: 'categories', path: '/categories' },
    { name: 'orders', path: '/orders' },
    { name: 'add order', path: '/add-Order' },
    { name: 'order detail', path: `/order-detail/${orderId}` },
    { name: 'edit order', path: `/edit-order/${orderId}` },
    { name: 'new order of lines', path: '/orders/new' },
    { name: 'order of lines detail', path: `/order-detail/${salesOrderId}` },
    { name: 'edit order of lines', path: `/edit-order/${salesOrderId}` },
    { name: 'customers', path: '/customers' },
    { name: 'add customer', path: '/add-customer' },
    { name: 'customer detail', path: `/customers/${customerId}` },
    { name: 'edit customer', path: `/edit-customer/${customerId}` },
    { name: 'to reorder', path: '/reorder' },
    { name: 'suppliers', path: '/suppliers' },
    { name: 'add supplier', path: '/add-supplier' },
    { name: 'supplier detail', path: `/suppliers/${supplierId}` },
    { name: 'edit supplier', path: `/edit-supplier/${supplierId}` },
    { name: 'purchase orders', path: '/purchase-orders' },
    { name: 'new purchase order', path: '/purchase-orders/new' },
    { name: 'purchase order detail', path: `/purchase-orders/${sentPurchaseOrderId}` },
    { name: 'edit purchase order', path: `/edit-purchase-order/${draftPurchaseOrderId}` },
    { name: 'receive', path: `/purchase-orders/${sentPurchaseOrderId}/receive` },
    { name: 'profile', path: '/profile' },
    { name: 'edit profile', path: '/edit-profile' },
    { name: 'contact', path: '/contact-us' },
    { name: 'team', path: '/team' },
    { name: 'store settings', path: '/store-settings' },
    { name: 'api tokens', path: '/api-tokens' },
    { name: 'import products', path: '/products/import' },
    { name: 'labels', path: `/labels?ids=${productId}` },
  ];
}

/**
 * Adds, through the API of the signed-in page's session, a product that is low on stock (so the reorder screen lists
 * it once the order takes its stock) with a long name and description, a customer with long names, an order of the
 * product placed for the customer, a supplier of the product with long names, and an order of several lines for the
 * customer, part shipped and part returned, and two purchase orders of the product (a draft, and one sent), so every
 * screen shows real rows and long text.
 */
export async function seedProductAndOrder(page: Page): Promise<SeededRecords> {
  const product = await page.request.post('/api/products', {
    multipart: {
      name: 'Lenovo ThinkPad X1 Carbon Gen 11 with a rather long product name',
      category: 'Business Laptops',
      price: '1899.99',
      quantity: '10',
      reorderPoint: '8',
      description: '<p>Business ultrabook with <strong>32 GB RAM</strong>, a 14-inch 2.8K OLED screen and LTE.</p>',
    },
  });
  expect(product.status()).toBe(201);
  const { _id: productId } = (await product.json()) as { _id: string };

  const customer = await page.request.post('/api/customers', {
    data: {
      name: 'Maximiliane Oberhauser-Wittgenstein',
      company: 'Oberhauser Präzisionsinstrumente und Messtechnik GmbH',
      email: 'maximiliane.oberhauser-wittgenstein@praezisionsinstrumente.example',
      phone: '+49 89 1234 5678',
      billingAddress: 'Leopoldstraße 244\n80807 München\nGermany',
      taxId: 'DE123456789',
    },
  });
  expect(customer.status()).toBe(201);
  const { _id: customerId } = (await customer.json()) as { _id: string };

  const order = await page.request.post('/api/orders', {
    data: {
      name: 'Lenovo ThinkPad X1 Carbon Gen 11',
      category: 'Business Laptops',
      price: 1899.99,
      quantity: 4,
      productId,
      customerId,
    },
  });
  expect(order.status()).toBe(201);
  const { _id: orderId } = (await order.json()) as { _id: string };

  const supplier = await page.request.post('/api/suppliers', {
    data: {
      name: 'Großhandel für Computerzubehör und Bürokommunikation Süd',
      contact: 'Friedrich-Wilhelm Hohenzollern-Sigmaringen',
      email: 'bestellungen.einkauf@grosshandel-computerzubehoer.example',
      phone: '+49 711 9876 5432',
      address: 'Königstraße 1\n70173 Stuttgart\nGermany',
      leadTimeDays: 12,
    },
  });
  expect(supplier.status()).toBe(201);
  const { _id: supplierId } = (await supplier.json()) as { _id: string };
  const link = await page.request.post(`/api/products/${productId}/suppliers`, {
    data: { supplierId, partNumber: 'GH-LEN-X1C11-32GB-LTE', packSize: 5, lastCost: 1520.4 },
  });
  expect(link.status()).toBe(201);

  const salesOrder = await page.request.post('/api/orders', {
    data: {
      customerId,
      lines: [
        { productId, quantity: 2, unitPrice: 1899.99, discountPercent: 5 },
        { description: 'Extended warranty and on-site service for three years with next-business-day response', quantity: 1, unitPrice: 249 },
      ],
    },
  });
  expect(salesOrder.status()).toBe(201);
  const { _id: salesOrderId, lines } = (await salesOrder.json()) as { _id: string; lines: { _id: string }[] };
  const shipment = await page.request.post(`/api/orders/${salesOrderId}/shipments`, {
    data: { lines: [{ lineId: lines[0]!._id, quantity: 1 }], carrier: 'Deutsche Post DHL Group Paket International', trackingNumber: 'JJD000390007812345678' },
  });
  expect(shipment.status()).toBe(201);
  const taken = await page.request.post(`/api/orders/${salesOrderId}/returns`, {
    data: { lines: [{ lineId: lines[0]!._id, quantity: 1, reason: 'defective' }] },
  });
  expect(taken.status()).toBe(201);

  const purchaseOrder = async (notes: string) => {
    const made = await page.request.post('/api/purchase-orders', {
      data: { supplierId, expectedDate: '2031-03-08', notes, lines: [{ productId, quantity: 12, unitCost: 1520.4 }] },
    });
    expect(made.status()).toBe(201);
    return ((await made.json()) as { _id: string })._id;
  };
  const draftPurchaseOrderId = await purchaseOrder('Draft: to check the quantities with the warehouse before sending.');
  const sentPurchaseOrderId = await purchaseOrder('Deliver to the loading bay at the back of the building, before noon.');
  const sent = await page.request.post(`/api/purchase-orders/${sentPurchaseOrderId}/status`, { data: { status: 'ordered' } });
  expect(sent.status()).toBe(200);
  return { productId, orderId, customerId, supplierId, salesOrderId, draftPurchaseOrderId, sentPurchaseOrderId };
}
