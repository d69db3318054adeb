import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { type CrossOriginDeployment, startCrossOriginDeployment } from '../support/cross-origin';
import { field } from '../support/session';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

/** A client of the original API on the app's origin: fetch with the session cookie. */
async function call(page: Page, url: string, init: { method?: string; body?: unknown; accept?: string } = {}) {
  return page.evaluate(
    async ({ url, init }) => {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        credentials: 'include',
        headers: {
          accept: init.accept ?? 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, type: response.headers.get('content-type') ?? '', text };
    },
    { url, init },
  );
}

/** Whether an image at `src` loads on the app's page (naturalWidth > 0). */
function imageLoads(page: Page, src: string) {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth > 0);
        image.onerror = () => resolve(false);
        image.src = src;
      }),
    src,
  );
}

let deployment: CrossOriginDeployment;

test.beforeAll(async () => {
  // The app's own build for this origin (cached between runs) and a second server.
  test.setTimeout(240_000);
  deployment = await startCrossOriginDeployment();
});
test.afterAll(async () => {
  await deployment?.stop();
});

test('cross-origin: the built app on another origin registers, shows product images, edits an order sent back whole, shows initials, changes the password, logs out', async ({
  page,
}) => {
  const { apiUrl, appUrl } = deployment;
  const user = newUser();

  await page.goto(`${appUrl}/register`);
  await field(page, 'Name').fill(user.name);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await field(page, 'Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  // The toast first: it lasts five seconds from the answer, which waiting for the URL on a busy machine can use up.
  await expectToast(page, 'User Registered successfully');
  await expect(page).toHaveURL(`${appUrl}/dashboard`);

  // A product with an image: its URL is absolute on the API, and it loads on the app's origin.
  await page.goto(`${appUrl}/add-product`);
  await page.getByLabel('Product Image').setInputFiles(fixture('laptop.png'));
  await field(page, 'Name').fill('ThinkPad X1 Carbon Gen 11');
  await field(page, 'Category').fill('Laptops');
  await field(page, 'Price').fill('1899.99');
  await field(page, 'Quantity').fill('2');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page).toHaveURL(`${appUrl}/dashboard`);
  await expectToast(page, 'Product added successfully');
  await page
    .getByRole('table')
    .getByRole('link', { name: /View ThinkPad/ })
    .click();
  const image = page.getByRole('img', { name: /ThinkPad/ });
  await expect(image).toHaveAttribute('src', new RegExp(`^${apiUrl}/uploads/[0-9a-f-]+\\.png$`));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // An order, then edited the way the original API's other client does: the whole fetched object sent back.
  await page.goto(`${appUrl}/add-Order`);
  await field(page, 'Name').fill('Dell UltraSharp U2723QE');
  await field(page, 'Category').fill('Monitors');
  await field(page, 'Price').fill('579.00');
  await field(page, 'Quantity').fill('4');
  await page.getByRole('button', { name: 'Save Order' }).click();
  await expect(page).toHaveURL(`${appUrl}/orders`);
  await expectToast(page, 'Order added successfully');
  const [order] = JSON.parse((await call(page, `${apiUrl}/api/orders`)).text) as Array<Record<string, unknown>>;
  expect(order).toMatchObject({ name: 'Dell UltraSharp U2723QE', quantity: 4 });
  const edited = await call(page, `${apiUrl}/api/orders/${String(order?._id)}`, {
    method: 'PATCH',
    body: { ...order, __v: 0, quantity: 7 },
  });
  expect(edited.status).toBe(200);
  expect(JSON.parse(edited.text)).toMatchObject({
    _id: order?._id,
    sku: order?.sku,
    createdAt: order?.createdAt,
    quantity: 7,
  });
  await page.goto(`${appUrl}/order-detail/${String(order?._id)}`);
  await expect(page.getByText('$4,053.00')).toBeVisible();

  // No photo: the API answers its default avatar (which loads here), the app shows the initials.
  await page.goto(`${appUrl}/profile`);
  await expect(page.getByText(user.email)).toBeVisible();
  const avatar = page.getByRole('main').getByRole('img', { name: user.name });
  await expect(avatar).toHaveText(
    user.name
      .split(' ')
      .map((word) => word[0]?.toUpperCase())
      .join(''),
  );
  expect(await avatar.evaluate((element) => element.tagName)).not.toBe('IMG');
  const { photo } = JSON.parse((await call(page, `${apiUrl}/api/users/getuser`)).text) as { photo: string };
  expect(photo).toBe(`${apiUrl}/api/users/avatar.png`);
  expect(await imageLoads(page, photo)).toBe(true);

  // Change password in the app: its message shows.
  const newPassword = `${user.password}-2`;
  await page.goto(`${appUrl}/edit-profile`);
  await field(page, 'Old Password').fill(user.password);
  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed successfully');
  await expect(page).toHaveURL(`${appUrl}/profile`);
  // The other client asks with axios's default Accept and shows the body as it comes: the message, as text.
  const asText = await call(page, `${apiUrl}/api/users/changepassword`, {
    method: 'PATCH',
    body: { oldPassword: newPassword, password: newPassword },
    accept: 'application/json, text/plain, */*',
  });
  expect(asText).toEqual({ status: 200, type: 'text/plain; charset=utf-8', text: 'Password changed successfully' });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${appUrl}/login`);
  expect((await call(page, `${apiUrl}/api/users/loggedin`)).text).toBe('false');
});
