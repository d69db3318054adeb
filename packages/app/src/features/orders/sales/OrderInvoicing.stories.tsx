import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeCustomer, mockDb, seedCustomers, type StateHook } from '@inventory/mocks';
import { expect, userEvent, within } from 'storybook/test';
import { expectPage, SLOW } from '../../../stories/play';
import { withAppProviders } from '../../../stories/withAppProviders';
import { OrderDetailPage } from '../OrderDetailPage';
import { SALES_ORDER_ID, type SalesOrderState, withSalesOrder } from './salesOrderSeeds';

const grace = makeCustomer({ _id: '29000000-0000-4000-8000-000000000c02', name: 'Grace Hopper', email: 'grace@example.com' });

/** SO-00001 in `state` (salesOrderSeeds), for Grace Hopper. */
const orderForGrace =
  (state: SalesOrderState): StateHook =>
  () => {
    const cleanup = withSalesOrder(state)();
    seedCustomers([grace]);
    mockDb.orders.find((order) => order._id === SALES_ORDER_ID)!.customerId = grace._id;
    return cleanup;
  };

/**
 * The order's invoicing (issue 29, 0044): what of each line is invoiced and shipped, and "Invoice what was sent" and
 * "Invoice all" for who may write invoices (the journey e2e/tests/bill.spec.ts clicks them against the server).
 */
const meta = {
  title: 'App/Orders/Order invoicing',
  component: OrderDetailPage,
  decorators: [withAppProviders],
  parameters: { app: { route: `/order-detail/${SALES_ORDER_ID}` } },
  // Partly shipped: a laptop and a cable have left.
  beforeEach: orderForGrace('partly_shipped'),
} satisfies Meta<typeof OrderDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InvoiceWhatWasSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(await canvas.findByText('Line 1 (ThinkPad T14): 0 of 1 invoiced, 1 shipped', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Invoice all' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Invoice what was sent' })).toBeEnabled();
  },
};

/**
 * "Invoice what was sent" makes a draft of what has left and is not yet invoiced, for the order's customer, and opens
 * it: no number until issued, the link back to the order it bills, one line per shipped quantity.
 */
export const DraftMadeFromTheOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await userEvent.click(await canvas.findByRole('button', { name: 'Invoice what was sent' }, SLOW));
    await expectPage(canvasElement, 'Draft invoice');
    await expect(canvas.getByText('Given when issued')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'The order it bills' })).toHaveAttribute('href', `/order-detail/${SALES_ORDER_ID}`);
    await expect(await canvas.findByText('Grace Hopper', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('cell', { name: 'ThinkPad T14' })).toBeVisible();
  },
};

/** A cable came back before anything was billed (0059): the card says so beside what shipped. */
export const ReturnedUnitOnTheCard: Story = {
  // Shipped whole, and one of its two cables sent back.
  beforeEach: orderForGrace('shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(await canvas.findByText('Line 3 (USB-C cable 2 m): 0 of 2 invoiced, 2 shipped, 1 returned', {}, SLOW)).toBeVisible();
    await expect(canvas.getByText('Line 1 (ThinkPad T14): 0 of 1 invoiced, 1 shipped')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Invoice what was sent' })).toBeEnabled();
  },
};

/** "Invoice what was sent" then bills the one cable the customer kept, beside the laptop and the dock. */
export const ReturnedUnitNotInvoiced: Story = {
  // Shipped whole, and one of its two cables sent back.
  beforeEach: orderForGrace('shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await userEvent.click(await canvas.findByRole('button', { name: 'Invoice what was sent' }, SLOW));
    await expectPage(canvasElement, 'Draft invoice');
    const cableRow = (await canvas.findByRole('cell', { name: 'USB-C cable 2 m' }, SLOW)).closest('tr')!;
    await expect(within(cableRow).getByRole('cell', { name: '1' })).toBeVisible();
    await expect(canvas.getByRole('cell', { name: 'ThinkPad T14' })).toBeVisible();
  },
};
