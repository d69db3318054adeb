import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { barcodeVideo } from '../support/camera';
import { signUp } from '../support/session';

interface Created {
  _id: string;
  name: string;
  sku: string;
}

async function addProduct(page: Page, fields: Record<string, string>): Promise<Created> {
  const response = await page.request.post('/api/products', {
    multipart: { category: 'Accessories', quantity: '5', description: '', ...fields },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

test('labels: two products selected on the dashboard print as two labels, with only the labels on paper', async ({
  page,
}) => {
  await signUp(page);
  const dock = await addProduct(page, { name: 'CalDigit TS4 Thunderbolt Dock', price: '399.99' });
  const cable = await addProduct(page, { name: 'USB-C cable 2 m', category: 'Cables', price: '19.9' });
  await addProduct(page, { name: 'Not chosen', price: '1' });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Select products' }).click();
  await page.getByRole('checkbox', { name: `Select ${dock.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${cable.name}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('link', { name: 'Print labels' }).click();

  await expect(page).toHaveURL(/\/labels\?ids=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Print labels' })).toBeVisible();
  const labels = page.getByRole('article', { name: /^Label of / });
  await expect(labels).toHaveCount(2);
  for (const [product, price] of [
    [dock, '$399.99'],
    [cable, '$19.90'],
  ] as const) {
    const label = page.getByRole('article', { name: `Label of ${product.name}` });
    await expect(label.getByTitle(product.name)).toBeVisible();
    await expect(label.getByText(price)).toBeVisible();
    await expect(
      label
        .getByRole('img', { name: `Code 128 barcode of ${product.sku}` })
        .locator('svg path')
        .first(),
    ).toBeAttached();
    await expect(
      label
        .getByRole('img', { name: `QR code of ${product.sku}` })
        .locator('svg path')
        .first(),
    ).toBeAttached();
  }
  await expect(page.getByText('2 labels on 1 sheet')).toBeVisible();

  // Print calls the browser's print dialog (recorded here, as headless Chromium has none).
  await page.evaluate(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => void ((window as { printed?: number }).printed! += 1);
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  await expect(page.getByRole('banner')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Print labels' })).toBeHidden();
  await expect(labels).toHaveCount(2);
  for (const label of await labels.all()) await expect(label).toBeVisible();
  // The sheet starts at the paper's top left corner (no sidebar or padding before it).
  const sheet = await page.getByRole('region', { name: 'Page 1 of 1' }).boundingBox();
  expect(sheet).toMatchObject({ x: 0, y: 0 });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
});

test('scanning: a wedge scanner types a SKU and Enter into the dashboard search, and the product opens', async ({
  page,
}) => {
  await signUp(page);
  const product = await addProduct(page, { name: 'Logitech MX Master 3S', price: '99' });
  await addProduct(page, { name: 'Logitech MX Keys', price: '119' });

  await page.goto('/dashboard');
  await expect(page.getByRole('table', { name: 'Inventory Items' }).getByRole('row')).toHaveCount(3);
  await page.getByRole('searchbox', { name: /Search products/ }).click();
  await page.keyboard.type(product.sku, { delay: 5 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/product-detail/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Product Detail' })).toBeVisible();
  await expect(page.getByText(product.sku, { exact: true })).toBeVisible();
});

test('scanning: a wedge scan with focus on no field opens the product anywhere on a signed-in page', async ({
  page,
}) => {
  await signUp(page);
  const product = await addProduct(page, { name: 'Jabra Evolve2 65 headset', price: '229' });

  // On the Orders page, focus on the page itself (no field): the scanner types fast and ends with Enter.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toMatch(/INPUT|TEXTAREA|SELECT/);
  await page.keyboard.type(product.sku);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product-detail/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Product Detail' })).toBeVisible();

  // A code of no product says so, and the page stays.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.type('NOPE-404');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: /notifications/i }).getByText('No product with the code NOPE-404 in this store.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product-detail/${product._id}$`));

  // A person typing the same keys slowly is not a scan.
  await page.goto('/orders');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.type(product.sku, { delay: 150 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/orders$/);
});

test('scanning: the Scan button reads a label with the camera (Chromium fake camera) and the product opens', async ({
  baseURL,
}, testInfo) => {
  // A SKU of the category's rule that the journey chooses, so the video can be made before the browser starts.
  const sku = `ACC-${Date.now()}`;
  const video = testInfo.outputPath('labels-camera.y4m');
  await barcodeVideo({ bcid: 'code128', text: sku, paddingwidth: 12 }, video);
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await signUp(page);
    const product = await addProduct(page, { name: 'Anker 737 Power Bank', price: '109.99', sku });
    expect(product.sku).toBe(sku);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Scan a barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
    await expect(dialog).toBeVisible();
    // Linux Chromium has no BarcodeDetector, so this usually proves the @zxing/browser path.
    const native = await page.evaluate(() => 'BarcodeDetector' in window);
    testInfo.annotations.push({ type: 'decoder', description: native ? 'BarcodeDetector' : '@zxing/browser' });

    await expect(page).toHaveURL(new RegExp(`/product-detail/${product._id}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Product Detail' })).toBeVisible();
    await expect(dialog).toBeHidden();
  } finally {
    await browser.close();
  }
});
