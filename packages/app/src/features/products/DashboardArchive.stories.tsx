import type { Meta, StoryObj } from '@storybook/react-vite';
import { BULK_LIMIT, MESSAGES, removalSentence } from '@inventory/contract';
import { demoProducts, makeOrder, manyProducts, mockDb, mockState, pending, withOrders, withOverrides, withProducts } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog, summaryValue, tableRows, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { DashboardPage } from './DashboardPage';

const TABLE = 'Inventory Items';
const [newest, second] = demoProducts as [(typeof demoProducts)[0], (typeof demoProducts)[0]];
/** The newest product, named by an order: it has a history. */
const orderOfNewest = makeOrder({ name: newest.name, category: newest.category, price: newest.price, quantity: 1, productId: newest._id });
/** The second newest, archived already. */
const archived = { ...second, archivedAt: '2026-01-15T10:00:00.000Z' };

/** Deleting a product with a history archives it; the Archived filter; selecting all matching and bulk actions (0033). */
const meta = {
  title: 'App/Products/Dashboard archive and bulk actions',
  component: DashboardPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/dashboard' } },
  beforeEach: mockState(withProducts(), withOrders([orderOfNewest])),
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowNames = async (canvasElement: HTMLElement) =>
  (await tableRows(canvasElement, TABLE)).map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');

/** A product that an order names: the dialog says it will be archived, names it and counts its history; then it is gone from the list. */
export const ArchiveDialog: Story = {
  play: async ({ canvasElement }) => {
    const rows = await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${newest.name}` }));
    const dialog = await confirmDialog();
    const sentence = removalSentence(newest.name, { outcome: 'archive', orders: 1, movements: 0 });
    await expect(await within(dialog).findByText(sentence, {}, SLOW)).toBeVisible();
    await expect(within(dialog).getByText(MESSAGES.archiveProductTitle)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await expectToast(canvasElement, MESSAGES.productArchived, 'success');
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('13'), SLOW);
    await waitFor(async () => expect(await rowNames(canvasElement)).not.toContain('Seagate IronWolf...'), SLOW);
  },
};

/** While the dialog asks the server what a delete would do, it says so and nothing can be confirmed yet. */
export const ArchiveDialogAsking: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/products/:id/removal', 'get')) } },
  play: async ({ canvasElement }) => {
    const rows = await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${newest.name}` }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(MESSAGES.removalLoading)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};

/** The Archived filter shows the archived products only (their page has Restore); the figures count the active ones. */
export const ArchivedFilter: Story = {
  beforeEach: mockState(withProducts([newest, archived, ...demoProducts.slice(2)])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('13'), SLOW);
    await expect(canvas.getByText('13 products')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Show' }), 'Archived');
    await waitFor(() => expect(canvas.getByText('1 product')).toBeVisible(), SLOW);
    await waitFor(async () => expect(await tableRows(canvasElement, TABLE)).toHaveLength(1), SLOW);
    const [row] = await tableRows(canvasElement, TABLE);
    await expect(within(row!).getByRole('link', { name: `View ${second.name}` })).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Show' }), 'All');
    await waitFor(() => expect(canvas.getByText('14 products')).toBeVisible(), SLOW);
  },
};

/** Select all matching: every product of the search, on every page; Print labels prints them by the query. */
export const SelectAllMatching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${newest.name}` }));
    await expect(canvas.getByText('1 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 14 matching' }));
    await expect(canvas.getByText('All 14 matching selected')).toBeVisible();
    for (const box of canvas.getAllByRole('checkbox', { name: /^Select / })) await expect(box).toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Print labels' })).toHaveAttribute('href', '/labels?matching=');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.getByText('0 selected')).toBeVisible();
  },
};

/** More products match than one bulk action takes: Select all is refused, and says why. */
export const SelectAllTooMany: Story = {
  beforeEach: mockState(withProducts(manyProducts(BULK_LIMIT + 5))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await expect(await canvas.findByRole('button', { name: /^Select all .* matching$/ }, SLOW)).toBeDisabled();
    await expect(canvas.getByText(MESSAGES.bulkTooManyHint(BULK_LIMIT))).toBeVisible();
  },
};

/** Set category on two chosen products: asked first, then the server's count as a toast, and the table follows. */
export const BulkSetCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${newest.name}` }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${second.name}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Set category' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByRole('button', { name: 'Set category' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Category' }), 'Refurbished');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set category' }));
    await expectToast(canvasElement, MESSAGES.bulkCategoryChanged(2), 'success');
    await waitFor(() => expect(canvas.getByText('0 selected')).toBeVisible(), SLOW);
    await expect(mockDb.products.filter((p) => p.category === 'Refurbished')).toHaveLength(2);
  },
};

/** Archive all matching a search: those with a history are archived, the others deleted; the toast says how many of each. */
export const BulkArchive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(canvas.getByRole('searchbox', { name: /Search products/ }), 'Seagate');
    await waitFor(async () => expect(await tableRows(canvasElement, TABLE)).toHaveLength(1), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Select products' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${newest.name}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Archive' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(MESSAGES.bulkArchiveMessage('1 product'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await expectToast(canvasElement, MESSAGES.bulkArchived(1, 0), 'success');
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('13'), SLOW);
  },
};
