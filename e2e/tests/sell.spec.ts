import { expect, test, type Page } from '@playwright/test';
import { wedgeScan } from '../support/wedge';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';

interface Created {
  _id: string;
  name: string;
  sku: string;
  quantity: number;
}

async function addProduct(page: Page, fields: Record<string, string>): Promise<Created> {
  const response = await page.request.post('/api/products', { multipart: { description: '', ...fields } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

async function stockOf(page: Page, product: Created): Promise<number> {
  return ((await (await page.request.get(`/api/products/${product._id}`)).json()) as Created).quantity;
}

/**
 * Issue 27's journey against the real server: a customer made in the order form, a three-line order placed by
 * scanning (a scanner typing into the product search, and one scan with the focus on no field), shipped in two parts
 * with a packing slip, one line returned to stock, and the customer's page showing the order.
 */
test('sell: a customer made in the order form, three lines by scanning, shipped in two parts, one returned', async ({ page }) => {
  await signUp(page);
  const laptop = await addProduct(page, { name: 'ThinkPad T14', category: 'Laptops', sku: 'LAP-T14', price: '1299', quantity: '5' });
  const dock = await addProduct(page, { name: 'USB-C dock', category: 'Accessories', sku: 'DOCK-USBC', price: '189.90', quantity: '3' });
  const cable = await addProduct(page, { name: 'USB-C cable 2 m', category: 'Cables', sku: 'CAB-USB-C-2M', price: '19.90', quantity: '12' });

  await page.goto('/orders');
  await page.getByRole('link', { name: 'New order with lines' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();

  // The customer is not there yet: made right in the order form.
  await page.getByRole('combobox', { name: 'Customer' }).fill('Grace Hopper');
  await page.getByRole('option', { name: 'New customer…' }).click();
  const newCustomer = page.getByRole('group', { name: 'New customer' });
  await newCustomer.getByRole('textbox', { name: 'Company', exact: true }).fill('Cobol Systems');
  await newCustomer.getByRole('button', { name: 'Add customer' }).click();
  await expectToast(page, 'Customer added successfully');

  // A scanner types each code into the product search and ends it with Enter.
  const search = page.getByRole('combobox', { name: 'Add a product' });
  for (const [index, code] of [laptop.sku, dock.sku, cable.sku].entries()) {
    await search.fill(code);
    await search.press('Enter');
    await expect(page.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(index + 1);
  }
  await expect(page.getByRole('group', { name: 'Line 3' })).toContainText('USB-C cable 2 m');
  // One more cable, scanned with the focus on no field.
  await page.getByRole('heading', { level: 2, name: 'Lines' }).click();
  await wedgeScan(page, cable.sku);
  await expect(page.getByRole('group', { name: 'Line 3' }).getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(3);
  // No tax rate in this store: net is gross.
  await expect(page.getByRole('table', { name: 'Order totals' }).getByRole('row', { name: /^Gross/ })).toContainText('$1,528.70');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expectToast(page, 'Order added successfully');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Detail' })).toBeVisible();
  await expect(page.locator('dl').getByText('Open', { exact: true })).toBeVisible();
  expect(await stockOf(page, cable)).toBe(10);

  // The first part: the laptop and the cables, by DHL.
  await page.getByRole('button', { name: 'Ship' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ship' });
  await dialog.getByRole('textbox', { name: 'Line 2: USB-C dock' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Carrier' }).fill('DHL');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('JD014600003SE');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expectToast(page, 'Shipment recorded');
  await expect(page.locator('dl').getByText('Partly shipped', { exact: true })).toBeVisible();

  // The packing slip of that shipment is the server's printable page.
  const slip = page.getByRole('list', { name: 'Shipments' }).getByRole('link', { name: /Packing slip/ });
  const slipPage = await page.request.get((await slip.getAttribute('href'))!);
  expect(slipPage.status()).toBe(200);
  expect(await slipPage.text()).toContain('ThinkPad T14');

  // The rest: the dock.
  await page.getByRole('button', { name: 'Ship' }).click();
  dialog = page.getByRole('dialog', { name: 'Ship' });
  await expect(dialog.getByRole('textbox', { name: 'Line 2: USB-C dock' })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expectToast(page, 'Shipment recorded');
  await expect(page.locator('dl').getByText('Shipped', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Shipments' }).getByRole('listitem')).toHaveCount(2);

  // One cable comes back, not wanted: back to stock.
  await page.getByRole('button', { name: 'Return' }).click();
  dialog = page.getByRole('dialog', { name: 'Return' });
  const cableLine = dialog.getByRole('group', { name: 'Line 3: USB-C cable 2 m' });
  await cableLine.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await expect(cableLine.getByRole('checkbox', { name: 'Back to stock' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Record return' }).click();
  await expectToast(page, 'Return recorded');
  await expect(page.getByText('1 × USB-C cable 2 m: Not wanted, back to stock')).toBeVisible();
  expect(await stockOf(page, cable)).toBe(11);

  // The customer's page shows the order and its value.
  await page.getByRole('link', { name: 'Grace Hopper', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Detail' })).toBeVisible();
  await expect(page.getByText(/1 order · total value/)).toContainText('$1,528.70');
  await expect(page.getByRole('table', { name: 'Orders of Grace Hopper' })).toContainText('ThinkPad T14');
});
