import type { Meta, StoryObj } from '@storybook/react-vite';
import { PURCHASE_MESSAGES } from '@inventory/contract';
import { mockDb, signedInAs, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeScanner, withScannerParameter } from '../../scanning/fakeScanner';
import { requestRecorder } from '../../stories/catalogueStoryHelpers';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { PurchaseOrdersPage } from './PurchaseOrdersPage';
import { cable, dock, northwind, PURCHASE_ORDER_ID, seedPurchaseOrder, withBuying, withPurchaseOrder } from './purchaseOrderSeeds';
import { PURCHASE_TEXT } from './purchaseTexts';

/**
 * Purchase orders (issue 28): the list, the form (new), the detail and the receiving screen, each state on the mocks'
 * rules. The store buys USB-C docks and Cat6 cables from Northwind Distribution; PO-00001 orders 4 docks at 118.00 and
 * 20 cables at 2.00 (a draft's cables not costed yet).
 */
const meta = {
  title: 'App/Orders/Purchase order screens',
  component: PurchaseOrdersPage,
  decorators: [withAppProviders, withScannerParameter],
  parameters: { app: { route: '/purchase-orders' }, scanner: fakeScanner({ codes: [cable.barcode!] }).scanner },
  beforeEach: withPurchaseOrder('partly_received'),
} satisfies Meta<typeof PurchaseOrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const DETAIL = `/purchase-orders/${PURCHASE_ORDER_ID}`;
const RECEIVE = `${DETAIL}/receive`;
const line = (canvasElement: HTMLElement, number: number) =>
  within(within(canvasElement).getByRole('group', { name: `Line ${number}` }));
const card = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('listitem', { name }));

