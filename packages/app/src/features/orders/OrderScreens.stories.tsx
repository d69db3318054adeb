import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, forbiddenMessage } from '@inventory/contract';
import {
  demoOrders,
  failing,
  makeOrder,
  makeProduct,
  mockDb,
  mockState,
  pending,
  serverError,
  signedInAs,
  withOrders,
  withOverrides,
  withProducts,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW, expectFieldError } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { requestRecorder, rowCells, waitForRows } from '../../stories/catalogueStoryHelpers';
import { AddOrderPage } from './AddOrderPage';
import { formatDateTime } from '../../dates/formatDateTime';

/** Add New Order, Order detail and Order edit. */
const meta = {
  title: 'App/Orders/Order screens',
  component: AddOrderPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/add-Order' } },
  beforeEach: withOrders(),
} satisfies Meta<typeof AddOrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

// 'Samsung 990 PRO 2 TB NVMe SSD', 5 at $169.99, Storage.
const order = demoOrders.find((o) => o.name.startsWith('Samsung 990 PRO'))!;
const field = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByLabelText(new RegExp(`^${label}`));

async function fill(
  canvasElement: HTMLElement,
  values: Partial<Record<'Name' | 'Category' | 'Price' | 'Quantity', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(canvasElement, label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const save = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: /Save Order/ }));

const posts = requestRecorder('post', '/api/orders');

export const AddValidationErrors: Story = {
  parameters: { msw: { handlers: withOverrides(posts.handler) } },
  beforeEach: () => {
    posts.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await fill(canvasElement, { Name: 'Toner', Price: '-3', Quantity: 'two' });
    await save(canvasElement);
    await expect(await canvas.findByText(MESSAGES.categoryRequired)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.priceInvalid)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.quantityInvalid)).toBeVisible();
    await expect(field(canvasElement, 'Category')).toHaveFocus();
    await expect(field(canvasElement, 'Name')).toHaveValue('Toner');
    await expect(posts.seen).toHaveLength(0);
  },
};

export const AddSuccess: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add New Order');
    await fill(canvasElement, { Name: 'HP 59X Toner', Category: 'Printers', Price: '1189.9', Quantity: '2' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.orderAdded, 'success');
    await expectPage(canvasElement, 'Orders Items');
    const rows = await waitForRows(canvasElement, 'Orders Items');
    await expect(rowCells(rows[0]!).slice(0, 6)).toEqual(['1', 'HP 59X Toner', 'Printers', '$1,189.90', '2', '$2,379.80']);
  },
};

