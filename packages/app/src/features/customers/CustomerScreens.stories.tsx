import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  demoCustomers,
  makeCustomer,
  makeOrder,
  mockState,
  pending,
  signedInAs,
  withCustomers,
  withOrders,
  withOverrides,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog, requestRecorder, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectFieldError, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { formatDate } from '../../dates/formatDateTime';
import { AddCustomerPage } from './AddCustomerPage';

/** A customer's page, and the Add and Edit Customer forms. */
const meta = {
  title: 'App/Customers/Customer screens',
  component: AddCustomerPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/add-customer' } },
  beforeEach: withCustomers(),
} satisfies Meta<typeof AddCustomerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grace = demoCustomers.find((c) => c.name === 'Grace Hopper')!;
const linus = demoCustomers.find((c) => c.name === 'Linus Berg')!;
/** An order of lines of one line, as the mocks keep it: `quantity` at `price`, `shipped` of it sent. */
const oneLine = (id: string, name: string, price: number, quantity: number, shipped: number) => [
  { _id: id, productId: null, description: name, quantity, unitPriceCents: Math.round(price * 100), discountBp: 0, taxRateId: null, shipped, returned: 0, cancelled: 0 },
];
/**
 * Grace's orders: an order of lines half shipped, an open one and a cancelled one (not counted in the value); the
 * order of lines shows how far it has shipped, as All Orders does.
 */
const graceOrders = [
  {
    ...makeOrder({ _id: '20000000-0000-4000-8000-0000000000c1', name: 'ThinkPad X1 Carbon', category: 'Laptops', price: 1899.99, quantity: 2, customerId: grace._id, createdAt: '2024-03-10T09:00:00.000Z' }),
    orderLines: oneLine('51000000-0000-4000-8000-0000000000c1', 'ThinkPad X1 Carbon', 1899.99, 2, 1),
  },
  makeOrder({ _id: '20000000-0000-4000-8000-0000000000c2', name: 'USB-C Dock', category: 'Accessories', price: 199.5, quantity: 1, customerId: grace._id, createdAt: '2024-03-12T09:00:00.000Z' }),
  makeOrder({ _id: '20000000-0000-4000-8000-0000000000c3', name: 'Cat6 Cable', category: 'Networking', price: 9.99, quantity: 10, customerId: grace._id, status: 'cancelled', createdAt: '2024-03-14T09:00:00.000Z' }),
].reverse();
const withGraceOrders = mockState(withCustomers(), withOrders(graceOrders));

