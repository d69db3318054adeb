import { expect, test } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

/**
 * Suppliers (issue 28): a supplier added from the Suppliers page, linked to a product as its preferred supplier with
 * their part number, pack size and cost on the product's page, and seen there and on the supplier's page, against the
 * real server.
 */
test("suppliers: added, linked to a product as preferred with pack size and cost, shown on the product's page", async ({ page }) => {
  await signUp(page);
  const made = await page.request.post('/api/products', { multipart: { name: 'USB-C Dock', category: 'Docks', price: '199.99', quantity: '4' } });
  expect(made.status()).toBe(201);
  const product = (await made.json()) as { _id: string };

  // A new supplier, from the navigation (in the Orders group, beside what is to reorder).
  await page.goto('/orders');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Supplier' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Supplier' })).toBeVisible();
  await field(page, 'Name').fill('Northwind Distribution');
  await field(page, 'Contact').fill('Anne Dodsworth');
  await field(page, 'Email').fill('orders@northwind.example');
  await field(page, 'Lead time (days)').fill('5');
  await page.getByRole('button', { name: 'Save Supplier' }).click();
  await expectToast(page, 'Supplier added successfully');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Detail' })).toBeVisible();
  await expect(page.getByText('5 days')).toBeVisible();

  // Linked to the product on its page, as its preferred supplier, sold in fives at 121.50.
  await page.goto(`/product-detail/${product._id}`);
  const suppliers = page.getByRole('region', { name: 'Suppliers' });
  await expect(suppliers.getByText('No supplier yet.')).toBeVisible();
  await suppliers.getByRole('button', { name: 'Add Supplier' }).click();
  const form = suppliers.getByRole('form', { name: 'Add a supplier' });
  await form.getByRole('combobox', { name: /^Supplier/ }).selectOption({ label: 'Northwind Distribution' });
  await form.getByRole('textbox', { name: /^Supplier part number/ }).fill('NW-DOCK-C7');
  await form.getByRole('textbox', { name: /^Pack size/ }).fill('5');
  await form.getByRole('textbox', { name: /^Last cost/ }).fill('121.50');
  await expect(form.getByRole('checkbox', { name: /Preferred supplier/ })).toBeChecked();
  await form.getByRole('button', { name: 'Add Supplier' }).click();
  await expectToast(page, 'Supplier linked to the product');

  const rows = page.getByRole('table', { name: 'Suppliers of this product' }).getByRole('row');
  const row = rows.filter({ hasText: 'Northwind Distribution' });
  await expect(row).toContainText('Preferred');
  await expect(row).toContainText('NW-DOCK-C7');
  await expect(row).toContainText('5');
  await expect(row).toContainText('$121.50');

  // Seen again after a reload, and from the supplier's side.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Suppliers of this product' }).getByRole('row').filter({ hasText: 'Northwind Distribution' })).toContainText('Preferred');
  await page.getByRole('table', { name: 'Suppliers of this product' }).getByRole('link', { name: 'Northwind Distribution' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Detail' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products of Northwind Distribution' })).toContainText('USB-C Dock');
});
