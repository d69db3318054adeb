import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  demoProducts,
  demoSuppliers,
  demoUser,
  makeSupplier,
  mockDb,
  mockState,
  pending,
  signedInAs,
  storeIdForUser,
  withOverrides,
  withSuppliers,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog, requestRecorder, waitForRows } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectFieldError, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { AddSupplierPage } from './AddSupplierPage';

/** A supplier's page, and the Add and Edit Supplier forms. */
const meta = {
  title: 'App/Suppliers/Supplier screens',
  component: AddSupplierPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/add-supplier' } },
  beforeEach: withSuppliers(),
} satisfies Meta<typeof AddSupplierPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const northwind = demoSuppliers.find((s) => s.name === 'Northwind Distribution')!;
const fabrikam = demoSuppliers.find((s) => s.name === 'Fabrikam Peripherals')!;
const LINKED = 'ThinkPad X1 Carbon Gen 11';

function fact(canvasElement: HTMLElement, label: string): string {
  return within(canvasElement).getByText(`${label}:`, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

async function expectSupplierPage(canvasElement: HTMLElement, name: string) {
  await expectPage(canvasElement, 'Supplier Detail');
  await expect(await within(canvasElement).findByText(name, { selector: 'dd' }, SLOW)).toBeVisible();
}

/** Two purchase orders to Northwind: PO-00001 sent (expected 8 March, 3 at 1,355.50), PO-00002 a draft without a date. */
const withNorthwindOrders = () => {
  const storeId = storeIdForUser(demoUser._id);
  const productId = demoProducts.find((product) => product.name === LINKED)!._id;
  const order = (n: number, status: 'ordered' | 'draft', expectedDate: string | null, day: string) => ({
    _id: `28000000-0000-4000-8000-00000000010${n}`,
    storeId,
    number: n,
    supplierId: northwind._id,
    status,
    expectedDate,
    notes: '',
    orderedAt: status === 'draft' ? null : `${day}T10:00:00.000Z`,
    lines: [{ _id: `28000000-0000-4000-8000-00000000020${n}`, productId, quantity: 3, unitCostCents: 135_550, received: 0 }],
    createdAt: `${day}T09:00:00.000Z`,
    updatedAt: `${day}T10:00:00.000Z`,
    version: 1,
    creator: null,
    changer: null,
  });
  mockDb.purchaseOrders.push(order(1, 'ordered', '2024-03-08', '2024-03-01'), order(2, 'draft', null, '2024-03-04'));
  return () => undefined;
};

const field = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByLabelText(new RegExp(`^${label}`));

/**
 * Their fields, who added them, the products they supply with their part numbers, packs and costs, and their purchase
 * orders, newest first, each a link, with its status, expected date and total.
 */
export const Detail: Story = {
  parameters: { app: { route: `/suppliers/${northwind._id}` } },
  beforeEach: mockState(withSuppliers(), withNorthwindOrders),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSupplierPage(canvasElement, 'Northwind Distribution');
    await expect(fact(canvasElement, 'Contact')).toBe('Anne Dodsworth');
    await expect(canvas.getByRole('link', { name: 'orders@northwind.example' })).toHaveAttribute('href', 'mailto:orders@northwind.example');
    await expect(fact(canvasElement, 'Address')).toBe('12 Quay Street\nManchester M3 3HN');
    await expect(fact(canvasElement, 'Lead time')).toBe('5 days');
    const rows = await waitForRows(canvasElement, 'Products of Northwind Distribution');
    await expect(rows).toHaveLength(1);
    await expect(rows[0]!).toHaveTextContent(LINKED);
    await expect(rows[0]!).toHaveTextContent('NW-TPX1-11');
    await expect(rows[0]!).toHaveTextContent('$1,355.50');
    await expect(canvas.getByText('1 product')).toBeVisible();
    const orders = await waitForRows(canvasElement, 'Purchase orders to Northwind Distribution');
    await expect(orders.map((row) => row.textContent)).toEqual([expect.stringMatching(/^PO-00002Draft—\$4,066\.50$/), expect.stringMatching(/^PO-00001Ordered.*2024.*\$4,066\.50$/)]);
    await expect(within(orders[1]!).getByRole('link', { name: 'PO-00001' })).toHaveAttribute('href', '/purchase-orders/28000000-0000-4000-8000-000000000101');
    await expect(canvas.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit Supplier' })).toHaveAttribute('href', `/edit-supplier/${northwind._id}`);
  },
};

/** A supplier no product names: Delete says they go for good, and they do. */
export const DeleteDialog: Story = {
  parameters: { app: { route: `/suppliers/${fabrikam._id}` } },
  beforeEach: withSuppliers(demoSuppliers, []),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSupplierPage(canvasElement, 'Fabrikam Peripherals');
    await expect(await canvas.findByText("No products yet: add this supplier on a product's page.", {}, SLOW)).toBeVisible();
    await expect(await canvas.findByText('No purchase orders to this supplier yet.', {}, SLOW)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    const dialog = await confirmDialog();
    await expect(dialog).toHaveTextContent(`Fabrikam Peripherals: ${MESSAGES.deleteSupplierMessage}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, MESSAGES.supplierDeleted, 'success');
    await expectPage(canvasElement, 'Suppliers');
  },
};

/** A supplier that products name: the same button archives them, and the dialog says so; their page then shows it. */
export const ArchiveDialog: Story = {
  parameters: { app: { route: `/suppliers/${northwind._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSupplierPage(canvasElement, 'Northwind Distribution');
    await userEvent.click(await canvas.findByRole('button', { name: 'Archive' }, SLOW));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByRole('heading', { name: MESSAGES.archiveSupplierTitle })).toBeVisible();
    await expect(dialog).toHaveTextContent(`Northwind Distribution: ${MESSAGES.archiveSupplierMessage(1)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await expectToast(canvasElement, MESSAGES.supplierArchived, 'success');
    await expect(await canvas.findByText(/hidden from the list and from new links/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Restore' })).toBeVisible();
  },
};

/** An archived supplier: restored, they are back in the list and may be linked again. */
export const ArchivedRestore: Story = {
  parameters: { app: { route: `/suppliers/${fabrikam._id}` } },
  beforeEach: withSuppliers([makeSupplier({ ...fabrikam, archivedAt: '2024-03-20T10:00:00.000Z' })], []),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSupplierPage(canvasElement, 'Fabrikam Peripherals');
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
    await expectToast(canvasElement, MESSAGES.supplierRestored, 'success');
    await waitFor(() => expect(canvas.queryByText(/hidden from the list and from new links/)).toBeNull(), SLOW);
  },
};

/** Staff see the supplier, their products and purchase orders (no totals: costs are not theirs, 0047), and nothing to change them with. */
export const DetailStaff: Story = {
  parameters: { app: { route: `/suppliers/${northwind._id}` } },
  beforeEach: mockState(signedInAs('staff'), withSuppliers(), withNorthwindOrders),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSupplierPage(canvasElement, 'Northwind Distribution');
    await waitForRows(canvasElement, 'Products of Northwind Distribution');
    const orders = within(canvas.getByRole('table', { name: 'Purchase orders to Northwind Distribution' }));
    await waitFor(() => expect(orders.getAllByRole('row')).toHaveLength(3), SLOW);
    await expect(orders.queryByRole('columnheader', { name: 'Total' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Archive|Delete|Restore/ })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Edit Supplier' })).toBeNull();
  },
};

export const DetailNotFound: Story = {
  parameters: { app: { route: '/suppliers/00000000-0000-4000-8000-000000000000' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MESSAGES.supplierNotFound, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the suppliers' })).toHaveAttribute('href', '/suppliers');
  },
};

const posts = requestRecorder('post', '/api/suppliers');

/** Each bad field says why under itself, the first gets the focus, and nothing is sent or lost. */
export const AddFormErrors: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Supplier');
    await userEvent.type(field(canvasElement, 'Contact'), 'Anne');
    await userEvent.type(field(canvasElement, 'Email'), 'anne@');
    await userEvent.type(field(canvasElement, 'Lead time'), 'soon');
    await userEvent.click(canvas.getByRole('button', { name: /Save Supplier/ }));
    await expect(await canvas.findByText(MESSAGES.nameRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.invalidEmail)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.leadTimeInvalid)).toBeVisible();
    await expect(field(canvasElement, 'Name')).toHaveFocus();
    await expect(field(canvasElement, 'Contact')).toHaveValue('Anne');
    await expect(posts.seen).toHaveLength(0);
  },
};

/** A name another supplier has: the server's 409 shows under Name, and the form keeps what was typed. */
export const AddNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Supplier');
    await userEvent.type(field(canvasElement, 'Name'), 'NORTHWIND distribution');
    await userEvent.type(field(canvasElement, 'Contact'), 'Someone');
    await userEvent.click(canvas.getByRole('button', { name: /Save Supplier/ }));
    await expectFieldError(canvasElement, /^Name/, MESSAGES.supplierNameTaken('Northwind Distribution'));
    await expect(field(canvasElement, 'Contact')).toHaveValue('Someone');
  },
};

export const AddSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Supplier');
    await userEvent.type(field(canvasElement, 'Name'), 'Tailspin Toys');
    await userEvent.type(field(canvasElement, 'Lead time'), '7');
    await userEvent.type(field(canvasElement, 'Address'), '1 Runway Road{enter}Seattle');
    await userEvent.click(canvas.getByRole('button', { name: /Save Supplier/ }));
    await expectToast(canvasElement, MESSAGES.supplierAdded, 'success');
    await expectSupplierPage(canvasElement, 'Tailspin Toys');
    await expect(fact(canvasElement, 'Lead time')).toBe('7 days');
    await expect(fact(canvasElement, 'Address')).toBe('1 Runway Road\nSeattle');
  },
};

export const AddSaving: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/suppliers', 'post')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add Supplier');
    await userEvent.type(field(canvasElement, 'Name'), 'Tailspin Toys');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Save Supplier/ }));
    await expectBusy(canvasElement, 'Saving supplier');
  },
};

/** The edit form holds the supplier as saved; a change is saved and shown on their page. */
export const Edit: Story = {
  parameters: { app: { route: `/edit-supplier/${northwind._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Supplier');
    await waitFor(() => expect(field(canvasElement, 'Name')).toHaveValue('Northwind Distribution'), SLOW);
    await expect(field(canvasElement, 'Lead time')).toHaveValue('5');
    await userEvent.clear(field(canvasElement, 'Lead time'));
    await userEvent.type(field(canvasElement, 'Lead time'), '2');
    await userEvent.click(canvas.getByRole('button', { name: /Save Supplier/ }));
    await expectToast(canvasElement, MESSAGES.supplierUpdated, 'success');
    await expectSupplierPage(canvasElement, 'Northwind Distribution');
    await expect(fact(canvasElement, 'Lead time')).toBe('2 days');
  },
};
