import { expect, test, type Page } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

/** A product made through the product form, its category typed as given. */
async function addProduct(page: Page, name: string, category: string) {
  await page.goto('/add-product');
  await field(page, 'Name').fill(name);
  await field(page, 'Category').fill(category);
  await field(page, 'Price').fill('99');
  await field(page, 'Quantity').fill('3');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expectToast(page, 'Product added successfully');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Categories kept tidy (issue 25, docs/decisions/0032-categories.md): docks filed two ways, "Docks" and "docking
 * stations", a third typed in other letters that the form suggests and files under the stored spelling, then "Docks"
 * merged into "docking stations" on the Categories page, and the products seen moved.
 */
test('categories: a category typed in other letters is the stored one; merging two moves their products', async ({ page }) => {
  await signUp(page);
  await addProduct(page, 'USB-C Dock', 'Docks');
  await addProduct(page, 'Thunderbolt Dock', 'Docks');
  await addProduct(page, 'Dell WD19S', 'docking stations');

  // The form suggests the store's category as it is typed, whatever the case and accents, and writes its spelling.
  await page.goto('/add-product');
  await field(page, 'Name').fill('Travel Dock');
  await field(page, 'Category').pressSequentially('DÓC');
  await page.getByRole('option', { name: 'Docks', exact: true }).click();
  await expect(field(page, 'Category')).toHaveValue('Docks');
  await field(page, 'Price').fill('49');
  await field(page, 'Quantity').fill('1');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expectToast(page, 'Product added successfully');

  // The Categories page, from the navigation: each category with its count.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('row', { name: /^Docks 3/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^docking stations 1/ })).toBeVisible();

  // Merge Docks into docking stations: the dialog says how many move.
  await table.getByRole('button', { name: 'Merge Docks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Docks' });
  await dialog.getByRole('combobox', { name: 'Merge into' }).selectOption({ label: 'docking stations (1 product)' });
  await expect(dialog).toContainText('3 products move to docking stations, which will then have 4 products.');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expectToast(page, '3 products moved to docking stations');
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /^docking stations 4/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Docks/ })).toHaveCount(0);

  // The products moved: the dashboard lists them in docking stations, and one opened says so.
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('dock');
  const inventory = page.getByRole('table', { name: 'Inventory Items' });
  await expect(inventory.getByRole('row').filter({ hasText: 'docking stations' })).toHaveCount(4);
  await expect(inventory.getByRole('row').filter({ hasText: /\bDocks\b/ })).toHaveCount(0);
  const products = (await (await page.request.get('/api/products')).json()) as { name: string; category: string }[];
  expect(products.map((product) => product.category)).toEqual(Array(4).fill('docking stations'));
});
