import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportHeader, MOVEMENT_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS, PRODUCT_EXPORT_HEADER } from '@inventory/contract';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const SUPPLIER = join(FIXTURES, 'import-supplier.csv');
const SUPPLIER_BAD = join(FIXTURES, 'import-supplier-bad.csv');
/** Issue 25's supplier files, committed bytes shared with the server's tests. */
const SUPPLIER_FILES = join(import.meta.dirname, '..', '..', 'packages', 'server', 'test', 'fixtures', 'supplier-files');
const ROWS = 30;
/** The browser's zone, which the export links send: the files' local-time columns are in it. */
const ZONE = 'Pacific/Auckland';
test.use({ timezoneId: ZONE });

const mappingSelect = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function downloadOf(page: Page, link: Locator): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { download, text };
}

/** The header row of a CSV (a BOM and quotes around the labels do not matter). */
const headerOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((cell) => cell.replace(/^"(.*)"$/, '$1'));

test('import: a supplier sheet mapped by hand, its bad row listed, the fixed file imported with progress; export and re-import', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Import CSV' }).first().click();
  await expect(page).toHaveURL(/\/products\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Products' })).toBeVisible();

  // A semicolon sheet with a BOM whose "Product name" and "Qty" columns are named by synonyms of ours.
  await page.getByLabel('Choose a CSV file').setInputFiles(SUPPLIER_BAD);
  await expect(page.getByTestId('chosen-file')).toContainText('import-supplier-bad.csv');
  await expect(mappingSelect(page, 'SKU')).toHaveValue('SKU');
  await expect(mappingSelect(page, 'Name')).toHaveValue('Product name');
  await mappingSelect(page, 'Name').selectOption('Product name');
  await mappingSelect(page, 'Quantity').selectOption('Qty');
  const preview = page.getByRole('table', { name: /first rows of the file/ });
  await expect(preview.getByRole('row').nth(1)).toContainText('Logitech MX Master 3S; graphite, "Pro"');

  // Check file: the bad price is listed by row and column; nothing is written; the errors download as a CSV.
  await page.getByRole('button', { name: 'Check file' }).click();
  const errors = page.getByRole('table', { name: 'Rows that cannot be imported' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText('3');
  await expect(errors.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Price');
  const errorsFile = await downloadOf(page, page.getByRole('button', { name: 'Download errors (CSV)' }));
  expect(errorsFile.download.suggestedFilename()).toBe('import-supplier-bad-errors.csv');
  expect(errorsFile.text.split(/\r?\n/)[0]).toBe('Row,Column,Message');
  expect(errorsFile.text).toMatch(/\r?\n3,Price,/);
  expect(((await (await page.request.get('/api/products')).json()) as unknown[]).length).toBe(0);

  // The fixed file keeps the columns chosen; the import shows its progress until the server answers.
  await page.getByLabel('Choose a CSV file').setInputFiles(SUPPLIER);
  await expect(page.getByTestId('chosen-file')).toContainText('import-supplier.csv');
  await expect(mappingSelect(page, 'Name')).toHaveValue('Product name');
  await expect(mappingSelect(page, 'Quantity')).toHaveValue('Qty');
  await expect(errors).toBeHidden();
  // The server's answer is held back a moment, so the bar is seen whatever the machine's speed.
  const importCall = /\/api\/products\/import(\?|$)/;
  await page.route(importCall, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Importing import-supplier.csv' })).toBeVisible();
  await expectToast(page, `Imported ${ROWS} new, updated 0`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute(importCall);
  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('graphite, "Pro"');
  await expect(
    page.getByRole('table').getByRole('link', { name: 'View Logitech MX Master 3S; graphite, "Pro"' }),
  ).toBeVisible();

  // Export products: the import's own labels as the header, one line per product; imported again it only updates.
  const products = await downloadOf(page, page.getByRole('link', { name: 'Export products' }));
  expect(products.download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(headerOf(products.text)).toEqual(PRODUCT_EXPORT_HEADER);
  await page.getByRole('link', { name: 'Import CSV' }).first().click();
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: products.download.suggestedFilename(),
    mimeType: 'text/csv',
    buffer: Buffer.from(products.text, 'utf8'),
  });
  await expect(mappingSelect(page, 'Name')).toHaveValue('Name');
  await expect(mappingSelect(page, 'Quantity')).toHaveValue('Quantity');
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, `Imported 0 new, updated ${ROWS}`);

  // Orders and stock movements: their headers; the movements include the import's.
  const placed = await page.request.post('/api/orders', {
    data: { name: 'Laptop stand', category: 'Accessories', price: 25, quantity: 1 },
  });
  expect(placed.status()).toBe(201);
  await page.goto('/orders');
  const orders = await downloadOf(page, page.getByRole('link', { name: 'Export CSV' }));
  expect(orders.download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(headerOf(orders.text)).toEqual(exportHeader(ORDER_EXPORT_COLUMNS, { timeZone: ZONE }));
  expect(orders.text).toContain('Laptop stand');
  await page.goto('/dashboard');
  const movements = await downloadOf(page, page.getByRole('link', { name: 'Export stock movements' }));
  expect(headerOf(movements.text)).toEqual(exportHeader(MOVEMENT_EXPORT_COLUMNS, { timeZone: ZONE }));
  // Who and why: the member's name beside a readable reason and its code.
  expect(movements.text).toMatch(/,Import,import,,[^,]+,[^,]+@[^,]+,/);
  expect(movements.text).toContain('ACC-0001');
});

test('export links are reachable from the keyboard', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'Export products' });
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^products-.*\.csv$/);
});

test('import: a French supplier file saved by Excel (Windows-1252, semicolons, 1.299,00 €) read as it is, imported twice', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/products/import');
  await page.getByLabel('Choose a CSV file').setInputFiles(join(SUPPLIER_FILES, 'fournisseur-cp1252-semicolon.csv'));
  await expect(page.getByTestId('file-reading')).toContainText('Windows-1252');
  await expect(page.getByTestId('file-reading')).toContainText('semicolon');
  await expect(page.getByTestId('encoding-notice')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Numbers in the file/ })).toHaveValue('comma');
  await expect(mappingSelect(page, 'Name')).toHaveValue('Désignation');
  const preview = page.getByRole('table', { name: /first rows of the file/ });
  await expect(preview).toContainText('Câble RJ45 Cat6a – 5 m');
  await expect(preview).toContainText('1299.00');

  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toContainText(
    'Every row is valid: 7 new products and 0 updates.',
  );
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Imported 7 new, updated 0');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('searchbox', { name: 'Search products by name or category' }).fill('Station');
  await expect(page.getByRole('table').getByRole('link', { name: /View Station d’accueil/ })).toBeVisible();

  // The same file again: every row updates (or is left as it is), none is new.
  await page.goto('/products/import');
  await page.getByLabel('Choose a CSV file').setInputFiles(join(SUPPLIER_FILES, 'fournisseur-cp1252-semicolon.csv'));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toContainText(
    'Every row is valid: 0 new products and 7 updates.',
  );
});
