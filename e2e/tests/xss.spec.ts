import { expect, test, type Page } from '@playwright/test';
import { PAGE_SIZE } from '@inventory/contract';
import { newUser } from '../support/users';

/**
 * Stored XSS (ASVS 5.3): payloads saved through the API in every field a user types (product name, category and
 * description, order name and category, profile name and bio, a contact message) never run in the browser on any
 * screen that shows them, and plain fields show them as the text they are.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">y</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)">',
];
/** Categories are 50 characters at most: the payloads that fit. */
const categoryFor = (payload: string) => (payload.length <= 50 ? payload : '<svg/onload=alert(1)>');

/** Nothing active that the payloads could have made: no such element, no event-handler attribute, no script URL. */
async function expectNoInjectedMarkup(page: Page) {
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    iframes: document.querySelectorAll('iframe').length,
    svgHandlers: document.querySelectorAll('svg[onload]').length,
    handlers: [...document.querySelectorAll('*')].filter((element) =>
      [...element.attributes].some((attribute) => /^on/i.test(attribute.name)),
    ).length,
    scriptLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
      /^\s*(javascript|data):/i.test(a.getAttribute('href') ?? ''),
    ).length,
    inlineScripts: [...document.querySelectorAll('script')].filter((script) =>
      (script.textContent ?? '').includes('alert(1)'),
    ).length,
  }));
  expect(injected).toEqual({ images: 0, iframes: 0, svgHandlers: 0, handlers: 0, scriptLinks: 0, inlineScripts: 0 });
}

test('payloads stored in every field never run and plain fields show them as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Anything a payload managed to execute would also show up as a page error or a console message mentioning alert.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // page.request shares the browser context's cookies: registering here signs the page in.
  const user = newUser();
  const registered = await page.request.post('/api/users/register', {
    data: { ...user, name: '<script>alert(1)</script>Jane' },
  });
  expect(registered.status()).toBe(201);

  const products: { _id: string; name: string; category: string }[] = [];
  for (const [i, payload] of PAYLOADS.entries()) {
    const response = await page.request.post('/api/products', {
      multipart: {
        name: `P${i} ${payload}`,
        category: categoryFor(payload),
        price: '10',
        quantity: '1',
        // An unclosed <iframe> swallows what follows it (HTML parsing), so the safe text comes first.
        description: `<p>Before ${i}</p>${PAYLOADS.join('')}`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    products.push((await response.json()) as { _id: string; name: string; category: string });
  }
  const orders: { _id: string; name: string; category: string }[] = [];
  for (const [i, payload] of PAYLOADS.entries()) {
    const response = await page.request.post('/api/orders', {
      data: { name: `O${i} ${payload}`, category: categoryFor(payload), price: 5, quantity: 2 },
    });
    expect(response.status(), await response.text()).toBe(201);
    orders.push((await response.json()) as { _id: string; name: string; category: string });
  }
  const bio = PAYLOADS.join(' ');
  const profile = await page.request.patch('/api/users/updateuser', {
    data: { name: '<img src=x onerror=alert(1)>', phone: '', bio },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const contact = await page.request.post('/api/contactus', {
    data: { subject: PAYLOADS[0], message: PAYLOADS.join('\n') },
  });
  expect(contact.status(), await contact.text()).toBe(200);

  const visit = async (path: string, texts: string[]) => {
    await page.goto(path);
    for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    await expectNoInjectedMarkup(page);
  };

  // Lists, newest first, PAGE_SIZE a page (long names are cut short in the cell; the row's links carry the whole name).
  const visitList = async (path: string, items: { name: string; category: string }[]) => {
    await page.goto(path);
    const newestFirst = [...items].reverse();
    for (let start = 0; start < newestFirst.length; start += PAGE_SIZE) {
      if (start > 0) await page.getByRole('button', { name: `Page ${start / PAGE_SIZE + 1}`, exact: true }).click();
      for (const item of newestFirst.slice(start, start + PAGE_SIZE)) {
        await expect(page.getByRole('link', { name: `View ${item.name}`, exact: true })).toBeVisible();
        await expect(page.getByText(item.name.slice(0, 12)).first()).toBeVisible();
        await expect(page.getByRole('cell', { name: item.category, exact: true }).first()).toBeVisible();
      }
      await expectNoInjectedMarkup(page);
    }
  };
  await visitList('/dashboard', products);
  await visitList('/orders', orders);
  for (const product of products) {
    // Detail: name and category as text; the description rendered through the sanitizer, its safe text kept.
    await visit(`/product-detail/${product._id}`, [
      product.name,
      product.category,
      `Before ${products.indexOf(product)}`,
    ]);
  }
  for (const order of orders) await visit(`/order-detail/${order._id}`, [order.name, order.category]);

  // Edit screens: the payload is the field's value, verbatim.
  await page.goto(`/edit-product/${products[1]!._id}`);
  await expect(page.locator('input[name="name"]')).toHaveValue(products[1]!.name);
  await expect(page.locator('input[name="category"]')).toHaveValue(products[1]!.category);
  await expect(page.getByText('Before 1').first()).toBeVisible();
  await expectNoInjectedMarkup(page);

  await page.goto(`/edit-order/${orders[2]!._id}`);
  await expect(page.locator('input[name="name"]')).toHaveValue(orders[2]!.name);
  await expectNoInjectedMarkup(page);

  await visit('/profile', ['<img src=x onerror=alert(1)>', PAYLOADS[0]!, PAYLOADS[5]!]);
  await page.goto('/edit-profile');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('<img src=x onerror=alert(1)>');
  await expect(page.getByRole('textbox', { name: 'Bio', exact: true })).toHaveValue(bio);
  await expectNoInjectedMarkup(page);

  await page.goto('/contact-us');
  await expectNoInjectedMarkup(page);

  // Give any deferred handler (an image error, an iframe load) time to fire before the verdict.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(pageErrors.filter((message) => /alert/i.test(message))).toEqual([]);
});

test('the API never hands a stored payload back as active HTML in a description', async ({ page }) => {
  const registered = await page.request.post('/api/users/register', { data: newUser() });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/products', {
    multipart: { name: 'Plain', category: 'Laptops', price: '1', quantity: '1', description: PAYLOADS.join('') },
  });
  expect(created.status()).toBe(201);
  const { description } = (await created.json()) as { description: string };
  expect(description).not.toMatch(/<script|<iframe|<svg|onerror|onload|javascript:|data:text\/html/i);
});
