import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoCustomers, makeCustomer, manyCustomers, mockState, pending, signedInAs, withCustomers, withoutCustomers, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, SLOW } from '../../stories/play';
import { rowCells, waitForRows } from '../../stories/catalogueStoryHelpers';
import { withAppProviders } from '../../stories/withAppProviders';
import { CustomersPage } from './CustomersPage';

const TABLE = 'Customers';

const meta = {
  title: 'App/Customers/Customers list',
  component: CustomersPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/customers' } },
  beforeEach: withCustomers(),
} satisfies Meta<typeof CustomersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const names = async (canvasElement: HTMLElement) => (await waitForRows(canvasElement, TABLE)).map((row) => rowCells(row)[0]);

/** The demo store's customers by name, 5 a page, with their company, email and phone. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Customers');
    await expect(document.title).toBe('Customers | Inventory');
    const rows = await waitForRows(canvasElement, TABLE);
    await expect(rows).toHaveLength(5);
    const headers = within(canvas.getByRole('table', { name: TABLE })).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Company', 'Email', 'Phone', 'Action']);
    await expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowCells(rows[1]!)).toEqual(['Grace Hopper', 'Cobol Systems Ltd', 'grace@cobol.example', '+44 20 7946 0958']);
    const grace = demoCustomers.find((c) => c.name === 'Grace Hopper')!;
    await expect(within(rows[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', `/customers/${grace._id}`);
    await expect(within(rows[1]!).getByRole('link', { name: 'Edit Grace Hopper' })).toHaveAttribute('href', `/edit-customer/${grace._id}`);
    await expect(canvas.getByText(`${demoCustomers.length} customers`)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add Customer' })).toHaveAttribute('href', '/add-customer');
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/customers/export'));
    // Sorted the other way by a click on the column's header.
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await waitFor(async () => expect((await names(canvasElement))[0]).toBe('Tim Berners'), SLOW);
  },
};

export const Empty: Story = {
  beforeEach: withoutCustomers(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Customers');
    await expect(await canvas.findByText(MESSAGES.noCustomers, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add a customer' })).toHaveAttribute('href', '/add-customer');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/customers', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Customers');
    await expectBusy(canvasElement, 'Loading rows');
  },
};

/** Typing searches the server: a company, a phone number or an email finds its customer. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const search = canvas.getByRole('searchbox', { name: /Search customers/ });
    await userEvent.type(search, 'orbit');
    await waitFor(async () => expect(await names(canvasElement)).toEqual(['Katherine Johnson']), SLOW);
    await expect(canvas.getByText('1 customer')).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody at all');
    await expect(await canvas.findByText('No customers match this search or this filter.', {}, SLOW)).toBeVisible();
  },
};

/** Archived customers show only when asked for, marked as such. */
export const ArchivedFilter: Story = {
  beforeEach: withCustomers([
    ...demoCustomers.slice(0, 3),
    makeCustomer({ _id: '40000000-0000-4000-8000-0000000000aa', name: 'Archie Vedd', company: 'Gone Ltd', archivedAt: '2024-03-20T10:00:00.000Z' }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await names(canvasElement)).not.toContain(expect.stringContaining('Archie'));
    await userEvent.selectOptions(canvas.getByLabelText('Show'), 'Archived');
    await waitFor(async () => expect(await names(canvasElement)).toEqual(['Archie VeddArchived']), SLOW);
    await expect(canvas.getByText('Archived', { selector: 'span' })).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Show'), 'All');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(4), SLOW);
  },
};

/** Many customers: pages of 5, or more rows a page as chosen (remembered). */
export const ManyPages: Story = {
  beforeEach: withCustomers(manyCustomers(12)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await names(canvasElement)).toEqual(['Customer 001', 'Customer 002', 'Customer 003', 'Customer 004', 'Customer 005']);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect((await names(canvasElement))[0]).toBe('Customer 006'), SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '25 per page');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(12), SLOW);
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '5 per page');
    await waitFor(async () => expect(await names(canvasElement)).toHaveLength(5), SLOW);
  },
};

/** A viewer reads the customers; adding and editing are not offered. */
export const Viewer: Story = {
  beforeEach: mockState(signedInAs('viewer'), withCustomers()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await waitForRows(canvasElement, TABLE);
    // Gone once the member's role is known (while it is not, every action shows: the server decides anyway).
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Add Customer' })).toBeNull(), SLOW);
    await expect(within(rows[0]!).queryByRole('link', { name: /^Edit / })).toBeNull();
    await expect(within(rows[0]!).getByRole('link', { name: /^View / })).toBeVisible();
  },
};
