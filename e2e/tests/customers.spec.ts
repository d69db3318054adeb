import { expect, test } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

/**
 * Customers (issue 27): a customer made from the order form while placing an order, the order on the customer's
 * page, deleting the customer (archived, since they have an order), and restoring them, against the real server.
 */
test('customers: added from the order form, their order on their page, archived on delete, restored', async ({ page }) => {
  await signUp(page);

  // Placing an order, the customer is not there yet: made right in the order form.
  await page.goto('/add-Order');
  await field(page, 'Name').fill('USB-C Dock');
  await field(page, 'Category').fill('Docks');
  await field(page, 'Price').fill('199.50');
  await field(page, 'Quantity').fill('2');
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await picker.fill('Grace Hopper');
  await page.getByRole('option', { name: 'New customer…' }).click();
  const newCustomer = page.getByRole('group', { name: 'New customer' });
  await expect(newCustomer.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Grace Hopper');
  await newCustomer.getByRole('textbox', { name: 'Company', exact: true }).fill('Cobol Systems');
  await newCustomer.getByRole('textbox', { name: 'Email', exact: true }).fill('grace@cobol.example');
  await newCustomer.getByRole('button', { name: 'Add customer' }).click();
  await expectToast(page, 'Customer added successfully');
  await expect(page.getByRole('button', { name: 'No customer' })).toBeVisible();
  // Nothing typed in the order was lost.
  await expect(field(page, 'Name')).toHaveValue('USB-C Dock');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expectToast(page, 'Order added successfully');
  await expect(page).toHaveURL(/\/orders$/);

  // The customer's page, reached from the navigation, lists the order with its count and value.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search customers/ }).fill('cobol');
  await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Grace Hopper', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Detail' })).toBeVisible();
  await expect(page.getByText(/1 order · total value/)).toContainText('$399.00');
  const orders = page.getByRole('table', { name: 'Orders of Grace Hopper' });
  await expect(orders.getByRole('link', { name: /^SO-\d{5}$/ })).toBeVisible();
  await expect(orders).toContainText('USB-C Dock');

  // Deleting a customer with an order archives them, and the dialog says so first.
  await page.getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Archive Customer' });
  await expect(dialog).toContainText('They have 1 order, so they are archived instead');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expectToast(page, 'Customer archived: they have orders, which keep naming them');
  await expect(page.getByText(/hidden from the list and the order form/)).toBeVisible();
  expect((await (await page.request.get('/api/customers?q=cobol')).json()).total).toBe(0);
  // Their order still names them.
  await orders.getByRole('link', { name: /^SO-/ }).click();
  await expect(page.getByRole('link', { name: 'Grace Hopper', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Grace Hopper', exact: true }).click();

  // Restored, they are back in the list.
  await page.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Customer restored');
  await expect(page.getByText(/hidden from the list and the order form/)).toHaveCount(0);
  await page.goto('/customers');
  await expect(page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Grace Hopper', exact: true })).toBeVisible();
});
