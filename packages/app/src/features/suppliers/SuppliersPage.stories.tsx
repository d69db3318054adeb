import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoSuppliers, makeSupplier, manySuppliers, mockState, pending, signedInAs, withOverrides, withSuppliers, withoutSuppliers } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { rowCells, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { SuppliersPage } from './SuppliersPage';

const TABLE = 'Suppliers';

const meta = {
  title: 'App/Suppliers/Suppliers list',
  component: SuppliersPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/suppliers' } },
  beforeEach: withSuppliers(),
} satisfies Meta<typeof SuppliersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const names = async (canvasElement: HTMLElement) => (await waitForRows(canvasElement, TABLE)).map((row) => rowCells(row)[0]);

/** The demo store's suppliers by name, with their contact, email, phone and lead time. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Suppliers');
    await expect(document.title).toBe('Suppliers | Inventory');
    const rows = await waitForRows(canvasElement, TABLE);
    await expect(rows).toHaveLength(4);
    const headers = within(canvas.getByRole('table', { name: TABLE })).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Contact', 'Email', 'Phone', 'Lead time', 'Action']);
    await expect(rowCells(rows[2]!)).toEqual(['Ingram Micro', 'Laura Callahan', 'sales@ingram.example', '+1 714 555 0100', '3 days']);
    const ingram = demoSuppliers.find((s) => s.name === 'Ingram Micro')!;
    await expect(within(rows[2]!).getByRole('link', { name: 'Ingram Micro' })).toHaveAttribute('href', `/suppliers/${ingram._id}`);
    await expect(within(rows[2]!).getByRole('link', { name: 'Edit Ingram Micro' })).toHaveAttribute('href', `/edit-supplier/${ingram._id}`);
    await expect(canvas.getByText('4 suppliers')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add Supplier' })).toHaveAttribute('href', '/add-supplier');
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/suppliers/export'));
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await waitFor(async () => expect((await names(canvasElement))[0]).toBe('Northwind Distribution'), SLOW);
  },
};

export const Empty: Story = {
  beforeEach: withoutSuppliers(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Suppliers');
    await expect(await canvas.findByText(MESSAGES.noSuppliers, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add a supplier' })).toHaveAttribute('href', '/add-supplier');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/suppliers', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Suppliers');
    await expectBusy(canvasElement, 'Loading rows');
  },
};

/** Typing searches the server: a contact's name finds their supplier. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const search = canvas.getByRole('searchbox', { name: /Search suppliers/ });
    await userEvent.type(search, 'robert');
    await waitFor(async () => expect(await names(canvasElement)).toEqual(['Fabrikam Peripherals']), SLOW);
    await expect(canvas.getByText('1 supplier')).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody at all');
    await expect(await canvas.findByText('No suppliers match this search or this filter.', {}, SLOW)).toBeVisible();
  },
};

/** Archived suppliers show only when asked for, marked as such. */
export const ArchivedFilter: Story = {
  beforeEach: withSuppliers([...demoSuppliers.slice(0, 2), makeSupplier({ _id: '60000000-0000-4000-8000-0000000000aa', name: 'Gone Trading', archivedAt: '2024-03-20T10:00:00.000Z' })], []),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await names(canvasElement)).not.toContain(expect.stringContaining('Gone'));
    await userEvent.selectOptions(canvas.getByLabelText('Show'), 'Archived');
    await waitFor(async () => expect(await names(canvasElement)).toEqual(['Gone TradingArchived']), SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Show'), 'All');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(3), SLOW);
  },
};

/** Many suppliers: pages of 5, or more rows a page as chosen (remembered). */
export const ManyPages: Story = {
  beforeEach: withSuppliers(manySuppliers(12), []),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await names(canvasElement)).toEqual(['Supplier 001', 'Supplier 002', 'Supplier 003', 'Supplier 004', 'Supplier 005']);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect((await names(canvasElement))[0]).toBe('Supplier 006'), SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '25 per page');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(12), SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '5 per page');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(5), SLOW);
  },
};

/** Staff read the suppliers; adding and editing are for owners and managers. */
export const Staff: Story = {
  beforeEach: mockState(signedInAs('staff'), withSuppliers()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await waitForRows(canvasElement, TABLE);
    // Gone once the member's role is known (while it is not, every action shows: the server decides anyway).
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Add Supplier' })).toBeNull(), SLOW);
    await expect(within(rows[0]!).queryByRole('link', { name: /^Edit / })).toBeNull();
    await expect(within(rows[0]!).getByRole('link', { name: /^View / })).toBeVisible();
  },
};
