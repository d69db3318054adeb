import { expect, test } from '@playwright/test';
import { latestMailTo } from '../support/mail';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

/** The invitation link's path in a saved mail: its last segment is the token. */
function invitationPathIn(rawMail: string): string {
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(rawMail.replace(/=\r?\n/g, ''));
  if (!match) throw new Error('No invitation link in the mail');
  return `/invitations/${match[1]}`;
}

test('teams: the owner invites a colleague, who joins as staff, shares the catalogue, cannot delete, and is removed', async ({
  browser,
}) => {
  // The owner, in one browser.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerUser = await signUp(owner);
  const shared = await owner.request.post('/api/products', {
    multipart: { name: 'Owner Laptop', category: 'Laptops', price: '999', quantity: '3', description: '' },
  });
  expect(shared.status()).toBe(201);

  const colleague = newUser();
  await owner.goto('/team');
  await field(owner, 'Email').fill(colleague.email);
  await owner.getByRole('combobox', { name: 'Role' }).selectOption('staff');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(owner, `Invitation sent to ${colleague.email}`);
  await expect(owner.getByRole('table', { name: 'Pending invitations' }).getByText(colleague.email)).toBeVisible();

  // The colleague opens the mailed link in another browser, registers there and joins.
  const link = invitationPathIn(await latestMailTo(colleague.email));
  const colleagueContext = await browser.newContext();
  const page = await colleagueContext.newPage();
  await page.goto(link);
  await expect(page.getByText(`invited you to join`)).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).click();
  await field(page, 'Name').fill(colleague.name);
  await expect(field(page, 'Email')).toHaveValue(colleague.email);
  await field(page, 'Password').fill(colleague.password);
  await field(page, 'Confirm Password').fill(colleague.password);
  await page.getByRole('button', { name: 'Register' }).click();
  // Registered through the link: in the store at once (no Join step, no store of their own).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'User Registered successfully');
  await expect(page.getByRole('banner').getByText(`${ownerUser.name}'s store`)).toBeVisible();

  // Same catalogue; staff add products but see no delete.
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'Owner Laptop', exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await page.goto('/add-product');
  await field(page, 'Name').fill('Colleague Dock');
  await field(page, 'Category').fill('Docks');
  await field(page, 'Price').fill('149');
  await field(page, 'Quantity').fill('4');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Product added successfully');
  await expect(table.getByRole('button', { name: /delete/i })).toHaveCount(0);

  // The owner sees it, with who added it.
  await owner.goto('/dashboard');
  await expect(owner.getByRole('table').getByRole('cell', { name: 'Colleague Dock', exact: true })).toBeVisible();
  await owner.getByRole('link', { name: 'View Colleague Dock' }).click();
  await expect(owner.getByText(colleague.name).first()).toBeVisible();

  // The owner removes the colleague; the colleague's next click says so.
  await owner.goto('/team');
  await owner.getByRole('button', { name: `Remove ${colleague.name}` }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(owner, 'Member removed');
  await expect(owner.getByRole('table', { name: 'Members' }).getByText(colleague.email)).toHaveCount(0);

  await page.getByRole('link', { name: 'View Owner Laptop' }).click();
  await expectToast(page, 'You are no longer a member of this store. You have been moved to another of your stores.');

  await ownerContext.close();
  await colleagueContext.close();
});
