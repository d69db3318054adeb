import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { field, signUp } from '../support/session';
import { summary } from '../support/summary';
import { expectToast } from '../support/toast';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

async function addProductThroughApi(page: Page, name: string, category: string, price: string, quantity: string) {
  const response = await page.request.post('/api/products', {
    multipart: { name, category, price, quantity, description: '' },
  });
  expect(response.status()).toBe(201);
}

test('products: add with image and formatted description, totals, search, page, view, edit, delete', async ({
  page,
}) => {
  await signUp(page);

  await page.goto('/add-product');
  await page.getByLabel('Product Image').setInputFiles(fixture('laptop.png'));
  const preview = page.getByRole('img', { name: 'Preview of laptop.png' });
  await expect(preview).toBeVisible();
  // The preview is a blob: URL: it must really load under the Content-Security-Policy, not show only its alt text.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await field(page, 'Name').fill('ThinkPad X1 Carbon Gen 11');
  await field(page, 'Category').fill('Laptops');
  await field(page, 'Price').fill('1899.99');
  await field(page, 'Quantity').fill('2');

  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Business ultrabook ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('with 32 GB RAM');
  await page.getByRole('button', { name: 'Save Product' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Product added successfully');
  await expect(summary(page, 'Total Products')).toHaveText('1');
  await expect(summary(page, 'Total Store Value')).toHaveText('$3,799.98');
  await expect(summary(page, 'Out of Stock')).toHaveText('0');
  await expect(summary(page, 'All Categories')).toHaveText('1');

  for (let i = 1; i <= 5; i += 1) await addProductThroughApi(page, `Patch Cable ${i}`, 'Networking', '4.50', '0');
  await page.reload();
  await expect(summary(page, 'Total Products')).toHaveText('6');
  await expect(summary(page, 'Out of Stock')).toHaveText('5');
  await expect(summary(page, 'All Categories')).toHaveText('2');
  await expect(summary(page, 'Total Store Value')).toHaveText('$3,799.98');

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6); // header + 5 a page
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('ThinkPad X1 Carb...')).toBeVisible(); // oldest last; 16 characters + '...'

  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('LAPTOP');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: /View ThinkPad/ }).click();

  await expect(page).toHaveURL(/\/product-detail\//);
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(page.getByText('ThinkPad X1 Carbon Gen 11').first()).toBeVisible();
  await expect(page.locator('.rich-text-content strong')).toHaveText('with 32 GB RAM');
  const image = page.getByRole('img', { name: /ThinkPad/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Edit Product' }).click();
  await expect(field(page, 'Name')).toHaveValue('ThinkPad X1 Carbon Gen 11');
  await field(page, 'Price').fill('1799.99');
  await page.getByRole('button', { name: 'Save Product' }).click();
  // Edited from its page, saved back to its page.
  await expect(page).toHaveURL(/\/product-detail\//);
  await expectToast(page, 'Product updated successfully');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(summary(page, 'Total Store Value')).toHaveText('$3,599.98');

  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('thinkpad');
  await page
    .getByRole('table')
    .getByRole('button', { name: /Delete ThinkPad/ })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Product' });
  await expect(dialog.getByText('Are you sure you want to delete this product.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Product deleted successfully');
  // The search is still 'thinkpad': the reloaded page says nothing matches it any more.
  await expect(page.getByText('No products match this search or these filters.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('');
  await expect(summary(page, 'Total Products')).toHaveText('5');
});

test('products: a wrong file type and bad values are refused with clear messages, nothing is saved', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/add-product');
  await page.getByLabel('Product Image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText(/Only jpg, jpeg and png images are allowed/)).toBeVisible();
  await field(page, 'Price').fill('-3');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText('Please enter a name')).toBeVisible();
  await expect(page.getByText('Price must be a number of 0 or more')).toBeVisible();
  await expect(page).toHaveURL(/\/add-product$/);
  const list = await page.request.get('/api/products');
  expect(await list.json()).toEqual([]);
});
