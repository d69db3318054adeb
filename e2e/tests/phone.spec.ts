import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/repo';
import { field } from '../support/session';
import { summary } from '../support/summary';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

// A phone in portrait, held in the hand: every step is a tap, and the pointer is coarse (44 px targets).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Opens the navigation drawer from the header's menu button and taps one of its links (in a group, opened first). */
async function navigateTo(page: Page, link: string, group?: string) {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  await menu.tap();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  if (group) await drawer.getByRole('button', { name: group, exact: true }).tap();
  await drawer.getByRole('link', { name: link, exact: true }).tap();
  await expect(drawer).toBeHidden();
}

/** The buttons, header controls and row actions on the page that are smaller than 44 × 44 px (named). */
function smallTouchTargets(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('header button, main button, main td a'))
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const { width, height } = element.getBoundingClientRect();
        return width < 44 || height < 44;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.outerHTML),
  );
}

/** The box a tap can hit, at least 44 × 44 px under a finger. */
async function expectTouchSized(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(box?.height, `${name} is too short for a finger`).toBeGreaterThanOrEqual(44);
  expect(box?.width, `${name} is too narrow for a finger`).toBeGreaterThanOrEqual(44);
}

test('phone: sign in, navigate with the drawer, add a product, find it, order it, sign out — all by taps', async ({
  page,
  request,
}) => {
  const user = newUser();
  // Registered apart from the page (its own cookies), so the phone signs in through the form.
  expect((await request.post('/api/users/register', { data: user })).status()).toBe(201);

  await page.goto('/login');
  await field(page, 'Email').tap();
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').tap();
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expectTouchSized(page, 'Open navigation');
  await expectTouchSized(page, 'Logout');

  await navigateTo(page, 'Add Product');
  await expect(page).toHaveURL(/\/add-product$/);
  await field(page, 'Name').tap();
  await field(page, 'Name').fill('Zebra TC52 handheld scanner');
  await field(page, 'Category').tap();
  await field(page, 'Category').fill('Scanners');
  await field(page, 'Price').tap();
  await field(page, 'Price').fill('849.00');
  await field(page, 'Quantity').tap();
  await field(page, 'Quantity').fill('6');
  await page.getByRole('textbox', { name: 'Description' }).tap();
  await page.keyboard.type('Rugged Android scanner for the shop floor');
  await expectTouchSized(page, 'Save Product');
  await page.getByRole('button', { name: 'Save Product' }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Product added successfully');
  await expect(summary(page, 'Total Products')).toHaveText('1');

  await navigateTo(page, 'Dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const search = page.getByRole('searchbox', { name: 'Search products by name or category' });
  await search.tap();
  await search.fill('zebra');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  expect(await smallTouchTargets(page), 'controls too small for a finger').toEqual([]);
  // Toasts sit at the bottom of a phone, over the table's first rows until they go: closed by a tap, as a user would
  // (this is also the README's phone picture, below, without them).
  const notifications = page.getByRole('region', { name: /notifications/i });
  while ((await notifications.getByRole('button', { name: 'Close' }).count()) > 0) {
    await notifications.getByRole('button', { name: 'Close' }).first().tap();
  }
  // Selecting for labels: the row's small checkbox is toggled by the 44 px box around it.
  await page.getByRole('button', { name: 'Select products' }).tap();
  const select = table.getByRole('checkbox', { name: /Select Zebra/ });
  await select.scrollIntoViewIfNeeded();
  const selectBox = await select.locator('xpath=ancestor::label[1]').boundingBox();
  expect(selectBox?.height).toBeGreaterThanOrEqual(44);
  expect(selectBox?.width).toBeGreaterThanOrEqual(44);
  await page.touchscreen.tap(selectBox!.x + 4, selectBox!.y + 4);
  await expect(select).toBeChecked();
  await select.tap();
  await expect(select).not.toBeChecked();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).scrollIntoViewIfNeeded();
  // Renewed on request only (E2E_SCREENSHOTS=1): the user's name differs on every run.
  const picture = process.env.E2E_SCREENSHOTS
    ? join(REPO_ROOT, 'docs', 'screenshots', 'phone-dashboard.png')
    : test.info().outputPath('phone-dashboard.png');
  await page.screenshot({ path: picture });
  await table.getByRole('link', { name: /View Zebra/ }).tap();
  await expect(page).toHaveURL(/\/product-detail\//);
  await expect(page.getByText('Zebra TC52 handheld scanner').first()).toBeVisible();

  await navigateTo(page, 'Add Order', 'Orders');
  await expect(page).toHaveURL(/\/add-Order$/);
  const picker = page.getByRole('combobox', { name: 'Product' });
  await picker.tap();
  await picker.fill('zebra');
  await page.getByRole('option', { name: /Zebra TC52/ }).tap();
  await expect(page.getByText('In stock: 6')).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Zebra TC52 handheld scanner');
  await field(page, 'Quantity').tap();
  await field(page, 'Quantity').fill('2');
  await page.getByRole('button', { name: 'Save Order' }).tap();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order added successfully');
  const orders = page.getByRole('table');
  await expect(orders.getByText('Zebra TC52 handh...')).toBeVisible();
  // The row's actions sit past the phone's width; they are reached by scrolling the table inside its card.
  await orders.getByRole('link', { name: /View Zebra/ }).tap();
  await expect(page).toHaveURL(/\/order-detail\//);
  await expect(page.getByText('$1,698.00')).toBeVisible();

  // Going back with the drawer open closes it: the drawer never stays over another page.
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();

  await page.getByRole('button', { name: 'Logout' }).tap();
  await expect(page).toHaveURL(/\/login$/);
});
