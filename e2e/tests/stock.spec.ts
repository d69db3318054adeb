import { expect, test, type Page } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

const quantityFact = (page: Page) => page.locator('dt', { hasText: /^Quantity:$/ }).locator('xpath=following-sibling::dd[1]');

async function pickProduct(page: Page, search: string, name: string) {
  await page.getByRole('combobox', { name: 'Product' }).fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByText(/^In stock: \d+$/)).toBeVisible();
}

test('stock: an order takes stock, too much is refused with the server message, cancelling gives it back', async ({ page }) => {
  await signUp(page);
  const created = await page.request.post('/api/products', {
    multipart: { name: 'Logitech MX Master 3S', category: 'Accessories', price: '99', quantity: '5', description: '' },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { _id: string };

  await page.goto('/add-Order');
  await pickProduct(page, 'mx master', 'Logitech MX Master 3S');
  await expect(page.getByText('In stock: 5')).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Logitech MX Master 3S');
  await expect(field(page, 'Price')).toHaveValue('99');
  await field(page, 'Quantity').fill('2');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expectToast(page, 'Order added successfully');
  await expect(page).toHaveURL(/\/orders$/);

  await page.goto(`/product-detail/${product._id}`);
  await expect(quantityFact(page)).toHaveText('3');
  const history = page.getByRole('region', { name: 'Stock history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Order placed');
  await expect(history.getByRole('row').nth(1)).toContainText('−2');
  await expect(history.getByRole('row').nth(2)).toContainText('Product added');

  await page.goto('/add-Order');
  await pickProduct(page, 'logitech', 'Logitech MX Master 3S');
  await expect(page.getByText('In stock: 3')).toBeVisible();
  await field(page, 'Quantity').fill('10');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(field(page, 'Quantity')).toHaveAccessibleDescription(/Not enough stock: only 3 available\./);
  await expect(page).toHaveURL(/\/add-Order$/);
  await expect(field(page, 'Quantity')).toHaveValue('10');

  const orders = (await (await page.request.get('/api/orders')).json()) as { _id: string; productId: string | null }[];
  const placed = orders.find((o) => o.productId === product._id)!;
  await page.goto(`/order-detail/${placed._id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
  await expectToast(page, 'Order cancelled');

  await page.goto(`/product-detail/${product._id}`);
  await expect(quantityFact(page)).toHaveText('5');
  await expect(history.getByRole('row').nth(1)).toContainText('Order cancelled');
});
