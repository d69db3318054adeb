import { expect, test } from '@playwright/test';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';

/**
 * Archive instead of losing history (issue 25, docs/decisions/0033-archived-products-and-bulk-actions.md): a product
 * an order names is archived by its delete, the dialog having said so; it leaves the list, shows under the Archived
 * filter, and its page restores it, against the real server.
 */
test('archive a product with history and restore it', async ({ page }) => {
  await signUp(page);
  const made = await page.request.post('/api/products', {
    multipart: { name: 'Archivable Dock', category: 'Docks', price: '120', quantity: '6' },
  });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { _id: string };
  const ordered = await page.request.post('/api/orders', {
    data: { name: 'Archivable Dock', category: 'Docks', price: 120, quantity: 2, productId: product._id },
  });
  expect(ordered.status()).toBe(201);

  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Inventory Items' });
  await expect(table.getByRole('link', { name: 'View Archivable Dock' })).toBeVisible();
  await table.getByRole('button', { name: 'Delete Archivable Dock' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Archive Product' });
  await expect(dialog).toContainText('Archivable Dock has 1 order and 1 movement: it will be archived, restorable');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expectToast(page, 'Product archived: it has history, which stays');
  await expect(table.getByRole('link', { name: 'View Archivable Dock' })).toBeHidden();
  await expect(page.getByText('-- No product found, please add a product...')).toBeVisible();

  await page.getByRole('combobox', { name: 'Show' }).selectOption('Archived');
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await table.getByRole('link', { name: 'View Archivable Dock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product Detail' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Archived' });
  await expect(banner).toContainText('hidden from the lists');
  await banner.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Product restored');
  await expect(banner).toBeHidden();

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('Active');
  await expect(table.getByRole('link', { name: 'View Archivable Dock' })).toBeVisible();
  // Its order kept it all along.
  const orders = (await (await page.request.get('/api/orders')).json()) as { productId: string | null }[];
  expect(orders.map((order) => order.productId)).toEqual([product._id]);
});
