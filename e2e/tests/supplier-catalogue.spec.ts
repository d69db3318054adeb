import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bwip from 'bwip-js/node';
import { PNG } from 'pngjs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
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

/** A video of the box's EAN-13 for Chromium's fake camera: black bars on a white 640 × 480 picture, as Y4M frames. */
async function eanVideo(ean: string, path: string): Promise<void> {
  const png = PNG.sync.read(
    await bwip.toBuffer({ bcid: 'ean13', text: ean, scale: 3, height: 18, paddingwidth: 14, paddingheight: 6 }),
  );
  const width = 640;
  const height = 480;
  expect(png.width).toBeLessThanOrEqual(width);
  const luma = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (y * png.width + x) * 4;
      const alpha = png.data[i + 3]! / 255;
      const grey = png.data[i]! * 0.299 + png.data[i + 1]! * 0.587 + png.data[i + 2]! * 0.114;
      luma[(top + y) * width + left + x] = Math.round(grey * alpha + 255 * (1 - alpha));
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

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
  await eanVideo(MOUSE.ean, video);
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
