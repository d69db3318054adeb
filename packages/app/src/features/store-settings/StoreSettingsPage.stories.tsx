import type { Meta, StoryObj } from '@storybook/react-vite';
import { BILLING_MESSAGES, MESSAGES } from '@inventory/contract';
import { mockState, pending, serverError, signedInAs, withOverrides, withStoreSettings } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectFieldError, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { StoreSettingsPage } from './StoreSettingsPage';

const SETTINGS = {
  legalName: 'Jane’s IT Shop Ltd',
  address: '12 Market Street\nLeeds LS1 6DT\nUnited Kingdom',
  taxId: 'GB123456789',
  paymentTermsDays: 30,
  bankDetails: 'Barclays Leeds\nIBAN GB33 BUKB 2020 1555 5555 55\nBIC BUKBGB22',
  footerText: 'Thank you for your business. Goods remain ours until paid in full.',
  currencySymbol: '£',
  currencyDecimals: 2,
  pricesIncludeTax: false,
  logoUpload: 'demo-router.png',
  logoFileName: 'shop-logo.png',
};
const RATES = [
  { name: 'Standard', percent: 23, isDefault: true },
  { name: 'Reduced', percent: 8 },
  { name: 'Zero', percent: 0 },
];

const meta = {
  title: 'App/Settings/Store Settings',
  component: StoreSettingsPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/store-settings' } },
  beforeEach: mockState(signedInAs('owner'), withStoreSettings(SETTINGS, RATES)),
} satisfies Meta<typeof StoreSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function loaded(canvasElement: HTMLElement) {
  await expectPage(canvasElement, 'Store Settings');
  return within(canvasElement).findByRole('form', { name: 'Store settings' }, SLOW);
}

/**
 * Loaded for an owner: the fields are editable once the member's role is known (a reused tab first shows the screen
 * as the previous story's member saw it, read-only).
 */
async function editableLoaded(canvasElement: HTMLElement) {
  const form = await loaded(canvasElement);
  await waitFor(() => expect(within(form).getByLabelText(/^Payment terms/)).not.toHaveAttribute('readonly'), SLOW);
  return form;
}

/** The rows of the preview's total block, as text. */
function totalBlock(canvasElement: HTMLElement): string[] {
  const table = within(canvasElement).getByRole('table', { name: 'Sample total block' });
  return within(table)
    .getAllByRole('row')
    .map((row) => (row.textContent ?? '').replace(/\u00a0/g, ' '));
}

/** An owner's store with its details, logo and three rates: every field editable, the preview in pounds. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    await expect(canvas.getByLabelText(/^Legal name/)).toHaveValue('Jane’s IT Shop Ltd');
    await expect(canvas.getByLabelText(/^Address/)).toHaveValue(SETTINGS.address);
    await expect(canvas.getByLabelText(/^Payment terms/)).toHaveValue(30);
    await expect(canvas.getByLabelText(/^Currency symbol/)).toHaveValue('£');
    await expect(canvas.getByLabelText(/^Prices include tax/)).not.toBeChecked();
    await expect(await canvas.findByRole('img', { name: /preview/i }, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove logo' })).toBeVisible();
    const rates = within(canvas.getByRole('table', { name: 'Tax rates' })).getAllByRole('row').slice(1);
    await expect(rates.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Standard', 'Reduced', 'Zero']);
    await expect(within(rates[0]!).getByText('Default')).toBeVisible();
    await expect(within(rates[1]!).getByRole('button', { name: 'Make default Reduced' })).toBeVisible();
    await expect(canvas.getByText('£1,234,567.89')).toBeVisible();
    // The Odoo case at 23 %: 15.33 of tax on 66.66, not the 15.34 of rounding each line.
    await expect(totalBlock(canvasElement)).toEqual([
      'Net£199.98',
      'Standard 23 % on £66.66£15.33',
      'Reduced 8 % on £66.66£5.33',
      'Zero 0 % on £66.66£0.00',
      'Gross£220.64',
    ]);
  },
};

/** A store that saved nothing: SPEC.md's $ and 2 decimals, due on receipt, no logo and no rates yet. */
export const Defaults: Story = {
  beforeEach: mockState(signedInAs('owner'), withStoreSettings(null, [])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    await expect(canvas.getByLabelText(/^Currency symbol/)).toHaveValue('$');
    await expect(canvas.getByLabelText(/^Payment terms/)).toHaveValue(0);
    await expect(canvas.getByText('No logo set for this store.')).toBeVisible();
    await expect(canvas.getByText('-- No tax rate yet: add the rates your documents charge.')).toBeVisible();
    await expect(canvas.getByText('$1,234,567.89')).toBeVisible();
    await expect(canvas.getByText('Add a tax rate to see a sample total block.')).toBeVisible();
  },
};

