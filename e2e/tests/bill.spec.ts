import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';

async function post<T>(page: Page, path: string, data: unknown, multipart = false): Promise<T> {
  const response = multipart ? await page.request.post(path, { multipart: data as Record<string, string> }) : await page.request.post(path, { data });
  expect(response.status(), path).toBe(201);
  return (await response.json()) as T;
}

async function issueShown(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Issue this invoice?' }).getByRole('button', { name: 'Issue' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Invoice INV-/ });
  await expect(heading).toBeVisible();
  return (await heading.textContent())!.replace('Invoice ', '').trim();
}

/**
 * Issue 29's journey against the real server: an order of two lines shipped in two parts and invoiced as it ships
 * (two invoices, each of what shipped, from the order's detail), one line of the first credited, a payment recorded,
 * its PDF downloaded and read back with pdftotext; then Bill Reports showing that sale, its margin and its tax.
 */
test('bill: an order invoiced as it ships, one line credited, paid, the PDF read back, the sale in Bill Reports', async ({ page }) => {
  await signUp(page);
  const rate = await post<{ _id: string }>(page, '/api/tax-rates', { name: 'VAT', percent: 23, isDefault: true });
  const customer = await post<{ _id: string }>(page, '/api/customers', { name: 'Grace Hopper', email: 'grace@example.com' });
  const laptop = await post<{ _id: string }>(page, '/api/products', { name: 'ThinkPad T14', category: 'Laptops', price: '1000', cost: '700', quantity: '5', description: '' }, true);
  const cable = await post<{ _id: string }>(page, '/api/products', { name: 'USB-C cable', category: 'Cables', price: '10', cost: '4', quantity: '10', description: '' }, true);
  const order = await post<{ _id: string }>(page, '/api/orders', {
    customerId: customer._id,
    lines: [
      { productId: laptop._id, quantity: 2, unitPrice: 1000, taxRateId: rate._id },
      { productId: cable._id, quantity: 3, unitPrice: 10, taxRateId: rate._id },
    ],
  });

  // The first part leaves: one laptop and the cables; what shipped is invoiced and issued.
  await page.goto(`/order-detail/${order._id}`);
  await page.getByRole('button', { name: 'Ship' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ship' });
  await dialog.getByRole('textbox', { name: 'Line 1: ThinkPad T14' }).fill('1');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expectToast(page, 'Shipment recorded');
  await expect(page.getByText('Line 1 (ThinkPad T14): 0 of 2 invoiced, 1 shipped')).toBeVisible();
  await page.getByRole('button', { name: 'Invoice what was sent' }).click();
  await expectToast(page, 'Draft invoice made from the order');
  await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Invoice totals' }).getByRole('row', { name: /^Gross/ })).toContainText('$1,266.90');
  const first = await issueShown(page);
  expect(first).toMatch(/^INV-\d{4}-000001$/);

  // The rest leaves: the second laptop, invoiced on its own.
  await page.getByRole('link', { name: 'The order it bills' }).click();
  await expect(page.getByText('Line 1 (ThinkPad T14): 1 of 2 invoiced, 1 shipped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invoice what was sent' })).toBeDisabled();
  await page.getByRole('button', { name: 'Ship' }).click();
  dialog = page.getByRole('dialog', { name: 'Ship' });
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expectToast(page, 'Shipment recorded');
  await page.getByRole('button', { name: 'Invoice what was sent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
  await expect(lines.getByRole('row')).toHaveCount(2);
  await expect(lines).toContainText('ThinkPad T14');
  const second = await issueShown(page);
  expect(second).toMatch(/^INV-\d{4}-000002$/);

  // The first invoice, found in the list: its cables credited, the rest paid.
  await page.goto('/invoices');
  await page.getByRole('link', { name: first }).click();
  await page.getByRole('button', { name: 'Credit note' }).click();
  dialog = page.getByRole('dialog', { name: 'Credit note' });
  await dialog.getByRole('textbox', { name: 'Line 2: USB-C cable' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cables not needed');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByRole('region', { name: /notifications/i }).getByText(/^Credit note CN-\d{4}-000001 issued$/)).toBeVisible();
  await expect(page.getByText(/Credit note CN-\d{4}-000001 of/)).toContainText('3 × USB-C cable (line 2)');
  await page.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('1230.00');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment recorded');
  await expect(page.locator('dl').first().getByText('Paid', { exact: true })).toBeVisible();

  // The PDF as issued, read back: its number, customer, lines, tax, credit and payment.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = test.info().outputPath(`${first}.pdf`);
  await (await download).saveAs(file);
  const read = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(read.status).toBe(0);
  for (const text of [first, 'Grace Hopper', 'ThinkPad T14', 'USB-C cable']) expect(read.stdout).toContain(text);
  expect(read.stdout).toMatch(/VAT 23 % on \$1,030\.00 +\$236\.90/);
  expect(read.stdout).toMatch(/Total +\$1,266\.90/);
  expect(read.stdout).toMatch(/Credited +-\$36\.90/);
  expect(read.stdout).toMatch(/Paid +-\$1,230\.00/);
  expect(read.stdout).toMatch(/Amount due +\$0\.00/);

  // Bill Reports over today: the sale (2 laptops and 3 cables at 23 %), what it cost when it left (700 and 4 each) and
  // its margin; the tax the invoices collected less the credit note; what the second invoice still owes.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/bill-reports?from=${today}&to=${today}&groupBy=day`);
  const totals = page.getByLabel('Totals of the period');
  const total = (term: string) => totals.locator('div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd');
  await expect(total('Net sales')).toHaveText('$2,030.00');
  await expect(total('Tax')).toHaveText('$466.90');
  await expect(total('Gross')).toHaveText('$2,496.90');
  await expect(total('Cost of goods sold')).toHaveText('$1,412.00');
  await expect(total('Margin')).toHaveText('$618.00');
  await expect(total('Margin %')).toHaveText('30.4 %');
  const byProduct = page.getByRole('table', { name: 'Sales by product' });
  await expect(byProduct.getByRole('row', { name: /ThinkPad T14/ })).toContainText('$2,000.00');
  await expect(byProduct.getByRole('row', { name: /ThinkPad T14/ })).toContainText('$600.00');
  const taxes = page.getByRole('table', { name: /^Taxes collected by month and rate/ });
  await expect(taxes.getByRole('row', { name: /VAT \(23 %\)/ })).toContainText('$2,000.00');
  await expect(taxes.getByRole('row', { name: /VAT \(23 %\)/ })).toContainText('$460.00');
  await expect(page.getByRole('table', { name: 'Receivables by age' }).getByRole('row', { name: /^Total/ })).toContainText('$1,230.00');
});
