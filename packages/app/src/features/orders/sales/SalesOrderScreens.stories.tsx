import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, SALES_MESSAGES } from '@inventory/contract';
import { withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast, SLOW } from '../../../stories/play';
import { requestRecorder } from '../../../stories/catalogueStoryHelpers';
import { withAppProviders } from '../../../stories/withAppProviders';
import { fakeScanner, withScannerParameter } from '../../../scanning/fakeScanner';
import { NewSalesOrderPage } from './NewSalesOrderPage';
import { cable, laptop, SALES_ORDER_ID, withSalesOrder } from './salesOrderSeeds';
import { SALES_TEXT } from './salesTexts';

/**
 * Orders of several lines (issue 27): the order form (new and edit) and the order's detail with its shipments and
 * returns, each state on the mocks' rules. The store has a ThinkPad (5 in stock), a USB-C dock (1) and USB-C cables
 * (12), VAT 20 % (its default) and a reduced 7 %; SO-00001 orders 1 laptop, 1 dock at 10 % off and 2 cables.
 */
const meta = {
  title: 'App/Orders/Sales order screens',
  component: NewSalesOrderPage,
  decorators: [withAppProviders, withScannerParameter],
  parameters: { app: { route: '/orders/new' }, scanner: fakeScanner({ codes: [cable.barcode!] }).scanner },
  beforeEach: withSalesOrder('open'),
} satisfies Meta<typeof NewSalesOrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const DETAIL = `/order-detail/${SALES_ORDER_ID}`;
const body = () => within(document.body);
const line = (canvasElement: HTMLElement, number: number) =>
  within(within(canvasElement).getByRole('group', { name: `Line ${number}` }));
const totalRow = (canvasElement: HTMLElement, name: string | RegExp) =>
  within(within(canvasElement).getByRole('table', { name: 'Order totals' })).getByRole('row', { name });

async function pick(canvasElement: HTMLElement, text: string, option: RegExp) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('combobox', { name: 'Add a product' }), text);
  await userEvent.click(await canvas.findByRole('option', { name: option }, SLOW));
}

/** A product added is said once, under the search, in a polite live region (not a toast). */
async function expectLineAdded(canvasElement: HTMLElement, message: string) {
  const said = await within(canvasElement).findByText(message, {}, SLOW);
  await expect(said).toHaveAttribute('role', 'status');
  await expect(said).toHaveAttribute('aria-live', 'polite');
  await expect(said.closest('li')).toBeNull();
}

async function retype(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

const posts = requestRecorder('post', '/api/orders');

/** A new order: no lines yet; placing it so says what is missing, and nothing is sent. */
export const FormEmpty: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => posts.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Order');
    await expect(canvas.getByText('No lines yet: add a product or a line of text.')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Customer' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SALES_MESSAGES.linesRequired);
    await expect(posts.seen).toHaveLength(0);
  },
};

/**
 * Three lines: the laptop picked by search, the cables scanned by the camera and once more by a keyboard-wedge scanner
 * typing into the search (one more of the same line), and a line of text without tax; each line's amount and the
 * totals (net, tax per rate, gross) follow as they are typed. A wedge scan with the focus on no field adds one more
 * laptop. Placed, the order's page opens.
 */
