import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { barcodeVideo } from '../support/camera';
import { signUp } from '../support/session';
import { expectToast } from '../support/toast';

/**
 * Issue 25's journey: a shop brings a supplier's file with the maker's part numbers and the EANs printed on the boxes,
 * scans a box with the camera, prints the shelf label with the box's EAN, tidies its categories and archives a
 * product with history, then restores it.
 */
const FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'packages',
  'server',
  'test',
  'fixtures',
  'supplier-files',
  'components-ean-mpn-utf8-crlf.csv',
);
const MOUSE = { name: 'Logitech MX Master 3S Performance Wireless Mouse', ean: '5099206103856', mpn: '910-006559' };

async function importSupplierFile(page: Page): Promise<void> {
  await page.goto('/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Products' })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles(FILE);
  // The supplier's headers are recognised: its part numbers and EANs go to the product's own codes.
  await expect(page.getByRole('combobox', { name: /^Name/ })).toHaveValue('Product Name');
  await expect(page.getByRole('combobox', { name: /^Barcode/ })).toHaveValue('EAN');
  await expect(page.getByRole('combobox', { name: /^MPN/ })).toHaveValue('Part No');
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row is valid' })).toContainText(
    'Every row is valid: 6 new products and 0 updates.',
  );
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Imported 6 new, updated 0');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a supplier file with part numbers and EANs: imported, a box scanned by its EAN, its label printed with the EAN', async ({
  baseURL,
}, testInfo) => {
  const video = testInfo.outputPath('ean-camera.y4m');
  await barcodeVideo({ bcid: 'ean13', text: MOUSE.ean, paddingwidth: 14 }, video);
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
    await importSupplierFile(page);

    // The camera reads the EAN on the box: the product the file gave that EAN opens, its codes on its page.
    await page.getByRole('button', { name: 'Scan a barcode' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan a barcode' })).toBeVisible();
    await expect(page).toHaveURL(/\/product-detail\/[^/]+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Product Detail' })).toBeVisible();
    await expect(page.getByText(MOUSE.name).first()).toBeVisible();
    await expect(page.getByText(MOUSE.ean, { exact: true })).toBeVisible();
    await expect(page.getByText(MOUSE.mpn, { exact: true })).toBeVisible();
    const productId = page.url().split('/').at(-1)!;

    // Its shelf label prints the box's EAN-13 (the SKU beside the price), not the SKU's Code 128.
    await page.goto(`/labels?ids=${productId}`);
    const label = page.getByRole('article', { name: `Label of ${MOUSE.name}` });
    await expect(
      label
        .getByRole('img', { name: `EAN-13 barcode ${MOUSE.ean}` })
        .locator('svg path')
        .first(),
    ).toBeAttached();
    await expect(label.getByRole('img', { name: /Code 128/ })).toHaveCount(0);
    await expect(label.getByText('$99.00')).toBeVisible();
  } finally {
    await browser.close();
  }
});
