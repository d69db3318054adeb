import { expect, test } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

test('orders: add, list, search, page, view, edit, delete', async ({ page }) => {
  await signUp(page);

  await page.goto('/add-Order');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText('Please enter a name')).toBeVisible();
  await field(page, 'Name').fill('Dell UltraSharp U2723QE');
  await field(page, 'Category').fill('Monitors');
  await field(page, 'Price').fill('579.00');
  await field(page, 'Quantity').fill('4');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order added successfully');
  await expect(page.getByRole('heading', { name: 'Orders Items' })).toBeVisible();

  for (let i = 1; i <= 5; i += 1) {
    const response = await page.request.post('/api/orders', {
      data: { name: `Laptop stand ${i}`, category: 'Accessories', price: 25, quantity: i },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Dell UltraSharp ...')).toBeVisible();

  await page.getByRole('searchbox', { name: /^Search orders by name/ }).fill('monitors');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: /View Dell/ }).click();
  await expect(page).toHaveURL(/\/order-detail\//);
  await expect(page.getByText('MON-', { exact: false })).toBeVisible();
  await expect(page.getByText('$2,316.00')).toBeVisible();

  await page.getByRole('link', { name: 'Edit Order' }).click();
  await expect(field(page, 'Quantity')).toHaveValue('4');
  await field(page, 'Quantity').fill('5');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order updated successfully');

  await page.getByRole('searchbox', { name: /^Search orders by name/ }).fill('dell');
  await expect(table.getByText('$2,895.00')).toBeVisible();
  await table.getByRole('button', { name: /Delete Dell/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Order' });
  await expect(dialog.getByText('Are you sure you want to delete this Order.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Order deleted successfully');
  await expect(table.getByText(/Dell/)).toHaveCount(0);

  const remaining = await (await page.request.get('/api/orders')).json();
  expect(remaining).toHaveLength(5);
});