export const FormWithLinesAndTotals: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Order');
    await pick(canvasElement, 'ThinkPad', /ThinkPad T14/);
    await expect(line(canvasElement, 1).getByText('ThinkPad T14')).toBeVisible();
    await expect(line(canvasElement, 1).getByLabelText(/^Unit price/)).toHaveValue('1299');
    await expect(line(canvasElement, 1).getByLabelText('Tax rate')).toHaveDisplayValue('VAT 20 %');
    await userEvent.type(line(canvasElement, 1).getByLabelText('Discount %'), '10');
    await expect(line(canvasElement, 1).getByRole('status')).toHaveTextContent('$1,169.10');

    await userEvent.click(canvas.getByRole('button', { name: "Scan a product's barcode" }));
    await expectLineAdded(canvasElement, SALES_TEXT.scannedAdded(cable.name));
    await userEvent.type(canvas.getByRole('combobox', { name: 'Add a product' }), `${cable.sku}{Enter}`);
    await expectLineAdded(canvasElement, SALES_TEXT.scannedMore(cable.name, 2));
    await expect(line(canvasElement, 2).getByLabelText(/^Quantity/)).toHaveValue('2');
    await expect(line(canvasElement, 2).getByRole('status')).toHaveTextContent('$39.80');

    await userEvent.click(canvas.getByRole('button', { name: 'Add a line of text' }));
    await userEvent.type(line(canvasElement, 3).getByLabelText(/^Description/), 'Gift wrap');
    await userEvent.type(line(canvasElement, 3).getByLabelText(/^Unit price/), '3');
    await userEvent.selectOptions(line(canvasElement, 3).getByLabelText('Tax rate'), 'No tax');
    await expect(totalRow(canvasElement, /^Net/)).toHaveTextContent('$1,211.90');
    await expect(totalRow(canvasElement, /^VAT 20 % on \$1,208\.90/)).toHaveTextContent('$241.78');
    await expect(totalRow(canvasElement, /^No tax 0 % on \$3\.00/)).toHaveTextContent('$0.00');
    await expect(totalRow(canvasElement, /^Gross/)).toHaveTextContent('$1,453.68');

    // A keyboard-wedge scan with the focus on no field: one more laptop, not the laptop's page.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard(`${laptop.barcode!}{Enter}`);
    await expectLineAdded(canvasElement, SALES_TEXT.scannedMore(laptop.name, 2));
    // Four products added, not one toast: each was said once in the form's live region, replacing the one before.
    await expect(canvasElement.querySelectorAll('li[data-kind="info"]')).toHaveLength(0);
    await expect(line(canvasElement, 1).getByLabelText(/^Quantity/)).toHaveValue('2');
    await expect(totalRow(canvasElement, /^Gross/)).toHaveTextContent('$2,856.60');

    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await expectToast(canvasElement, MESSAGES.orderAdded, 'success');
    await linesTable(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(await canvas.findByText('Open', {}, SLOW)).toBeVisible();
  },
};

/** Bad lines: each error under the field of the line it concerns (the contract's validateOrderLines); nothing sent. */
export const FormLineErrors: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => posts.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Order');
    await pick(canvasElement, 'ThinkPad', /ThinkPad T14/);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a line of text' }));
    await retype(line(canvasElement, 1).getByLabelText(/^Quantity/), '0');
    await userEvent.type(line(canvasElement, 1).getByLabelText('Discount %'), '120');
    await userEvent.type(line(canvasElement, 2).getByLabelText(/^Unit price/), '1.555');
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await expect(line(canvasElement, 1).getByLabelText(/^Quantity/)).toHaveAccessibleDescription(
      SALES_MESSAGES.lineQuantityInvalid,
    );
    await expect(line(canvasElement, 1).getByLabelText('Discount %')).toHaveAccessibleDescription(
      SALES_MESSAGES.discountInvalid,
    );
    await expect(line(canvasElement, 2).getByLabelText(/^Description/)).toHaveAccessibleDescription(
      SALES_MESSAGES.lineDescriptionRequired,
    );
    await expect(line(canvasElement, 2).getByLabelText(/^Unit price/)).toHaveAccessibleDescription(
      SALES_MESSAGES.lineUnitPriceDecimals,
    );
    await expect(line(canvasElement, 1).getByLabelText(/^Quantity/)).toHaveFocus();
    await expect(line(canvasElement, 1).getByRole('status')).toHaveTextContent('—');
    await expect(posts.seen).toHaveLength(0);
  },
};

/** Too few docks: the server's 409 names the short line, as a toast; every line stays as typed. */
export const FormShortage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Order');
    await pick(canvasElement, 'ThinkPad', /ThinkPad T14/);
    await pick(canvasElement, 'dock', /USB-C dock/);
    await retype(line(canvasElement, 2).getByLabelText(/^Quantity/), '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    const toast = await canvas.findByText(/^Not enough stock\. Line 2 \(USB-C dock\)/, {}, SLOW);
    await expect(toast.closest('li')).toHaveAttribute('data-kind', 'error');
    await expectPage(canvasElement, 'New Order');
    await expect(line(canvasElement, 2).getByLabelText(/^Quantity/)).toHaveValue('3');
    await expect(line(canvasElement, 1).getByText('ThinkPad T14')).toBeVisible();
  },
};

