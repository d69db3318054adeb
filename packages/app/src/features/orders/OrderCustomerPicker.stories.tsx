import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { demoCustomers, makeOrder, mockDb, mockState, withCustomers, withOrders } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectFieldError, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { AddOrderPage } from './AddOrderPage';

/** The order form's customer: found as you type, or made right there ("New customer…") without leaving the order. */
const meta = {
  title: 'App/Orders/Order customer',
  component: AddOrderPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/add-Order' } },
  beforeEach: mockState(withCustomers(), withOrders()),
} satisfies Meta<typeof AddOrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grace = demoCustomers.find((c) => c.name === 'Grace Hopper')!;
const combobox = (canvasElement: HTMLElement) => within(canvasElement).getByRole('combobox', { name: 'Customer' });
const field = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByLabelText(new RegExp(`^${label}`));

async function fillOrder(canvasElement: HTMLElement) {
  for (const [label, value] of [
    ['Name', 'USB-C Dock'],
    ['Category', 'Docks'],
    ['Price', '199.5'],
    ['Quantity', '1'],
  ] as const) {
    await userEvent.type(field(canvasElement, label), value);
  }
}

/** Typing a company's name lists its customer; choosing one shows them, and the order is saved for them. */
export const SearchAndChoose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await fillOrder(canvasElement);
    await userEvent.type(combobox(canvasElement), 'cobol');
    const option = await canvas.findByRole('option', { name: /Grace Hopper/ }, SLOW);
    await expect(canvas.getByRole('option', { name: 'New customer…' })).toBeVisible();
    await expect(combobox(canvasElement)).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(option);
    await expect(canvas.getByRole('button', { name: 'No customer' })).toBeVisible();
    await expect(canvas.getByText('Grace Hopper', { selector: 'span' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Save Order/ }));
    await expectToast(canvasElement, MESSAGES.orderAdded, 'success');
    await waitFor(() => expect(mockDb.orders.some((o) => o.customerId === grace._id && o.name === 'USB-C Dock')).toBe(true), SLOW);
  },
};

/** A search's list: the arrow keys move through the customers and "New customer…". */
export const SearchKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.type(combobox(canvasElement), 'a');
    await canvas.findByRole('option', { name: /Alan Turing/ }, SLOW);
    await userEvent.keyboard('{ArrowDown}');
    await expect(combobox(canvasElement)).toHaveAttribute('aria-activedescendant', expect.stringMatching(/-0$/));
  },
};

/** "New customer…" opens their fields in the form, named as typed; saved, they are the order's customer. */
export const NewCustomerInline: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await fillOrder(canvasElement);
    await userEvent.type(combobox(canvasElement), 'Ada Lovelace');
    await userEvent.click(await canvas.findByRole('option', { name: 'New customer…' }, SLOW));
    const group = canvas.getByRole('group', { name: 'New customer' });
    await expect(within(group).getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    await userEvent.type(within(group).getByLabelText(/^Email/), 'ada@engines.example');
    await userEvent.click(within(group).getByRole('button', { name: 'Add customer' }));
    await expectToast(canvasElement, MESSAGES.customerAdded, 'success');
    await expect(await canvas.findByRole('button', { name: 'No customer' }, SLOW)).toBeVisible();
    await expect(canvas.getByText('Ada Lovelace', { selector: 'span' })).toBeVisible();
    // What was typed in the order stayed.
    await expect(field(canvasElement, 'Name')).toHaveValue('USB-C Dock');
    await userEvent.click(canvas.getByRole('button', { name: /Save Order/ }));
    await expectToast(canvasElement, MESSAGES.orderAdded, 'success');
  },
};

/** The new customer's fields, filled in and open: what the form looks like while adding one. */
export const NewCustomerOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.type(combobox(canvasElement), 'Walk-in');
    await userEvent.click(await canvas.findByRole('option', { name: 'New customer…' }, SLOW));
    const group = canvas.getByRole('group', { name: 'New customer' });
    // The name, as typed in the search, has the focus.
    await waitFor(() => expect(within(group).getByLabelText(/^Name/)).toHaveFocus(), SLOW);
    await expect(within(group).getByLabelText(/^Name/)).toHaveValue('Walk-in');
    await userEvent.type(within(group).getByLabelText(/^Company/), 'Corner Shop');
  },
};

/** A bad email shows under its field before anything is sent; one another customer has, after the server's 409. */
export const NewCustomerErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.click(combobox(canvasElement));
    await userEvent.click(await canvas.findByRole('option', { name: 'New customer…' }, SLOW));
    const group = canvas.getByRole('group', { name: 'New customer' });
    await userEvent.type(within(group).getByLabelText(/^Email/), 'ada@');
    await userEvent.click(within(group).getByRole('button', { name: 'Add customer' }));
    await expect(await within(group).findByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(within(group).getByText(MESSAGES.invalidEmail)).toBeVisible();
    await userEvent.type(within(group).getByLabelText(/^Name/), 'Impostor');
    await userEvent.clear(within(group).getByLabelText(/^Email/));
    await userEvent.type(within(group).getByLabelText(/^Email/), 'grace@cobol.example{enter}');
    await expectFieldError(canvasElement, /^Email/, MESSAGES.customerEmailTaken(grace.email, grace.name));
    // Enter in the new customer's fields saved the customer, not the order.
    await expect(canvas.getByRole('heading', { level: 1, name: 'Add New Order' })).toBeVisible();
  },
};

/** Editing an order shows the customer it has. */
export const EditOrderWithCustomer: Story = {
  parameters: { app: { route: '/edit-order/20000000-0000-4000-8000-0000000000d1' } },
  beforeEach: mockState(
    withCustomers(),
    withOrders([makeOrder({ _id: '20000000-0000-4000-8000-0000000000d1', name: 'USB-C Dock', category: 'Docks', price: 199.5, quantity: 1, customerId: grace._id })]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Order');
    await expect(await canvas.findByRole('button', { name: 'No customer' }, SLOW)).toBeVisible();
    await expect(canvas.getByText('Grace Hopper', { selector: 'span' })).toBeVisible();
  },
};

/** An order's page names its customer, linked to theirs. */
export const OrderDetailWithCustomer: Story = {
  parameters: { app: { route: '/order-detail/20000000-0000-4000-8000-0000000000d1' } },
  beforeEach: mockState(
    withCustomers(),
    withOrders([makeOrder({ _id: '20000000-0000-4000-8000-0000000000d1', name: 'USB-C Dock', category: 'Docks', price: 199.5, quantity: 1, customerId: grace._id })]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(await canvas.findByRole('link', { name: 'Grace Hopper' }, SLOW)).toHaveAttribute('href', `/customers/${grace._id}`);
  },
};