function fact(canvasElement: HTMLElement, label: string): string {
  return within(canvasElement).getByText(`${label}:`, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** Their page, once they are loaded (its heading shows at once). */
async function expectCustomerPage(canvasElement: HTMLElement, name: string) {
  await expectPage(canvasElement, 'Customer Detail');
  await expect(await within(canvasElement).findByText(name, { selector: 'dd' }, SLOW)).toBeVisible();
}

const field = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByLabelText(new RegExp(`^${label}`));

/** Their fields, who added them, and their orders with their count and value. */
export const Detail: Story = {
  parameters: { app: { route: `/customers/${grace._id}` } },
  beforeEach: withGraceOrders,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCustomerPage(canvasElement, 'Grace Hopper');
    await expect(fact(canvasElement, 'Company')).toBe('Cobol Systems Ltd');
    await expect(canvas.getByRole('link', { name: 'grace@cobol.example' })).toHaveAttribute('href', 'mailto:grace@cobol.example');
    await expect(canvas.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    await expect(fact(canvasElement, 'Billing address')).toBe('1 Compiler Lane\nLeeds LS1 4AP\nUnited Kingdom');
    await expect(fact(canvasElement, 'Tax ID')).toBe('GB123456789');
    await expect(canvas.getByText(/3 orders · total value/)).toHaveTextContent('3 orders · total value $3,999.48 (cancelled orders not counted)');
    const rows = await waitForRows(canvasElement, 'Orders of Grace Hopper');
    await expect(rows).toHaveLength(3);
    await expect(within(rows[0]!).getByRole('link', { name: /^SO-/ })).toHaveAttribute('href', `/order-detail/${graceOrders[0]!._id}`);
    await expect(rows[0]!).toHaveTextContent(formatDate(graceOrders[0]!.createdAt));
    await expect(rows[0]!).toHaveTextContent('Cancelled');
    // Each order's status as All Orders shows it: an order of lines how far it has shipped, another its own status.
    await expect(rows[1]!).toHaveTextContent('Open');
    await expect(rows[2]!).toHaveTextContent('Partly shipped');
    await expect(canvas.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit Customer' })).toHaveAttribute('href', `/edit-customer/${grace._id}`);
  },
};

/** A customer without orders: Delete says they go for good, and they do. */
export const DeleteDialog: Story = {
  parameters: { app: { route: `/customers/${linus._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCustomerPage(canvasElement, 'Linus Berg');
    await expect(await canvas.findByText('No orders yet: choose this customer in the order form.', {}, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByRole('heading', { name: MESSAGES.deleteCustomerTitle })).toBeVisible();
    await expect(dialog).toHaveTextContent(`Linus Berg: ${MESSAGES.deleteCustomerMessage}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, MESSAGES.customerDeleted, 'success');
    await expectPage(canvasElement, 'Customers');
  },
};

/** A customer with orders: the same button archives them, and the dialog says so; their page then shows it. */
export const ArchiveDialog: Story = {
  parameters: { app: { route: `/customers/${grace._id}` } },
  beforeEach: withGraceOrders,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCustomerPage(canvasElement, 'Grace Hopper');
    await userEvent.click(await canvas.findByRole('button', { name: 'Archive' }, SLOW));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByRole('heading', { name: MESSAGES.archiveCustomerTitle })).toBeVisible();
    await expect(dialog).toHaveTextContent(`Grace Hopper: ${MESSAGES.archiveCustomerMessage(3)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await expectToast(canvasElement, MESSAGES.customerArchived, 'success');
    await expect(await canvas.findByText(/hidden from the list and the order form/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Archive' })).toBeNull();
  },
};

/** An archived customer: restored, they are back in the list and the order form. */
export const ArchivedRestore: Story = {
  parameters: { app: { route: `/customers/${grace._id}` } },
  beforeEach: mockState(
    withCustomers([makeCustomer({ ...grace, archivedAt: '2024-03-20T10:00:00.000Z' })]),
    withOrders(graceOrders.slice(0, 1)),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCustomerPage(canvasElement, 'Grace Hopper');
    await expect(canvas.getByText('Archived')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
    await expectToast(canvasElement, MESSAGES.customerRestored, 'success');
    await waitFor(() => expect(canvas.queryByText(/hidden from the list and the order form/)).toBeNull(), SLOW);
    await expect(canvas.getByRole('button', { name: 'Archive' })).toBeVisible();
  },
};

/** A viewer sees the customer and their orders, and nothing to change them with. */
export const DetailViewer: Story = {
  parameters: { app: { route: `/customers/${grace._id}` } },
  beforeEach: mockState(signedInAs('viewer'), withCustomers(), withOrders(graceOrders)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectCustomerPage(canvasElement, 'Grace Hopper');
    await waitForRows(canvasElement, 'Orders of Grace Hopper');
    await expect(canvas.queryByRole('button', { name: /Archive|Delete|Restore/ })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Edit Customer' })).toBeNull();
  },
};

export const DetailNotFound: Story = {
  parameters: { app: { route: '/customers/00000000-0000-4000-8000-000000000000' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MESSAGES.customerNotFound, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the customers' })).toHaveAttribute('href', '/customers');
  },
};

const posts = requestRecorder('post', '/api/customers');

/** Each bad field says why under itself, the first gets the focus, and nothing is sent or lost. */
export const AddFormErrors: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Customer');
    await userEvent.type(field(canvasElement, 'Company'), 'Cobol Systems');
    await userEvent.type(field(canvasElement, 'Email'), 'grace@');
    await userEvent.type(field(canvasElement, 'Phone'), '+44 20 7946 0958');
    await userEvent.click(canvas.getByRole('button', { name: /Save Customer/ }));
    await expect(await canvas.findByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.invalidEmail)).toBeVisible();
    await expect(field(canvasElement, 'Name')).toHaveFocus();
    await expect(field(canvasElement, 'Company')).toHaveValue('Cobol Systems');
    await expect(posts.seen).toHaveLength(0);
  },
};

/** An email another customer has: the server's 409 shows under Email, and the form keeps what was typed. */
export const AddEmailTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Customer');
    await userEvent.type(field(canvasElement, 'Name'), 'Impostor');
    await userEvent.type(field(canvasElement, 'Email'), 'GRACE@cobol.example');
    await userEvent.click(canvas.getByRole('button', { name: /Save Customer/ }));
    await expectFieldError(canvasElement, /^Email/, MESSAGES.customerEmailTaken(grace.email, grace.name));
    await expect(field(canvasElement, 'Name')).toHaveValue('Impostor');
  },
};

export const AddSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Customer');
    await userEvent.type(field(canvasElement, 'Name'), 'Ada Lovelace');
    await userEvent.type(field(canvasElement, 'Billing address'), '12 Engine Row{enter}London');
    await userEvent.click(canvas.getByRole('button', { name: /Save Customer/ }));
    await expectToast(canvasElement, MESSAGES.customerAdded, 'success');
    await expectCustomerPage(canvasElement, 'Ada Lovelace');
    await expect(fact(canvasElement, 'Billing address')).toBe('12 Engine Row\nLondon');
    await expect(canvas.getByText(/0 orders · total value/)).toBeVisible();
  },
};

export const AddSaving: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/customers', 'post')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add Customer');
    await userEvent.type(field(canvasElement, 'Name'), 'Ada Lovelace');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Save Customer/ }));
    await expectBusy(canvasElement, 'Saving customer');
  },
};

/** The edit form holds the customer as saved; a change is saved and shown on their page. */
export const Edit: Story = {
  parameters: { app: { route: `/edit-customer/${grace._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Customer');
    await waitFor(() => expect(field(canvasElement, 'Name')).toHaveValue('Grace Hopper'), SLOW);
    await expect(field(canvasElement, 'Billing address')).toHaveValue('1 Compiler Lane\nLeeds LS1 4AP\nUnited Kingdom');
    await userEvent.clear(field(canvasElement, 'Phone'));
    await userEvent.type(field(canvasElement, 'Phone'), '+1 555 0100');
    await userEvent.click(canvas.getByRole('button', { name: /Save Customer/ }));
    await expectToast(canvasElement, MESSAGES.customerUpdated, 'success');
    await expectCustomerPage(canvasElement, 'Grace Hopper');
    await expect(fact(canvasElement, 'Phone')).toBe('+1 555 0100');
  },
};