/** The edit of a partly shipped order: a shipped line stays (no Remove, "1 shipped"); saving goes back to the order. */
export const EditLines: Story = {
  parameters: { app: { route: `/edit-order/${SALES_ORDER_ID}` } },
  beforeEach: withSalesOrder('partly_shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Order');
    await waitFor(
      () => expect(line(canvasElement, 1).getByLabelText(/^Quantity/)).toHaveAccessibleDescription('1 shipped'),
      SLOW,
    );
    await expect(line(canvasElement, 1).getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
    await retype(line(canvasElement, 3).getByLabelText(/^Quantity/), '3');
    // On a loaded machine the click could come while the form was still busy and be lost (no save, no toast).
    const save = canvas.getByRole('button', { name: 'Save Order' });
    await waitFor(() => expect(save).toBeEnabled(), SLOW);
    await userEvent.click(save);
    await expectToast(canvasElement, MESSAGES.orderUpdated, 'success');
    await linesTable(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
  },
};

const linesTable = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Order lines' }, SLOW);

/** Open: its lines, nothing shipped; Ship, Cancel order and Edit Order, no Return yet. */
export const DetailOpen: Story = {
  parameters: { app: { route: DETAIL } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await linesTable(canvasElement));
    await expectPage(canvasElement, 'Order Detail');
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText('SO-00001')).toBeVisible();
    await expect(canvas.getByText('Open')).toBeVisible();
    await expect(await canvas.findByText('Nothing has shipped yet.', {}, SLOW)).toBeVisible();
    await canvas.findByRole('table', { name: 'Order totals' }, SLOW);
    await expect(totalRow(canvasElement, /^Gross/)).toHaveTextContent('$1,806.48');
    await expect(canvas.getByRole('button', { name: 'Ship' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit Order' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Return' })).toBeNull();
  },
};