async function retype(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

/** The list: PO-00001 partly received; the Draft filter matches nothing, and says so. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Purchase Orders');
    const table = within(await canvas.findByRole('table', { name: 'Purchase orders' }, SLOW));
    await waitFor(() => expect(table.getByRole('link', { name: 'PO-00001' })).toBeVisible(), SLOW);
    await expect(table.getByText(northwind.name)).toBeVisible();
    await expect(table.getByText('Partly received')).toBeVisible();
    await expect(table.getByText('$512.00')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Status'), 'Draft');
    await expect(await canvas.findByText('No purchase orders match this search or these filters.', {}, SLOW)).toBeVisible();
  },
};

const posts = requestRecorder('post', '/api/purchase-orders');

/**
 * A new draft: the supplier picked by name, the dock found by search, the cables scanned by the camera and once more by
 * a keyboard-wedge scanner typing into the search (one more of the same line); a line's unit cost left empty (a draft
 * may); the amounts and total follow. Saved, the order's page opens.
 */
export const FormNewDraft: Story = {
  parameters: { app: { route: '/purchase-orders/new' } },
  beforeEach: withBuying(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Purchase Order');
    await userEvent.type(canvas.getByRole('combobox', { name: /^Supplier/ }), 'North');
    await userEvent.click(await canvas.findByRole('option', { name: northwind.name }, SLOW));
    await userEvent.type(canvas.getByRole('combobox', { name: 'Add a product' }), 'dock');
    await userEvent.click(await canvas.findByRole('option', { name: /USB-C dock/ }, SLOW));
    await expect(line(canvasElement, 1).getByLabelText(/^Unit cost/)).toHaveValue('120');
    await retype(line(canvasElement, 1).getByLabelText(/^Quantity/), '4');
    await expect(line(canvasElement, 1).getByRole('status')).toHaveTextContent('$480.00');
    await userEvent.click(canvas.getByRole('button', { name: "Scan a product's barcode" }));
    await expectToast(canvasElement, PURCHASE_TEXT.scannedAdded(cable.name), 'info');
    await userEvent.type(canvas.getByRole('combobox', { name: 'Add a product' }), `${cable.sku}{Enter}`);
    await expectToast(canvasElement, PURCHASE_TEXT.scannedMore(cable.name, 2), 'info');
    await retype(line(canvasElement, 2).getByLabelText(/^Unit cost/), '');
    await expect(line(canvasElement, 2).getByRole('status')).toHaveTextContent('—');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await expectToast(canvasElement, PURCHASE_TEXT.saved('PO-00001'), 'success');
    await expectPage(canvasElement, 'Purchase Order PO-00001');
    await expect(await canvas.findByText('Draft', { selector: 'span' }, SLOW)).toBeVisible();
  },
};

/** Bad input: no supplier, a quantity of 0 and a unit cost of 3 decimals, each under its field; nothing is sent. */
export const FormErrors: Story = {
  parameters: { app: { route: '/purchase-orders/new' }, msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
    return withBuying()();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Purchase Order');
    await userEvent.type(canvas.getByRole('combobox', { name: 'Add a product' }), 'dock');
    await userEvent.click(await canvas.findByRole('option', { name: /USB-C dock/ }, SLOW));
    await retype(line(canvasElement, 1).getByLabelText(/^Quantity/), '0');
    await retype(line(canvasElement, 1).getByLabelText(/^Unit cost/), '1.555');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await expect(canvas.getByRole('combobox', { name: /^Supplier/ })).toHaveAccessibleDescription(
      expect.stringContaining(PURCHASE_MESSAGES.supplierRequired),
    );
    await expect(line(canvasElement, 1).getByLabelText(/^Quantity/)).toHaveAccessibleDescription(PURCHASE_MESSAGES.lineQuantityInvalid);
    await expect(line(canvasElement, 1).getByLabelText(/^Unit cost/)).toHaveAccessibleDescription(PURCHASE_MESSAGES.lineUnitCostDecimals);
    await expect(posts.seen).toHaveLength(0);
  },
};

/** A draft whose cables have no unit cost: Send is refused, the toast naming the line; Edit and Delete are offered. */
export const DetailDraft: Story = {
  parameters: { app: { route: DETAIL } },
  beforeEach: withPurchaseOrder('draft'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Purchase Order PO-00001');
    await expect(canvas.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Receive' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const toast = await canvas.findByText(/^Give every line a unit cost before ordering: Line 2/, {}, SLOW);
    await expect(toast.closest('li')).toHaveAttribute('data-kind', 'error');
  },
};

/** Partly received: ordered, received and outstanding per line, the first receipt; Receive, Mail and the PDF. */
export const DetailPartlyReceived: Story = {
  parameters: { app: { route: DETAIL } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Purchase Order PO-00001');
    const table = within(await canvas.findByRole('table', { name: 'Purchase order lines' }, SLOW));
    // Ordered, received, outstanding, unit cost and amount, in the store's currency once its settings are there.
    await waitFor(
      () =>
        expect(
          within(table.getByRole('row', { name: /USB-C dock/ }))
            .getAllByRole('cell')
            .map((cell) => cell.textContent)
            .slice(3),
        ).toEqual(['4', '1', '3', '$118.00', '$472.00']),
      SLOW,
    );
    const receipts = within(await canvas.findByRole('list', { name: 'Receipts' }, SLOW));
    await expect(receipts.getByText('1 × USB-C dock at $118.00, 10 × Cat6 cable 2 m at $2.00')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Receive' })).toHaveAttribute('href', RECEIVE);
    await expect(canvas.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/api/purchase-orders/${PURCHASE_ORDER_ID}/pdf$`)),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Mail to supplier' }));
    await expectToast(canvasElement, PURCHASE_MESSAGES.mailed(northwind.email), 'success');
  },
};

/**
 * Receiving on a phone: two docks tapped in with +, the cables counted by a keyboard-wedge scan with the focus on no
 * field; submitted, the counts start again and each line shows what is still outstanding.
 */
export const ReceiveInPart: Story = {
  parameters: { app: { route: RECEIVE } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Receive PO-00001');
    await waitFor(() => expect(card(canvasElement, dock.name).getByText('3 outstanding')).toBeVisible(), SLOW);
    await userEvent.click(card(canvasElement, dock.name).getByRole('button', { name: `One more ${dock.name}` }));
    await userEvent.click(card(canvasElement, dock.name).getByRole('button', { name: `One more ${dock.name}` }));
    await expect(card(canvasElement, dock.name).getByLabelText(`Count of ${dock.name}`)).toHaveValue('2');
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard(`${cable.barcode!}{Enter}`);
    await waitFor(() => expect(card(canvasElement, cable.name).getByLabelText(`Count of ${cable.name}`)).toHaveValue('1'), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit receipt (3 items)' }));
    await expectToast(canvasElement, PURCHASE_TEXT.received(3), 'success');
    await waitFor(() => expect(card(canvasElement, dock.name).getByText('1 outstanding')).toBeVisible(), SLOW);
    await expect(card(canvasElement, cable.name).getByText('9 outstanding')).toBeVisible();
    await expect(card(canvasElement, dock.name).getByLabelText(`Count of ${dock.name}`)).toHaveValue('');
  },
};

/**
 * Staff receive with the camera (0047): it stays open, each scan of a cable counting one more (three cables, a second
 * apart), until closed; no unit cost is asked or shown (the line's is taken), and the receipt is recorded.
 */
export const ReceiveAsStaffScanning: Story = {
  parameters: {
    app: { route: RECEIVE },
    scanner: fakeScanner({ codes: [cable.barcode!, cable.barcode!, cable.barcode!], everyMs: 1000 }).scanner,
  },
  beforeEach: () => {
    const cleanup = signedInAs('staff')();
    seedPurchaseOrder('partly_received');
    return cleanup;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Receive PO-00001');
    await waitFor(() => expect(card(canvasElement, cable.name).getByText('10 outstanding')).toBeVisible(), SLOW);
    // Offered while the role is still loading (the server decides anyway); gone once staff is known.
    await waitFor(() => expect(canvas.queryByLabelText('Unit cost received')).toBeNull(), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: "Scan an item's barcode" }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Scan a barcode' }, SLOW));
    await waitFor(() => expect(card(canvasElement, cable.name).getByLabelText(`Count of ${cable.name}`)).toHaveValue('3'), { timeout: 10_000 });
    await expect(dialog.getByRole('status')).toHaveTextContent(PURCHASE_TEXT.scannedCountedOf(cable.name, 3, 10));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Submit receipt (3 items)' }));
    await expectToast(canvasElement, PURCHASE_TEXT.received(3), 'success');
    await waitFor(() => expect(card(canvasElement, cable.name).getByText('7 outstanding')).toBeVisible(), SLOW);
  },
};

/**
 * Another phone received the docks meanwhile: the server's 409 is said, the dock's line shows nothing outstanding with
 * the error under its count, and every count stays as it was.
 */
export const ReceiveConflict: Story = {
  parameters: { app: { route: RECEIVE } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Receive PO-00001');
    const count = await card(canvasElement, dock.name).findByLabelText(`Count of ${dock.name}`, {}, SLOW);
    await userEvent.type(count, '3');
    await userEvent.type(card(canvasElement, cable.name).getByLabelText(`Count of ${cable.name}`), '4');
    mockDb.purchaseOrders.find((order) => order._id === PURCHASE_ORDER_ID)!.lines[0]!.received = 4;
    await userEvent.click(canvas.getByRole('button', { name: 'Submit receipt (7 items)' }));
    await expect(await canvas.findByText(/^Line 1 \(USB-C dock\): nothing is outstanding/, {}, SLOW)).toBeVisible();
    await waitFor(() =>
      expect(card(canvasElement, dock.name).getByLabelText(`Count of ${dock.name}`)).toHaveAccessibleDescription(
        PURCHASE_TEXT.moreThanOutstanding(0),
      ),
    );
    await expect(card(canvasElement, dock.name).getByLabelText(`Count of ${dock.name}`)).toHaveValue('3');
    await expect(card(canvasElement, cable.name).getByLabelText(`Count of ${cable.name}`)).toHaveValue('4');
  },
};
