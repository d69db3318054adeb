import type { Meta, StoryObj } from '@storybook/react-vite';
import { failing, pending, signedIn, signedInAs, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { DRAFT_ID, ISSUED_ID, withInvoices } from './invoiceSeeds';
import { InvoicesPage } from './InvoicesPage';
import { INVOICE_TEXT } from './invoiceTexts';

/**
 * Invoices (issue 29): the list, the new-invoice form, a draft's detail and an issued one partly paid with a credit
 * note, each on the mocks' rules (the contract's). Grace Hopper is billed a ThinkPad and three cables at VAT 20 %.
 */
const meta = {
  title: 'App/Invoices/Invoice screens',
  component: InvoicesPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/invoices' } },
  beforeEach: withInvoices(signedIn(), ['draft', 'partly_paid_credited', 'paid', 'overdue']),
} satisfies Meta<typeof InvoicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list: a draft, one partly paid and credited, one paid, one overdue; the Overdue filter keeps the overdue one. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Invoices');
    const table = within(await canvas.findByRole('table', { name: 'Invoices' }, SLOW));
    await waitFor(() => expect(table.getByRole('link', { name: 'INV-2026-000002' })).toBeVisible(), SLOW);
    await expect(table.getByRole('link', { name: 'Draft' })).toBeVisible();
    await expect(table.getByText('Partly paid')).toBeVisible();
    await expect(table.getByText('Credited')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Status'), 'Overdue');
    await waitFor(() => expect(table.queryByRole('link', { name: 'INV-2026-000002' })).toBeNull(), SLOW);
    await expect(table.getByRole('link', { name: 'INV-2026-000004' })).toBeVisible();
  },
};

/** No invoice yet: the empty table says how to make one. */
export const ListEmpty: Story = {
  beforeEach: withInvoices(signedIn(), []),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No invoices yet: write one, or invoice an order from its detail.', {}, SLOW)).toBeVisible();
  },
};

/** The page on its way: the table is busy. */
export const ListLoading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/invoices', 'get')) } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Invoices' }, SLOW);
    await expect(table).toHaveAttribute('aria-busy', 'true');
  },
};

/** The page failed: the message and a way to try again. */
export const ListError: Story = {
  parameters: { msw: { handlers: withOverrides(failing('/api/invoices', 500, 'The invoices could not be loaded', 'get')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The invoices could not be loaded', {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A new draft sent empty: the customer and the lines are asked for under their fields; a line's totals follow as typed. */
export const FormValidation: Story = {
  parameters: { app: { route: '/invoices/new' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'New Invoice');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await expect(await canvas.findByText(INVOICE_TEXT.customerRequired, {}, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a line of text' }));
    const line = within(canvas.getByRole('group', { name: 'Line 1' }));
    await userEvent.type(line.getByLabelText(/^Description/), 'Setup service');
    await userEvent.type(line.getByLabelText(/^Unit price/), '12.345');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(line.getByLabelText(/^Unit price/)).toHaveAttribute('aria-invalid', 'true'), SLOW);
    await userEvent.clear(line.getByLabelText(/^Unit price/));
    await userEvent.type(line.getByLabelText(/^Unit price/), '55.55');
    const totals = canvas.getByRole('table', { name: 'Invoice totals' });
    await waitFor(() => expect(within(totals).getByRole('row', { name: /^Gross/ })).toHaveTextContent('$66.66'), SLOW);
  },
};

/** A draft: no number yet; Edit, Delete and Issue. Issued, it takes the next number. */
export const DraftDetail: Story = {
  parameters: { app: { route: `/invoices/${DRAFT_ID}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Draft invoice');
    await expect(canvas.getByText('Given when issued')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(within(canvas.getByRole('table', { name: 'Invoice totals' })).getByRole('row', { name: /^Gross/ })).toHaveTextContent('$1,623.28');
  },
};

/** Issued, partly paid, its cables credited, its mail failed: what is due, the credit note and the payment. */
export const IssuedPartlyPaidCredited: Story = {
  parameters: { app: { route: `/invoices/${ISSUED_ID}` } },
  beforeEach: withInvoices(signedIn(), ['partly_paid_credited']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Invoice INV-2026-000001');
    await expect(canvas.getByText('Partly paid')).toBeVisible();
    await expect(canvas.getByText(/Failed to grace@example.com: Mailbox unavailable/)).toBeVisible();
    await expect(await canvas.findByText(/Credit note CN-2026-000001 of/, {}, SLOW)).toHaveTextContent('3 × USB-C cable 2 m (line 2)');
    await expect(canvas.getByText(/Payment of .* Bank transfer \(Transfer 118\)/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Record payment' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Credit note' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Credit note' }, SLOW));
    await userEvent.type(dialog.getByLabelText(/^Line 1/), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    await expect(await dialog.findByText('At most 1 can still be credited', {}, SLOW)).toBeVisible();
  },
};

/** A viewer reads the invoice and downloads its PDF; nothing that changes it is offered. */
export const ViewerReadOnly: Story = {
  parameters: { app: { route: `/invoices/${ISSUED_ID}` } },
  beforeEach: withInvoices(signedInAs('viewer'), ['partly_paid_credited']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Invoice INV-2026-000001');
    await expect(canvas.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    // Once the role is known (until then the server decides), nothing that changes the invoice is offered.
    for (const name of ['Record payment', 'Credit note', 'Mail to customer']) await waitFor(() => expect(canvas.queryByRole('button', { name })).toBeNull(), SLOW);
  },
};
