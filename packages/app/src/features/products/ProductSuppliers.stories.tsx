import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoProducts, demoSuppliers, failing, mockDb, mockState, signedInAs, withOverrides, withProducts, withSuppliers } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProductDetailPage } from './ProductDetailPage';
import { confirmDialog, rowCells, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';

const laptop = demoProducts.find((p) => p.name === 'ThinkPad X1 Carbon Gen 11')!;
const mouse = demoProducts.find((p) => p.name === 'Logitech MX Master 3S')!;
const TABLE = 'Suppliers of this product';

/** The suppliers of a product on its page (the product's detail screen). */
const meta = {
  title: 'App/Suppliers/Product suppliers',
  component: ProductDetailPage,
  decorators: [withAppProviders],
  parameters: { app: { route: `/product-detail/${laptop._id}` } },
  beforeEach: mockState(withProducts(), withSuppliers()),
} satisfies Meta<typeof ProductDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = async (canvasElement: HTMLElement) => within((await within(canvasElement).findByRole('heading', { name: 'Suppliers' }, SLOW)).closest('section')!);
const field = (element: HTMLElement, label: string) => within(element).getByLabelText(new RegExp(`^${label}`));

/** Two suppliers, the preferred one first and marked, with their part numbers, packs and last costs. */
export const WithSuppliers: Story = {
  play: async ({ canvasElement }) => {
    const rows = await waitForRows(canvasElement, TABLE);
    await expect(rows.map((row) => rowCells(row).slice(0, 4))).toEqual([
      ['Ingram MicroPreferred', '21HM004GUK', '1', '$1,320.00'],
      ['Northwind Distribution', 'NW-TPX1-11', '1', '$1,355.50'],
    ]);
    await expect(within(rows[0]!).getByRole('link', { name: 'Ingram Micro' })).toHaveAttribute('href', expect.stringMatching(/^\/suppliers\//));
  },
};

export const NoSupplier: Story = {
  beforeEach: mockState(withProducts(), withSuppliers(demoSuppliers, [])),
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await expect(await section.findByText('No supplier yet.', {}, SLOW)).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(failing(`/api/products/${laptop._id}/suppliers`, 404, MESSAGES.productNotFound, 'get')) } },
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await expect(await section.findByText(MESSAGES.productNotFound, {}, SLOW)).toBeVisible();
  },
};

/** Adding a supplier as the preferred one: the form checks its fields first, then the list shows it first. */
export const AddPreferred: Story = {
  parameters: { app: { route: `/product-detail/${mouse._id}` } },
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(section.getByRole('button', { name: 'Add Supplier' }));
    const form = within(section.getByRole('form', { name: 'Add a supplier' }));
    await userEvent.clear(field(section.getByRole('form'), 'Pack size'));
    await userEvent.type(field(section.getByRole('form'), 'Pack size'), '0');
    await userEvent.click(form.getByRole('button', { name: 'Add Supplier' }));
    await expect(await form.findByText(MESSAGES.supplierRequired)).toBeVisible();
    await expect(form.getByText(MESSAGES.packSizeInvalid)).toBeVisible();
    await waitFor(() => expect(form.getAllByRole('option').length).toBeGreaterThan(2), SLOW);
    await userEvent.selectOptions(form.getByRole('combobox', { name: /^Supplier/ }), 'Northwind Distribution');
    await userEvent.clear(field(section.getByRole('form'), 'Pack size'));
    await userEvent.type(field(section.getByRole('form'), 'Pack size'), '5');
    await userEvent.type(field(section.getByRole('form'), 'Last cost'), '68.90');
    await userEvent.click(form.getByRole('checkbox', { name: /Preferred supplier/ }));
    await userEvent.click(form.getByRole('button', { name: 'Add Supplier' }));
    await expectToast(canvasElement, MESSAGES.productSupplierAdded, 'success');
    await waitFor(async () => expect(rowCells((await waitForRows(canvasElement, TABLE))[0]!)[0]).toBe('Northwind DistributionPreferred'), SLOW);
  },
};

/** A refusal of the server shows under its field: a supplier archived meanwhile. */
export const AddRefused: Story = {
  parameters: { app: { route: `/product-detail/${mouse._id}` } },
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(section.getByRole('button', { name: 'Add Supplier' }));
    const form = within(section.getByRole('form', { name: 'Add a supplier' }));
    await waitFor(() => expect(form.getAllByRole('option').length).toBeGreaterThan(2), SLOW);
    await userEvent.selectOptions(form.getByRole('combobox', { name: /^Supplier/ }), 'Ingram Micro');
    // Archived by someone else meanwhile.
    mockDb.suppliers.find((s) => s.name === 'Ingram Micro')!.archivedAt = '2024-03-20T10:00:00.000Z';
    await userEvent.click(form.getByRole('button', { name: 'Add Supplier' }));
    const select = form.getByRole('combobox', { name: /^Supplier/ });
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'), SLOW);
    await expect(select).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.supplierArchivedNoLinks('Ingram Micro')));
  },
};

/** Removing a supplier asks first, then the list no longer shows them. */
export const Remove: Story = {
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(section.getByRole('button', { name: 'Remove Northwind Distribution' }));
    const dialog = await confirmDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast(canvasElement, MESSAGES.productSupplierRemoved, 'success');
    await waitFor(async () => expect(await waitForRows(canvasElement, TABLE)).toHaveLength(1), SLOW);
  },
};

/** Staff see a product's suppliers and nothing to change them with. */
export const Staff: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts(), withSuppliers()),
  play: async ({ canvasElement }) => {
    const section = await card(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await expect(section.queryByRole('button', { name: 'Add Supplier' })).toBeNull();
    await expect(section.queryByRole('button', { name: /^Remove / })).toBeNull();
  },
};
