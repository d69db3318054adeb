import { expect, test, type Locator, type Page } from '@playwright/test';
import { field } from '../support/session';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

/**
 * The whole journey with the keyboard only: Tab, Shift+Tab, Enter, Escape, shortcuts and typing — not one click.
 * Wherever the focus lands it must be visible.
 */

/** The focused element draws a ring (outline or box-shadow), or a wrapper around it does (the rich-text editor). */
async function expectFocusRing(page: Page) {
  const focus = await page.evaluate(() => {
    const drawsOutline = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const active = document.activeElement as HTMLElement | null;
    const describe = `${active?.tagName ?? 'none'} "${(active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim().slice(0, 40)}"`;
    if (!active || active === document.body) return { ring: false, describe };
    const own = getComputedStyle(active);
    if (drawsOutline(own) || own.boxShadow !== 'none') return { ring: true, describe };
    let wrapper = active.parentElement;
    for (let depth = 0; wrapper && depth < 4; depth += 1, wrapper = wrapper.parentElement) {
      if (wrapper.matches(':focus-within') && drawsOutline(getComputedStyle(wrapper))) return { ring: true, describe };
    }
    return { ring: false, describe };
  });
  expect(focus.ring, `a visible focus ring on ${focus.describe}`).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, then checks the ring. */
async function focusOn(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 80) {
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) {
      await expectFocusRing(page);
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} not reached with ${limit} × ${key}`);
}

/** The route change put the focus on the new screen's heading and announced it (the polite live region). */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  await expectFocusRing(page);
  await expect(page.locator('#ds-announcer[role="status"][aria-live="polite"]')).toHaveText(name);
}

async function typeInto(page: Page, target: Locator, text: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await focusOn(page, target, key);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('keyboard only: sign in, add a product with rich text, find, edit, order, delete with confirmation, sign out', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = newUser();
  expect((await request.post('/api/users/register', { data: user })).status()).toBe(201);
  const productName = `Keyboard dock ${user.name.slice(5)}`;

  await test.step('skip to content, then sign in', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await expectFocusRing(page);

    // The header is before the content: back with Shift+Tab to its Login link.
    await focusOn(page, page.getByRole('link', { name: 'Login', exact: true }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    // The login form puts the focus in its Email field itself, and keeps it (no jump to the heading).
    await expect(field(page, 'Email')).toBeFocused();
    await expectFocusRing(page);
    await typeInto(page, field(page, 'Email'), user.email);
    await typeInto(page, page.getByLabel(/^Password/), user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectHeadingFocused(page, 'Dashboard');
  });

  await test.step('add a product with a bold phrase in its description', async () => {
    // The sidebar is before the content: back with Shift+Tab.
    await focusOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add Product' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/add-product$/);
    await expectHeadingFocused(page, /Add Product/);

    await typeInto(page, field(page, 'Name'), productName);
    await typeInto(page, field(page, 'Category'), 'Docking stations');
    await typeInto(page, field(page, 'Price'), '249.50');
    await typeInto(page, field(page, 'Quantity'), '7');
    const editor = page.getByRole('textbox', { name: 'Description' });
    await focusOn(page, editor);
    await page.keyboard.type('Docks two screens ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('over one cable');
    await expect(editor.locator('span', { hasText: 'over one cable' }).first()).toHaveCSS('font-weight', '700');

    await focusOn(page, page.getByRole('button', { name: 'Save Product' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Product added successfully');
    await expectHeadingFocused(page, 'Dashboard');
  });

  const search = page.getByRole('searchbox', { name: 'Search products by name or category' });
  const table = page.getByRole('table');

  await test.step('find it by search and edit it', async () => {
    await typeInto(page, search, productName);
    await expect(table.getByRole('row')).toHaveCount(2);
    await focusOn(page, table.getByRole('link', { name: `Edit ${productName}` }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/edit-product\//);
    await expectHeadingFocused(page, /Edit Product/);
    await expect(field(page, 'Price')).toHaveValue('249.5');

    await typeInto(page, field(page, 'Price'), '229');
    await focusOn(page, page.getByRole('button', { name: 'Save Product' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Product updated successfully');
    // The new screen takes the focus to its heading: on a loaded machine that came after the next step had already
    // tabbed to the Orders group, and its Enter then went to the heading.
    await expect(page.getByRole('heading', { level: 1, name: /Dashboard/ })).toBeFocused();
  });

  await test.step('place an order', async () => {
    const ordersGroup = page.getByRole('button', { name: 'Orders', exact: true });
    await focusOn(page, ordersGroup, 'Shift+Tab');
    if ((await ordersGroup.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
    await focusOn(page, page.getByRole('link', { name: 'Add Order' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/add-Order$/);
    await expectHeadingFocused(page, /Order/);

    await typeInto(page, field(page, 'Name'), productName);
    await typeInto(page, field(page, 'Category'), 'Docking stations');
    await typeInto(page, field(page, 'Price'), '229');
    await typeInto(page, field(page, 'Quantity'), '2');
    await focusOn(page, page.getByRole('button', { name: 'Save Order' }));
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\/orders$/);
    await expectToast(page, 'Order added successfully');
  });

  await test.step('delete the product: the dialog takes the focus, Escape cancels and gives it back', async () => {
    await focusOn(page, page.getByRole('link', { name: 'Dashboard', exact: true }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'Dashboard');
    await typeInto(page, search, productName);
    await expect(table.getByRole('row')).toHaveCount(2);

    const deleteButton = table.getByRole('button', { name: `Delete ${productName}` });
    await focusOn(page, deleteButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete Product' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusRing(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(table.getByRole('row')).toHaveCount(2);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await focusOn(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Product deleted successfully');
    await expect(page.getByText('No products match this search or these filters.')).toBeVisible();
  });

  await test.step('sign out', async () => {
    await focusOn(page, page.getByRole('button', { name: 'Logout' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, 'Email')).toBeFocused();
    await expectFocusRing(page);
  });
});