/** Partly shipped: the first shipment with its carrier, tracking number and packing slip; Return is offered. */
export const DetailPartlyShipped: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('partly_shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The lines first: the detail's heading is drawn anew once the order of lines has loaded.
    await linesTable(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(canvas.getByText('Partly shipped')).toBeVisible();
    const shipments = within(await canvas.findByRole('list', { name: 'Shipments' }, SLOW));
    await expect(shipments.getByText('1 × ThinkPad T14, 1 × USB-C cable 2 m')).toBeVisible();
    await expect(shipments.getByText('DHL · Tracking JD014600003SE')).toBeVisible();
    await expect(shipments.getByRole('link', { name: /Packing slip/ })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/api/orders/${SALES_ORDER_ID}/shipments/[0-9a-f-]+/packing-slip$`)),
    );
    await expect(canvas.getByRole('button', { name: 'Return' })).toBeVisible();
  },
};

/** Shipped: two shipments and a return; only Return is left to do. */
export const DetailShipped: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The lines first: the detail's heading is drawn anew once the order of lines has loaded.
    await linesTable(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(canvas.getByText('Shipped', { selector: 'span' })).toBeVisible();
    await expect(
      within(await canvas.findByRole('list', { name: 'Shipments' }, SLOW)).getAllByRole('listitem'),
    ).toHaveLength(2);
    await expect(canvas.getByText('1 × USB-C cable 2 m: Not wanted, back to stock')).toBeVisible();
    // On a phone the lines are one stacked entry each instead of a table scrolling sideways (the phone picture).
    const stacked = within(canvasElement.querySelector<HTMLElement>('ol[aria-label="Order lines"]')!);
    await expect(stacked.getAllByRole('listitem', { hidden: true })).toHaveLength(3);
    await expect(stacked.getByText('Ordered 2 · Shipped 2 · Returned 1 · Outstanding 0')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Ship' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Edit Order' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Return' })).toBeVisible();
  },
};

async function openDialog(canvasElement: HTMLElement, button: string) {
  const canvas = within(canvasElement);
  // The lines first: the detail's heading is drawn anew once the order of lines has loaded.
  await linesTable(canvasElement);
  await expectPage(canvasElement, 'Order Detail');
  await userEvent.click(canvas.getByRole('button', { name: button }));
  return within(await body().findByRole('dialog', { name: button }, SLOW));
}

/** Ship: each line still to ship defaults to what is left of it; more than that is an error under its field. */
export const ShipDialog: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('partly_shipped'),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Ship');
    const dockField = dialog.getByLabelText('Line 2: USB-C dock');
    await expect(dockField).toHaveValue('1');
    await expect(dialog.getByLabelText('Line 3: USB-C cable 2 m')).toHaveValue('1');
    await expect(dialog.queryByLabelText(/^Line 1/)).toBeNull();
    await retype(dockField, '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Record shipment' }));
    await expect(dockField).toHaveAccessibleDescription(expect.stringContaining(SALES_TEXT.moreThanOutstanding(1)));
    await expect(dockField).toHaveFocus();
  },
};

/** A partial shipment: the dock alone leaves, by UPS; the cable stays to ship and the order stays partly shipped. */
export const ShipPartly: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('partly_shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openDialog(canvasElement, 'Ship');
    await retype(dialog.getByLabelText('Line 3: USB-C cable 2 m'), '0');
    await retype(dialog.getByLabelText('Date'), '2024-03-12');
    await userEvent.type(dialog.getByLabelText('Carrier'), 'UPS');
    await userEvent.type(dialog.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await userEvent.click(dialog.getByRole('button', { name: 'Record shipment' }));
    await expectToast(canvasElement, SALES_TEXT.shipmentRecorded, 'success');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const shipments = within(canvas.getByRole('list', { name: 'Shipments' }));
    await expect(shipments.getAllByRole('listitem')).toHaveLength(2);
    await expect(shipments.getByText('1 × USB-C dock')).toBeVisible();
    await expect(canvas.getByText('Partly shipped')).toBeVisible();
  },
};

/** Return: Damaged unticks "Back to stock" (restocksByDefault); more than shipped and not returned is an error. */
export const ReturnDialog: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('shipped'),
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Return');
    const dockLine = within(dialog.getByRole('group', { name: 'Line 2: USB-C dock' }));
    await expect(dockLine.getByLabelText('Back to stock')).toBeChecked();
    await userEvent.selectOptions(dockLine.getByLabelText('Reason'), 'Damaged');
    await expect(dockLine.getByLabelText('Back to stock')).not.toBeChecked();
    await retype(dockLine.getByLabelText(/^Quantity/), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Record return' }));
    await expect(dockLine.getByLabelText(/^Quantity/)).toHaveAccessibleDescription(
      expect.stringContaining(SALES_TEXT.moreThanReturnable(1)),
    );
  },
};

/** A damaged dock taken back: recorded, not back to stock, listed beside the earlier return. */
export const ReturnRecorded: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withSalesOrder('shipped'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openDialog(canvasElement, 'Return');
    const dockLine = within(dialog.getByRole('group', { name: 'Line 2: USB-C dock' }));
    await userEvent.selectOptions(dockLine.getByLabelText('Reason'), 'Damaged');
    await retype(dockLine.getByLabelText(/^Quantity/), '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Record return' }));
    await expectToast(canvasElement, SALES_TEXT.returnRecorded, 'success');
    await expect(await canvas.findByText('1 × USB-C dock: Damaged, not back to stock')).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Returns' })).getAllByText(/^Return \d/)).toHaveLength(2);
  },
};

/** Cancel order (confirmed): what has not shipped goes back to stock; the order shows cancelled, with nothing left to do. */
export const DetailCancelled: Story = {
  parameters: { app: { route: DETAIL } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The lines first: the detail's heading is drawn anew once the order of lines has loaded.
    await linesTable(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel order' }));
    const confirm = within(await body().findByRole('alertdialog', {}, SLOW));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel order' }));
    await expectToast(canvasElement, MESSAGES.orderCancelled, 'success');
    await expect(await canvas.findByText('Cancelled', { selector: 'span' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Ship' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  },
};
