import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoProducts, makeProduct, pending, serverError, withOverrides, withProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { labelsHref } from './labelLayouts';
import { LabelsPage } from './LabelsPage';

const [first, second, third] = demoProducts as [
  (typeof demoProducts)[0],
  (typeof demoProducts)[0],
  (typeof demoProducts)[0],
];
const hub = makeProduct({
  _id: `${first._id.slice(0, -4)}beef`,
  name: 'USB-C to USB-C braided charging and data cable, 2 m, 100 W power delivery, space grey',
  sku: 'CAB-USB-C-2M',
  price: 19.9,
});
/** Products carrying their own barcode (docs/decisions/0030): each prints it as its symbology, with its digits. */
const withEan13 = makeProduct({
  _id: `${first._id.slice(0, -4)}ea13`,
  name: 'Wireless keyboard, German layout',
  sku: 'KEY-DE-01',
  barcode: '4006381333931',
  mpn: 'K380-DE',
  price: 39.9,
});
const withUpcA = makeProduct({
  _id: `${first._id.slice(0, -4)}0c0a`,
  name: 'HDMI 2.1 cable, 1 m',
  sku: 'CAB-HDMI-1M',
  barcode: '036000291452',
  price: 12.5,
});
const withGtin14 = makeProduct({
  _id: `${first._id.slice(0, -4)}0014`,
  name: 'Carton of 10 mice',
  sku: 'MOU-CTN-10',
  barcode: '10012345678902',
  price: 149,
});

const meta = {
  title: 'App/Labels/Print labels',
  component: LabelsPage,
  decorators: [withAppProviders],
  parameters: { app: { route: labelsHref([first._id, second._id, third._id]) } },
  beforeEach: withProducts([...demoProducts, hub, withEan13, withUpcA, withGtin14]),
} satisfies Meta<typeof LabelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function labels(canvasElement: HTMLElement): Promise<HTMLElement[]> {
  await expectPage(canvasElement, 'Print labels');
  return within(canvasElement).findAllByRole('article', { name: /^Label of / }, SLOW);
}

/** Each label: its name, price, and both barcodes of its SKU drawn as SVG. */
async function expectLabel(label: HTMLElement, product: { name: string; sku: string }, price: string) {
  const inLabel = within(label);
  await expect(inLabel.getByTitle(product.name)).toHaveTextContent(product.name);
  await expect(inLabel.getByText(price)).toBeVisible();
  for (const name of [`Code 128 barcode of ${product.sku}`, `QR code of ${product.sku}`]) {
    const barcode = inLabel.getByRole('img', { name });
    await expect(barcode.querySelector('svg path')).not.toBeNull();
  }
}

/** Three products on an A4 sheet of 3 × 8 labels (70 × 37 mm). */
export const A4Sheet: Story = {
  play: async ({ canvasElement }) => {
    const shown = await labels(canvasElement);
    await expect(shown).toHaveLength(3);
    await expectLabel(shown[0]!, first, `$${first.price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(within(canvasElement).getByText('3 labels on 1 sheet')).toBeVisible();
    await expect(within(canvasElement).getByRole('combobox', { name: 'Layout' })).toHaveValue('sheet');
    const page = within(canvasElement).getByRole('region', { name: 'Page 1 of 1' });
    // 210 mm at 96 px to the inch.
    await expect(Math.round(page.getBoundingClientRect().width)).toBe(794);
    await expect(within(canvasElement).getByRole('button', { name: 'Print' })).toBeEnabled();
  },
};

/** The label printer's layout: one 62 × 29 mm label a page; the layout is chosen on the page. */
export const SingleLabels: Story = {
  parameters: { app: { route: labelsHref([first._id, hub._id]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await labels(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Layout' }), 'single');
    await expect(await canvas.findByText('2 labels on 2 pages')).toBeVisible();
    // The pages follow the layout a frame after the count does.
    await waitFor(() => {
      const shown = canvas.getAllByRole('region', { name: /^Page \d of 2$/ });
      expect(shown).toHaveLength(2);
      expect(Math.round(shown[0]!.getBoundingClientRect().height)).toBe(110); // 29 mm
    });
    const pages = canvas.getAllByRole('region', { name: /^Page \d of 2$/ });
    await expectLabel(within(pages[1]!).getByRole('article'), hub, '$19.90');
  },
};

/**
 * A product with an EAN-13 beside one without a barcode: the EAN-13 prints as EAN-13 with its digits and the SKU as
 * text, the other the SKU's Code 128 as before; a UPC-A and a GTIN-14 (as ITF-14) follow. Every label keeps the
 * SKU's QR code.
 */
export const ProductBarcodes: Story = {
  parameters: { app: { route: labelsHref([first._id, withEan13._id, withUpcA._id, withGtin14._id]) } },
  play: async ({ canvasElement }) => {
    const shown = await labels(canvasElement);
    await expect(shown).toHaveLength(4);
    await expectLabel(shown[0]!, first, `$${first.price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const printed = [
      [withEan13, 'EAN-13 barcode 4006381333931'],
      [withUpcA, 'UPC-A barcode 036000291452'],
      [withGtin14, 'ITF-14 barcode 10012345678902'],
    ] as const;
    for (const [index, [product, name]] of printed.entries()) {
      const label = within(shown[index + 1]!);
      await expect(label.getByRole('img', { name }).querySelector('svg path')).not.toBeNull();
      await expect(label.getByRole('img', { name: `QR code of ${product.sku}` })).toBeVisible();
      await expect(label.getByText(`SKU ${product.sku}`)).toBeVisible();
      await expect(label.queryByRole('img', { name: /^Code 128/ })).toBeNull();
    }
  },
};

/** A long name is cut after two lines (the whole name is the label's title); the SKU with "-" is encoded as typed. */
export const LongName: Story = {
  parameters: { app: { route: labelsHref([hub._id]) } },
  play: async ({ canvasElement }) => {
    const [label] = await labels(canvasElement);
    await expectLabel(label!, hub, '$19.90');
    const name = within(label!).getByTitle(hub.name);
    await expect(name.scrollHeight).toBeGreaterThan(name.clientHeight);
    await expect(label!.scrollWidth).toBeLessThanOrEqual(label!.clientWidth);
  },
};

/** A chosen product deleted since: the others are printed, and the page says one has no label. */
export const MissingProduct: Story = {
  beforeEach: withProducts(demoProducts.slice(1)),
  parameters: { app: { route: labelsHref([first._id, second._id]) } },
  play: async ({ canvasElement }) => {
    await expect(await labels(canvasElement)).toHaveLength(1);
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      '1 product could not be found (deleted, or of another store) and has no label.',
    );
  },
};

export const NothingChosen: Story = {
  parameters: { app: { route: '/labels' } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Print labels');
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('No products chosen. Select products on the dashboard, then Print labels.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeDisabled();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/products/:id', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Print labels');
    await expect(await within(canvasElement).findByText('Loading labels', {}, SLOW)).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Print' })).toBeDisabled();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/products/:id', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Print labels');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible(), SLOW);
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
  },
};
