import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoProducts, makeProduct, withProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rowCells, tableRows, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { fakeScanner, withScannerParameter } from '../../scanning/fakeScanner';
import { SCAN_TEXT } from '../../scanning/scanMessages';
import { DashboardPage } from './DashboardPage';

const TABLE = 'Inventory Items';
// Newest first: the first page shows demoProducts[0..4], the second [5..9].
const [newest, second] = demoProducts as [(typeof demoProducts)[0], (typeof demoProducts)[0]];
const onPage2 = demoProducts[6]!;

/** Selecting products for labels, and opening a product by its scanned SKU, on the dashboard. */
const meta = {
  title: 'App/Products/Dashboard labels and scanning',
  component: DashboardPage,
  decorators: [withAppProviders, withScannerParameter],
  parameters: { app: { route: '/dashboard' } },
  beforeEach: withProducts(),
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const search = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('searchbox', { name: /Search products/ });

/** Select products: checkboxes appear, the choice is kept across pages, Print labels opens their print view. */
export const SelectForLabels: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await expect(canvas.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    const select = canvas.getByRole('button', { name: 'Select products' });
    await userEvent.click(select);
    await expect(select).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('0 selected')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print labels' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${second.name}` }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${newest.name}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(await canvas.findByRole('checkbox', { name: `Select ${onPage2.name}` }, SLOW));
    await expect(canvas.getByText('3 selected')).toBeVisible();
    const print = canvas.getByRole('link', { name: 'Print labels' });
    await expect(print).toHaveAttribute('href', `/labels?ids=${[second._id, newest._id, onPage2._id].join(',')}`);
    await userEvent.click(print);
    await expectPage(canvasElement, 'Print labels');
    const labels = await canvas.findAllByRole('article', { name: /^Label of / }, SLOW);
    await expect(labels.map((label) => label.getAttribute('aria-label'))).toEqual([
      `Label of ${second.name}`,
      `Label of ${newest.name}`,
      `Label of ${onPage2.name}`,
    ]);
  },
};

/** Checked rows show as such; leaving the mode clears the choice and the table looks as before. */
export const SelectionCleared: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    const box = canvas.getByRole('checkbox', { name: `Select ${newest.name}` });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(canvas.getByText('1 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await expect(canvas.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    await expect(canvas.queryByText(/selected$/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await expect(canvas.getByRole('checkbox', { name: `Select ${newest.name}` })).not.toBeChecked();
  },
};

/** A keyboard-wedge scanner types a SKU (in any case) and Enter: that product opens. */
export const WedgeScanOpensProduct: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(search(canvasElement), `${onPage2.sku.toLowerCase()}{Enter}`, { delay: 5 });
    await expectPage(canvasElement, 'Product Detail');
    await expect(await within(canvasElement).findByText(onPage2.name, { selector: 'dd' }, SLOW)).toBeVisible();
  },
};

/** Enter on text that is no whole SKU (here a SKU's prefix) keeps the search as typed. */
export const WedgeEnterWithoutSku: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    const prefix = newest.sku.split('-')[0]!;
    await userEvent.type(search(canvasElement), `${prefix}-{Enter}`);
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.every((row) => rowCells(row)[2] === newest.category)).toBe(true);
    }, SLOW);
    await expectPage(canvasElement, 'Dashboard');
    await expect(search(canvasElement)).toHaveValue(`${prefix}-`);
  },
};

const scanned = fakeScanner({ codes: [second.sku] });
/** Scan: the camera reads a label's SKU and its product opens. */
export const CameraScanOpensProduct: Story = {
  parameters: { scanner: scanned.scanner },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan a barcode' }));
    await expectPage(canvasElement, 'Product Detail');
    await expect(await within(canvasElement).findByText(second.name, { selector: 'dd' }, SLOW)).toBeVisible();
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};

const unknown = fakeScanner({ codes: ['XYZ-0000'] });
/** Scan: a code that is no SKU, barcode or part number of this store says so in the dialog. */
export const CameraScanUnknownSku: Story = {
  parameters: { scanner: unknown.scanner },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan a barcode' }));
    const dialog = await within(document.body).findByRole('dialog', { name: SCAN_TEXT.title }, SLOW);
    await expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(SCAN_TEXT.notFound('XYZ-0000'));
  },
};

/** A product known by its box's EAN-13 and its maker's part number (docs/decisions/0030), in these stories' own state. */
const keyboard = makeProduct({
  _id: `${newest._id.slice(0, -4)}ea13`,
  name: 'Wireless keyboard DE',
  category: 'Accessories',
  sku: 'KEY-DE-01',
  barcode: '4006381333931',
  mpn: 'K380-DE',
  price: 39.9,
  quantity: 7,
  createdAt: '2020-01-01T00:00:00.000Z',
});
const eanScanned = fakeScanner({ codes: [keyboard.barcode!] });
/** Scan: the camera reads the EAN-13 on a product's box and that product opens. */
export const CameraScanEanOpensProduct: Story = {
  beforeEach: withProducts([...demoProducts, keyboard]),
  parameters: { scanner: eanScanned.scanner },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan a barcode' }));
    await expectPage(canvasElement, 'Product Detail');
    await expect(await within(canvasElement).findByText(keyboard.name, { selector: 'dd' }, SLOW)).toBeVisible();
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};

/** A keyboard-wedge scanner types a maker's part number (in any case) and Enter: that product opens. */
export const WedgeScanPartNumberOpensProduct: Story = {
  beforeEach: withProducts([...demoProducts, keyboard]),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(search(canvasElement), `${keyboard.mpn!.toLowerCase()}{Enter}`, { delay: 5 });
    await expectPage(canvasElement, 'Product Detail');
    await expect(await within(canvasElement).findByText(keyboard.name, { selector: 'dd' }, SLOW)).toBeVisible();
  },
};

/** The product detail page prints that product's label. */
export const PrintLabelFromDetail: Story = {
  parameters: { app: { route: `/product-detail/${second._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Product Detail');
    const link = await canvas.findByRole('link', { name: 'Print label' }, SLOW);
    await expect(link).toHaveAttribute('href', `/labels?ids=${second._id}`);
    await userEvent.click(link);
    await expectPage(canvasElement, 'Print labels');
    await expect(await canvas.findByRole('article', { name: `Label of ${second.name}` }, SLOW)).toBeVisible();
  },
};
