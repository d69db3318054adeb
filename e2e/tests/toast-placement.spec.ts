import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser } from '../support/users';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is on screen').not.toBeNull();
  return box!;
}

/** Signs in through the form, which toasts "Login Successful..." on the dashboard. */
async function signInThroughForm(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`toasts on a ${viewport.name} (${viewport.width} px) cover neither the header, the heading, the search box nor the Scan button`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const user = newUser();
    expect((await page.request.post('/api/users/register', { data: user })).status()).toBe(201);
    const created = await page.request.post('/api/products', {
      multipart: { name: 'Dell U2723QE monitor', category: 'Monitors', price: '579', quantity: '3', description: '' },
    });
    expect(created.status()).toBe(201);
    await page.request.get('/api/users/logout');

    await signInThroughForm(page, user);
    const toast = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
    await expect(toast.getByText('Login Successful...', { exact: true })).toBeVisible();
    const toastBox = await boxOf(toast);

    const needed: Array<[string, Locator]> = [
      ['the header', page.getByRole('banner')],
      ['the page heading', page.getByRole('heading', { level: 1 })],
      ['the search box', page.getByRole('searchbox', { name: /Search products/ })],
      ['the Scan button', page.getByRole('main').getByRole('button', { name: 'Scan a barcode' })],
    ];
    for (const [name, locator] of needed) {
      expect(overlaps(toastBox, await boxOf(locator)), `the toast covers ${name}`).toBe(false);
    }
    // At the bottom of the screen, inside it.
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
    expect(toastBox.y).toBeGreaterThan(viewport.height / 2);
  });
}
