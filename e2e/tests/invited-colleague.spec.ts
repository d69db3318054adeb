import { expect, test } from '@playwright/test';
import { latestMailTo } from '../support/mail';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

/** The invitation link's path in a saved mail (quoted-printable lines unfolded): its last segment is the token. */
function invitationPathIn(rawMail: string): string {
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(rawMail.replace(/=\r?\n/g, ''));
  if (!match) throw new Error('No invitation link in the mail');
  return `/invitations/${match[1]}`;
}

interface StoreItem {
  _id: string;
  name: string;
  role: string;
  active: boolean;
}

test('an invited colleague goes from the mail to their first order, and no store of their own appears (issue 26)', async ({
  browser,
}) => {
  // The owner: a store with a product in stock, and an invitation for a new colleague.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerUser = await signUp(owner);
  const storeName = `${ownerUser.name}'s store`;
  const created = await owner.request.post('/api/products', {
    multipart: { name: 'Brother HL-L3270CDW printer', category: 'Printers', price: '289.99', quantity: '4', description: '' },
  });
  expect(created.status()).toBe(201);
  const colleague = newUser();
  await owner.goto('/team');
  await field(owner, 'Email').fill(colleague.email);
  await owner.getByRole('combobox', { name: 'Role' }).selectOption('staff');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(owner, `Invitation sent to ${colleague.email}`);

  // The colleague follows the mailed link in a browser of their own and registers from it.
  const link = invitationPathIn(await latestMailTo(colleague.email));
  const colleagueContext = await browser.newContext();
  const page = await colleagueContext.newPage();
  await page.goto(link);
  await expect(page.getByText(`invited you to join ${storeName} as Staff`)).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(field(page, 'Email')).toHaveValue(colleague.email);
  await field(page, 'Name').fill(colleague.name);
  await field(page, 'Password').fill(colleague.password);
  await field(page, 'Confirm Password').fill(colleague.password);
  await page.getByRole('button', { name: 'Register' }).click();

  // Straight into the store's dashboard: its name in the header, its catalogue, and no other store.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'User Registered successfully');
  const header = page.getByRole('banner');
  await expect(header.getByText(storeName, { exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: /^Store:/ })).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('cell', { name: /^Brother/ })).toBeVisible();
  const storesAfterJoining = (await (await page.request.get('/api/stores')).json()) as StoreItem[];
  expect(storesAfterJoining).toEqual([expect.objectContaining({ name: storeName, role: 'staff', active: true })]);

  // The first order: the product from the picker, one more than the shelf holds is marked on Quantity, then two.
  await page.goto('/add-Order');
  await page.getByRole('combobox', { name: 'Product' }).fill('brother');
  await page.getByRole('option', { name: /Brother HL-L3270CDW/ }).click();
  await expect(page.getByText('In stock: 4')).toBeVisible();
  await field(page, 'Quantity').fill('5');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(field(page, 'Quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Quantity')).toHaveAccessibleDescription(/Not enough stock: only 4 available\./);
  await field(page, 'Quantity').fill('2');
  await expect(field(page, 'Quantity')).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order added successfully');
  await expect(page.getByRole('table').getByRole('cell', { name: /^Brother/ })).toBeVisible();

  // Still one store, for the colleague; and the owner sees the new member and the order.
  const storesAfterOrdering = (await (await page.request.get('/api/stores')).json()) as StoreItem[];
  expect(storesAfterOrdering.map((store) => store.name)).toEqual([storeName]);
  await owner.goto('/team');
  await expect(owner.getByRole('table', { name: 'Members' }).getByText(colleague.email)).toBeVisible();
  await owner.goto('/orders');
  await expect(owner.getByRole('table').getByRole('cell', { name: /^Brother/ })).toBeVisible();

  await ownerContext.close();
  await colleagueContext.close();
});
