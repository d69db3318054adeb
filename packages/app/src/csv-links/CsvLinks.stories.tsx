import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeProduct, mockState, signedInAs, withOrders, withProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, SLOW } from '../stories/play';
import { withAppProviders } from '../stories/withAppProviders';
import { CatalogueCsvActions } from './CsvLinks';

/** An export's link: its path, with the browser's time zone (a zone the export rule knows) as `timeZone`. */
async function expectExportLink(link: HTMLElement, path: string) {
  const url = new URL(link.getAttribute('href') ?? '', window.location.origin);
  await expect(url.pathname).toBe(path);
  await expect(url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(link).toHaveAttribute('download');
}

const meta = {
  title: 'App/Products/Export',
  component: CatalogueCsvActions,
  decorators: [withAppProviders],
  parameters: { app: { route: '/dashboard' } },
} satisfies Meta<typeof CatalogueCsvActions>;

export default meta;
type Story = StoryObj<typeof meta>;

const PRODUCTS = [
  makeProduct({ name: 'Logitech MX Master 3S', sku: 'ACC-0001', category: 'Accessories', quantity: 4 }),
  makeProduct({ name: '=HYPERLINK("http://evil")', sku: 'CAB-0001', category: 'Cables', quantity: 2 }),
];

/** The dashboard's CSV actions for an owner: Import CSV, and the two exports as plain download links in the user's time zone. */
export const Dashboard: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts(PRODUCTS)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    await expect(canvas.getByRole('link', { name: 'Import CSV' })).toHaveAttribute('href', '/products/import');
    const products = canvas.getByRole('link', { name: 'Export products' });
    await expectExportLink(products, '/api/products/export');
    await expectExportLink(canvas.getByRole('link', { name: 'Export stock movements' }), '/api/movements/export');
    // Reachable from the keyboard: Tab from Import CSV lands on it.
    canvas.getByRole('link', { name: 'Import CSV' }).focus();
    await userEvent.tab();
    await expect(products).toHaveFocus();
  },
};

/** A viewer may export but not import. */
export const Viewer: Story = {
  beforeEach: mockState(signedInAs('viewer'), withProducts(PRODUCTS)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    await expect(await canvas.findByRole('link', { name: 'Export products' }, SLOW)).toBeVisible();
    // Offered while the role loads (the server decides anyway), gone once the role is known.
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Import CSV' })).toBeNull(), SLOW);
  },
};

/** The orders list's export, beside Add Order. */
export const Orders: Story = {
  parameters: { app: { route: '/orders' } },
  beforeEach: mockState(signedInAs('owner'), withOrders()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Orders Items');
    const link = canvas.getByRole('link', { name: 'Export CSV' });
    await expectExportLink(link, '/api/orders/export');
  },
};
