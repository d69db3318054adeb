import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';
import { wedgeScan } from '../support/wedge';

interface Created {
  _id: string;
  quantity: number;
  cost?: number | null;
  onOrder?: { quantity: number; expectedDate: string | null };
}

async function addProduct(page: Page, fields: Record<string, string>): Promise<Created> {
  const response = await page.request.post('/api/products', { multipart: { description: '', ...fields } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

async function productNow(page: Page, product: Created): Promise<Created> {
  return (await (await page.request.get(`/api/products/${product._id}`)).json()) as Created;
}

/** A keyboard-wedge scanner: the code typed in a burst and Enter, with the focus on no field. */
async function scanOnPage(page: Page, code: string) {
  await page.getByRole('heading', { level: 1 }).click();
  await wedgeScan(page, code);
}

/**
 * Issue 28's journey against the real server: two products low on stock from one supplier, "Order these" on the To
 * Reorder page, the draft sent, then received in two parts on a phone by scanning; stock, cost and on order follow,
 * and the reorder page is empty again.
 */
test('buy: low stock, "Order these", sent, received in two parts on a phone by scanning', async ({ page }) => {
  await signUp(page);
  const dock = await addProduct(page, {
    name: 'USB-C dock', category: 'Accessories', sku: 'DOCK-USBC', barcode: '4006381333924', price: '189.90', cost: '100', quantity: '1', reorderPoint: '4',
  });
  const cable = await addProduct(page, {
    name: 'Cat6 cable 2 m', category: 'Cables', sku: 'CAB-CAT6-2M', barcode: '4006381333931', price: '6.50', cost: '2', quantity: '3', reorderPoint: '20',
  });
  const supplier = await page.request.post('/api/suppliers', { data: { name: 'Northwind Distribution', email: 'orders@northwind.example', leadTimeDays: 5 } });
  expect(supplier.status()).toBe(201);
  const { _id: supplierId } = (await supplier.json()) as { _id: string };
  for (const [product, packSize, lastCost] of [[dock, 1, 118], [cable, 10, 2]] as const) {
    const link = await page.request.post(`/api/products/${product._id}/suppliers`, { data: { supplierId, packSize, lastCost } });
    expect(link.status()).toBe(201);
  }

  // Low on stock: both chosen and ordered from the list.
  await page.goto('/reorder');
  const table = page.getByRole('table', { name: 'Products to reorder' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Choose every product shown' }).check();
  await page.getByRole('button', { name: 'Order these (2)' }).click();
  await expectToast(page, '1 draft purchase order made');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Order PO-00001' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Purchase order lines' });
  // 4 docks bring 1 above 4; 18 cables bring 3 above 20, in packs of 10: 20.
  await expect(lines.getByRole('row', { name: /USB-C dock/ })).toContainText('$472.00');
  await expect(lines.getByRole('row', { name: /Cat6 cable/ })).toContainText('$40.00');

  // Sent: on order from now, so nothing is left to reorder.
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'PO-00001 is ordered');
  await expect(page.locator('dl').getByText('Ordered', { exact: true })).toBeVisible();
  expect((await productNow(page, dock)).onOrder?.quantity).toBe(4);
  await page.goto(`/product-detail/${cable._id}`);
  await expect(page.getByText(/^20, expected /)).toBeVisible();
  await page.goto('/reorder');
  await expect(page.getByText('Nothing to reorder: every product is above its reorder point, counting what is on order.')).toBeVisible();

  // In the stockroom, on a phone: the first part.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/purchase-orders');
  await page.getByRole('link', { name: 'PO-00001' }).click();
  await page.getByRole('link', { name: 'Receive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receive PO-00001' })).toBeVisible();
  const dockCard = page.getByRole('listitem', { name: 'USB-C dock' });
  const cableCard = page.getByRole('listitem', { name: 'Cat6 cable 2 m' });
  await scanOnPage(page, '4006381333924');
  await expect(dockCard.getByRole('textbox', { name: 'Count of USB-C dock' })).toHaveValue('1');
  await scanOnPage(page, '4006381333924');
  await expect(dockCard.getByRole('textbox', { name: 'Count of USB-C dock' })).toHaveValue('2');
  await cableCard.getByRole('textbox', { name: 'Count of Cat6 cable 2 m' }).fill('10');
  await page.getByRole('button', { name: 'Submit receipt (12 items)' }).click();
  await expectToast(page, '12 items received');
  await expect(dockCard).toContainText('2 outstanding');
  await expect(cableCard).toContainText('10 outstanding');

  // The rest: scanned into the code field (a scanner with the focus there), and one more by the + button.
  const code = page.getByRole('textbox', { name: 'Scan or type a code' });
  await code.fill('4006381333924');
  await code.press('Enter');
  await expect(dockCard.getByRole('textbox', { name: 'Count of USB-C dock' })).toHaveValue('1');
  await dockCard.getByRole('button', { name: 'One more USB-C dock' }).click();
  await cableCard.getByRole('textbox', { name: 'Count of Cat6 cable 2 m' }).fill('10');
  await page.getByRole('button', { name: 'Submit receipt (12 items)' }).click();
  await expectToast(page, 'PO-00001 is received in full');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Order PO-00001' })).toBeVisible();
  await expect(page.locator('dl').getByText('Received', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Receipts' }).getByRole('listitem')).toHaveCount(2);

  // Stock and what it cost moved; nothing is on order; nothing is left to reorder.
  const dockNow = await productNow(page, dock);
  expect(dockNow.quantity).toBe(5);
  // (1 × 100.00 + 4 × 118.00) / 5 = 114.40
  expect(dockNow.cost).toBe(114.4);
  expect(dockNow.onOrder).toBeUndefined();
  expect((await productNow(page, cable)).quantity).toBe(23);
  await page.goto('/reorder');
  await expect(page.getByText('Nothing to reorder: every product is above its reorder point, counting what is on order.')).toBeVisible();
});