export const AddSaving: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/orders', 'post')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add New Order');
    await fill(canvasElement, { Name: 'Toner', Category: 'Printers', Price: '10', Quantity: '1' });
    await save(canvasElement);
    await expectBusy(canvasElement, 'Saving order');
    await expect(within(canvasElement).getByRole('button', { name: /Save Order/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

function fact(canvasElement: HTMLElement, label: string): string {
  return within(canvasElement).getByText(`${label}:`, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

export const Detail: Story = {
  parameters: { app: { route: `/order-detail/${order._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await canvas.findByText(order.name, { selector: 'dd' }, SLOW);
    await expect(fact(canvasElement, 'SKU')).toBe(order.sku);
    await expect(fact(canvasElement, 'Category')).toBe('Storage');
    await expect(fact(canvasElement, 'Price')).toBe('$169.99');
    await expect(fact(canvasElement, 'Quantity')).toBe('5');
    await expect(fact(canvasElement, 'Total Value')).toBe('$849.95');
    // The number people say on the phone, and the order's date (issue 26).
    await expect(fact(canvasElement, 'Order number')).toMatch(/^SO-\d{5}$/);
    await expect(fact(canvasElement, 'Date')).toBe(formatDateTime(order.createdAt));
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Order' }));
    await expectPage(canvasElement, 'Edit Order');
  },
};

export const DetailNotFound: Story = {
  parameters: { app: { route: '/order-detail/00000000-0000-4000-8000-000000000000' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MESSAGES.orderNotFound, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the orders' })).toHaveAttribute('href', '/orders');
  },
};

const ORDER = '/api/orders/:id';

/** The order's call has not answered yet: a spinner in place of the order, and no Edit link. */
export const DetailLoading: Story = {
  parameters: {
    app: { route: `/order-detail/${order._id}` },
    msw: { handlers: withOverrides(pending(ORDER, 'get')) },
  },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Order Detail');
    await expectBusy(canvasElement, 'Loading order');
    await expect(within(canvasElement).queryByRole('link', { name: 'Edit Order' })).toBeNull();
  },
};

const orderGets = requestRecorder('get', ORDER);

/** The order's call fails: the server's message with 'Try again', which asks again. */
export const DetailLoadFailed: Story = {
  parameters: {
    app: { route: `/order-detail/${order._id}` },
    msw: { handlers: withOverrides(orderGets.handler, serverError(ORDER, 'get')) },
  },
  beforeEach: () => {
    orderGets.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(canvas.queryByRole('link', { name: 'Edit Order' })).toBeNull();
    const asked = orderGets.seen.length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(orderGets.seen).toHaveLength(asked + 1), SLOW);
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(MESSAGES.internalError);
  },
};

/** The session ends while the order loads (its call answers 401): the session-expired toast, once, and /login. */
export const DetailSessionExpired: Story = {
  parameters: {
    app: { route: `/order-detail/${order._id}` },
    msw: { handlers: withOverrides(failing(ORDER, 401, MESSAGES.notAuthorized, 'get')) },
  },
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
    await expect(within(canvasElement).getAllByText(MESSAGES.sessionExpired)).toHaveLength(1);
  },
};

async function editLoaded(canvasElement: HTMLElement) {
  await expectPage(canvasElement, 'Edit Order');
  await waitFor(() => expect(field(canvasElement, 'Name')).toHaveValue(order.name), SLOW);
}

export const EditSuccess: Story = {
  parameters: { app: { route: `/edit-order/${order._id}` } },
  play: async ({ canvasElement }) => {
    await editLoaded(canvasElement);
    await expect(field(canvasElement, 'Category')).toHaveValue('Storage');
    await expect(field(canvasElement, 'Price')).toHaveValue('169.99');
    await expect(field(canvasElement, 'Quantity')).toHaveValue('5');
    await fill(canvasElement, { Quantity: '12' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.orderUpdated, 'success');
    await expectPage(canvasElement, 'Orders Items');
    const rows = await waitForRows(canvasElement, 'Orders Items');
    const edited = rows.find((row) => row.textContent?.includes('Samsung 990 PRO'));
    await expect(edited && rowCells(edited).slice(3, 6)).toEqual(['$169.99', '12', '$2,039.88']);
  },
};

/** Someone else saved meanwhile (409): the message is toasted and the typed values stay. */
export const EditConflictKeepsInput: Story = {
  parameters: {
    app: { route: `/edit-order/${order._id}` },
    msw: { handlers: withOverrides(failing('/api/orders/:id', 409, MESSAGES.editConflict, 'patch')) },
  },
  play: async ({ canvasElement }) => {
    await editLoaded(canvasElement);
    await fill(canvasElement, { Name: 'Samsung 990 PRO 4 TB', Quantity: '3' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.editConflict, 'error');
    await expectPage(canvasElement, 'Edit Order');
    await expect(field(canvasElement, 'Name')).toHaveValue('Samsung 990 PRO 4 TB');
    await expect(field(canvasElement, 'Quantity')).toHaveValue('3');
    await expect(within(canvasElement).getByRole('button', { name: 'Save Order' })).toBeEnabled();
  },
};

/** A viewer opening /add-Order: told why not, with a way back to the orders. */
export const ViewerCannotAdd: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add New Order');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(forbiddenMessage('viewer', 'catalogue:create'));
    await expect(within(alert).getByRole('link', { name: 'Back to the orders' })).toHaveAttribute('href', '/orders');
    await expect(within(canvasElement).queryByRole('button', { name: /Save Order/ })).toBeNull();
  },
};

export const ViewerCannotEdit: Story = {
  beforeEach: signedInAs('viewer'),
  parameters: { app: { route: `/edit-order/${order._id}` } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Edit Order');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(forbiddenMessage('viewer', 'catalogue:update'));
  },
};

const audited = makeOrder({
  _id: '50000000-0000-4000-8000-0000000000aa',
  name: 'Brother TN-2420 Toner',
  category: 'Printers',
  price: 64.5,
  quantity: 10,
  createdBy: { name: 'Sam Carter', token: 'Reorder bot' },
  updatedBy: { name: 'Priya Patel', token: null },
});

/** Who created the order (through an API token) and who changed it last; a viewer gets no Edit Order. */
export const DetailWhoDidWhat: Story = {
  beforeEach: mockState(signedInAs('viewer'), withOrders([audited])),
  parameters: { app: { route: `/order-detail/${audited._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await canvas.findByText(audited.name, { selector: 'dd' }, SLOW);
    await expect(fact(canvasElement, 'Created by')).toBe('Sam Carter via token Reorder bot');
    await expect(fact(canvasElement, 'Last changed by')).toBe('Priya Patel');
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Edit Order' })).toBeNull(), SLOW);
  },
};

/* ------------------------------------------------------------------ products, stock and status */

const mouse = makeProduct({
  _id: '40000000-0000-4000-8000-000000000011',
  name: 'Logitech MX Master 3S',
  category: 'Accessories',
  price: 99,
  quantity: 7,
});
const lastDock = makeProduct({
  _id: '40000000-0000-4000-8000-000000000012',
  name: 'Dell Pro Dock WD25',
  category: 'Accessories',
  price: 249.5,
  quantity: 1,
});
const withCatalogue = withProducts([mouse, lastDock]);

const picker = (canvasElement: HTMLElement) => within(canvasElement).getByRole('combobox', { name: 'Product' });

async function pick(canvasElement: HTMLElement, search: string, name: string) {
  await userEvent.type(picker(canvasElement), search);
  const option = await within(canvasElement).findByRole('option', { name: new RegExp(name) }, SLOW);
  await userEvent.click(option);
}

const soldOut = makeProduct({
  _id: '40000000-0000-4000-8000-000000000013',
  name: 'Dell UltraSharp U2724D',
  category: 'Monitors',
  price: 389,
  quantity: 0,
});

/** A product with none in stock is listed as unavailable and cannot be chosen, by click or by Enter (issue 26). */
export const PickerOutOfStockUnavailable: Story = {
  beforeEach: mockState(withProducts([mouse, lastDock, soldOut]), withOrders()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.type(picker(canvasElement), 'ultrasharp');
    const option = await canvas.findByRole('option', { name: /Dell UltraSharp/ }, SLOW);
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    await expect(option).toHaveTextContent('Out of stock: unavailable');
    await userEvent.click(option);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.queryByText(/^In stock:/)).toBeNull();
    await expect(field(canvasElement, 'Name')).toHaveValue('');
  },
};

/** Typing asks the server (limit 8, the text as q): "Searching…" until it answers. */
export const PickerSearching: Story = {
  beforeEach: mockState(withCatalogue, withOrders()),
  parameters: { msw: { handlers: withOverrides(pending('/api/products', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.type(picker(canvasElement), 'mx');
    await expect(await within(canvasElement).findByText('Searching…', {}, SLOW)).toBeVisible();
    await expect(picker(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

/** No product matches the text: the list says so. */
export const PickerNoMatch: Story = {
  beforeEach: mockState(withCatalogue, withOrders()),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Add New Order');
    await userEvent.type(picker(canvasElement), 'zebra printer');
    await expect(await within(canvasElement).findByText('No products match', {}, SLOW)).toBeVisible();
  },
};

/**
 * A product chosen from the search fills name, category and price (still editable) and shows its stock; the order
 * takes 2 of its 7. "No product" clears the choice.
 */
export const PickerChosen: Story = {
  beforeEach: mockState(withCatalogue, withOrders()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await pick(canvasElement, 'mx master', 'Logitech MX Master 3S');
    await expect(field(canvasElement, 'Name')).toHaveValue('Logitech MX Master 3S');
    await expect(field(canvasElement, 'Category')).toHaveValue('Accessories');
    await expect(field(canvasElement, 'Price')).toHaveValue('99');
    await expect(canvas.getByText('In stock: 7')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'No product' }));
    await expect(canvas.queryByText('In stock: 7')).toBeNull();
    await pick(canvasElement, 'logitech', 'Logitech MX Master 3S');
    await fill(canvasElement, { Price: '95', Quantity: '2' });
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.orderAdded, 'success');
    await waitFor(() => expect(mockDb.products.find((p) => p._id === mouse._id)?.quantity).toBe(5), SLOW);
    await expect(mockDb.orders.find((o) => o.productId === mouse._id)?.price).toBe(95);
  },
};

/** Too little stock: the server's 409 message under Quantity (focused), and everything typed stays. */
export const PickerRefused409: Story = {
  beforeEach: mockState(withCatalogue, withOrders()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add New Order');
    await pick(canvasElement, 'dock', 'Dell Pro Dock WD25');
    await expect(canvas.getByText('In stock: 1')).toBeVisible();
    await fill(canvasElement, { Quantity: '3' });
    await save(canvasElement);
    const quantity = await expectFieldError(canvasElement, /^Quantity/, MESSAGES.insufficientStock(1));
    await expect(quantity).toHaveFocus();
    await expectPage(canvasElement, 'Add New Order');
    await expect(field(canvasElement, 'Quantity')).toHaveValue('3');
    await expect(field(canvasElement, 'Name')).toHaveValue('Dell Pro Dock WD25');
    await expect(canvas.getByText('In stock: 1')).toBeVisible();
  },
};

const fulfilled = makeOrder({
  _id: '50000000-0000-4000-8000-000000000021',
  name: 'Logitech MX Master 3S',
  category: 'Accessories',
  price: 99,
  quantity: 2,
  status: 'fulfilled',
  productId: mouse._id,
});
const openOrder = makeOrder({
  _id: '50000000-0000-4000-8000-000000000022',
  name: 'Logitech MX Master 3S',
  category: 'Accessories',
  price: 99,
  quantity: 3,
  status: 'open',
  productId: mouse._id,
});

/** A fulfilled order is final: its detail says so without Edit or Cancel, and its edit page shows the note. */
export const FulfilledReadOnly: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([fulfilled, openOrder])),
  parameters: { app: { route: `/order-detail/${fulfilled._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await canvas.findByText(fulfilled.name, { selector: 'dd' }, SLOW);
    await expect(canvas.getByText('Fulfilled')).toBeVisible();
    await expect(canvas.getByText(MESSAGES.orderFulfilledLocked)).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Edit Order' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'View the product' })).toHaveAttribute('href', `/product-detail/${mouse._id}`);
  },
};

/** The edit page of a fulfilled order shows why it cannot change. */
export const FulfilledEditLocked: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([fulfilled, openOrder])),
  parameters: { app: { route: `/edit-order/${fulfilled._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Order');
    await expect(await canvas.findByText(new RegExp(MESSAGES.orderFulfilledLocked), {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Save Order/ })).toBeNull();
  },
};

/** An open order's edit shows its product and its status, which can be changed. */
export const EditStatus: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([fulfilled, openOrder])),
  parameters: { app: { route: `/edit-order/${openOrder._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Edit Order');
    const status = await canvas.findByRole('combobox', { name: /^Status/ }, SLOW);
    await expect(status).toHaveValue('open');
    await expect(canvas.getByText(openOrder.name, { selector: 'span' })).toBeVisible();
    await userEvent.selectOptions(status, 'fulfilled');
    await save(canvasElement);
    await expectToast(canvasElement, MESSAGES.orderUpdated, 'success');
    await waitFor(() => expect(mockDb.orders.find((o) => o._id === openOrder._id)?.status).toBe('fulfilled'), SLOW);
  },
};

/** Cancel order asks first; confirmed, the order is cancelled and its stock comes back. */
export const CancelConfirm: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([fulfilled, openOrder])),
  parameters: { app: { route: `/order-detail/${openOrder._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await canvas.findByText(openOrder.name, { selector: 'dd' }, SLOW);
    await expect(canvas.getByText('Open')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel order' }));
    const dialog = await within(document.body).findByRole('alertdialog', {}, SLOW);
    await expect(dialog).toHaveTextContent('a cancelled order gives its stock back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await expectToast(canvasElement, MESSAGES.orderCancelled, 'success');
    await waitFor(() => expect(mockDb.orders.find((o) => o._id === openOrder._id)?.status).toBe('cancelled'), SLOW);
    await expect(mockDb.products.find((p) => p._id === mouse._id)?.quantity).toBe(10);
  },
};

const orphanOrder = makeOrder({
  _id: '50000000-0000-4000-8000-000000000023',
  name: 'Old docking station',
  category: 'Accessories',
  price: 120,
  quantity: 4,
  status: 'open',
  productId: null,
});

/**
 * An order without a catalogue product (none chosen, or deleted since): cancelling says first that no units go back
 * to stock, and the cancelled order says so too (issue 26).
 */
export const CancelWithoutProduct: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([orphanOrder])),
  parameters: { app: { route: `/order-detail/${orphanOrder._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await canvas.findByText(orphanOrder.name, { selector: 'dd' }, SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel order' }));
    const dialog = await within(document.body).findByRole('alertdialog', {}, SLOW);
    await expect(dialog).toHaveTextContent('puts no units back in stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await expectToast(canvasElement, MESSAGES.orderCancelled, 'success');
  },
};

/** A cancelled order without a product says where its units went; it may be reopened (Edit), not cancelled again. */
export const CancelledWithoutProduct: Story = {
  beforeEach: mockState(signedInAs('owner'), withCatalogue, withOrders([{ ...orphanOrder, status: 'cancelled' }])),
  parameters: { app: { route: `/order-detail/${orphanOrder._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Order Detail');
    await expect(await canvas.findByText(/No units went back to stock/, {}, SLOW)).toBeVisible();
    await expect(canvas.getByText('Cancelled')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Edit Order' })).toBeVisible();
  },
};