/** Staff see what documents print, with nothing to change. */
export const ReadOnly: Story = {
  beforeEach: mockState(signedInAs('staff'), withStoreSettings(SETTINGS, RATES)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    // Read-only once the member's role is known (a reused tab first shows the previous story's member's screen).
    await waitFor(() => expect(canvas.getByLabelText(/^Legal name/)).toHaveAttribute('readonly'), SLOW);
    await expect(canvas.getByText(/Only the store's owners change these settings/)).toBeVisible();
    await expect(canvas.getByLabelText(/^Decimals/)).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Save settings' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add tax rate' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Make default/ })).toBeNull();
    await expect(canvas.getByRole('img', { name: "The store's logo" })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/stores/active/settings', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Store Settings');
    await expectBusy(canvasElement, 'Loading store settings');
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/tax-rates', 'get')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Store Settings');
    await expect(await canvas.findByText(MESSAGES.internalError, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Try again|Retry/ })).toBeVisible();
  },
};

/** Bad values show under their fields and nothing is sent. */
export const InvalidSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    const terms = canvas.getByLabelText(/^Payment terms/);
    await userEvent.clear(terms);
    await userEvent.type(terms, '400');
    const symbol = canvas.getByLabelText(/^Currency symbol/);
    await userEvent.clear(symbol);
    await userEvent.type(symbol, 'EURO€');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expectFieldError(canvasElement, /^Payment terms/, MESSAGES.paymentTermsInvalid);
    await expectFieldError(canvasElement, /^Currency symbol/, MESSAGES.currencySymbolTooLong);
    await expect(terms).toHaveFocus();
    // The preview keeps the saved symbol while the typed one does not pass.
    await expect(canvas.getByText('£1,234,567.89')).toBeVisible();
  },
};

/** Saving: a toast, and the preview follows what was typed (euros, prices with tax, 0 decimals). */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    const symbol = canvas.getByLabelText(/^Currency symbol/);
    await userEvent.clear(symbol);
    await userEvent.type(symbol, '€');
    await userEvent.click(canvas.getByLabelText(/^Prices include tax/));
    await waitFor(() => expect(totalBlock(canvasElement)[1]).toBe('Standard 23 % on €54.20€12.46'), SLOW);
    await expect(totalBlock(canvasElement).at(-1)).toBe('Gross€199.98');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expectToast(canvasElement, MESSAGES.settingsSaved, 'success');
    await expect(canvas.getByText('€1,234,567.89')).toBeVisible();
  },
};

/**
 * How invoices are numbered: a bad prefix is said under its field and nothing is sent; saved, the example follows
 * (the year left out here) and a toast says the next number takes it.
 */
export const Numbering: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    const card = within(canvas.getByRole('form', { name: 'Invoice numbers' }));
    const invoicePrefix = card.getByLabelText(/^Invoice prefix/);
    await expect(invoicePrefix).toHaveAccessibleDescription(/Numbers read INV-2024-000123/);
    await userEvent.clear(invoicePrefix);
    await userEvent.type(invoicePrefix, 'INV 2');
    await userEvent.click(card.getByRole('button', { name: 'Save numbering' }));
    await expectFieldError(canvasElement, /^Invoice prefix/, BILLING_MESSAGES.numberingPrefixInvalid);
    await expect(invoicePrefix).toHaveFocus();
    await userEvent.clear(invoicePrefix);
    await userEvent.type(invoicePrefix, 'FAC');
    await userEvent.click(card.getByLabelText(/^The year in the number/));
    await expect(invoicePrefix).toHaveAccessibleDescription(/Numbers read FAC-000123/);
    await userEvent.click(card.getByRole('button', { name: 'Save numbering' }));
    await expectToast(canvasElement, BILLING_MESSAGES.numberingSaved, 'success');
  },
};

/** A tax rate's form: its errors under its fields; a rate added becomes the default and is listed. */
export const AddTaxRate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    const form = canvas.getByRole('form', { name: 'Add a tax rate' });
    await userEvent.type(within(form).getByLabelText(/^Rate/), '8.87501');
    await userEvent.click(within(form).getByRole('button', { name: 'Add tax rate' }));
    await expectFieldError(canvasElement, /^Name/, MESSAGES.taxRateNameRequired);
    await expectFieldError(canvasElement, /^Rate \(%\)/, MESSAGES.taxRatePercentDecimals);
    await userEvent.type(within(form).getByLabelText(/^Name/), 'NYC sales tax');
    const percent = within(form).getByLabelText(/^Rate/);
    await userEvent.clear(percent);
    await userEvent.type(percent, '8.875');
    await userEvent.click(within(form).getByLabelText('Make it the default rate'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add tax rate' }));
    await expectToast(canvasElement, MESSAGES.taxRateAdded, 'success');
    const table = canvas.getByRole('table', { name: 'Tax rates' });
    const row = (await within(table).findByRole('cell', { name: 'NYC sales tax' }, SLOW)).closest('tr')!;
    await expect(within(row).getByText('8.875 %')).toBeVisible();
    await expect(within(row).getByText('Default')).toBeVisible();
    // The form is empty again for the next rate.
    await waitFor(() => expect(canvasElement.querySelector('#rate-new-name')).toHaveValue(''), SLOW);
  },
};

/** Deleting a rate asks first. */
export const DeleteTaxRate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await editableLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Zero' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(MESSAGES.deleteTaxRateMessage('Zero'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, MESSAGES.taxRateDeleted, 'success');
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Delete Zero' })).toBeNull(), SLOW);
  },
};
