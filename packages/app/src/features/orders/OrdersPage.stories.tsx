import type { Meta, StoryObj } from '@storybook/react-vite';
import { documentNumber, MESSAGES, type Order } from '@inventory/contract';
import {
  DEMO_CATEGORIES,
  demoOrders,
  makeOrder,
  mockState,
  pending,
  signedInAs,
  signedOut,
  withOrders,
  withoutOrders,
  withOverrides,
} from '@inventory/mocks';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { truncateName } from '../../catalogue/truncateName';
import { formatDate } from '../../dates/formatDateTime';
import { confirmDialog, requestRecorder, rowCells, tableRows, waitForRows } from '../../stories/catalogueStoryHelpers';
import { OrdersPage } from './OrdersPage';

const TABLE = 'Orders Items';

const meta = {
  title: 'App/Orders/Orders table',
  component: OrdersPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/orders' } },
  beforeEach: withOrders(),
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 12 orders, newest first: 3 pages of 5 (at most 5 rows each). */
const manyOrders: Order[] = Array.from({ length: 12 }, (_, i) =>
  makeOrder({
    _id: `50000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `Order line ${i + 1}`,
    category: DEMO_CATEGORIES[i % DEMO_CATEGORIES.length],
    price: 10 + i,
    quantity: i + 1,
    createdAt: new Date(Date.UTC(2024, 3, 1 + i)).toISOString(),
  }),
).reverse();

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, TABLE);
    await expect(document.title).toBe('Orders | Inventory');
    const rows = await waitForRows(canvasElement, TABLE);
    await expect(rows).toHaveLength(5);
    const headers = within(canvas.getByRole('table', { name: TABLE })).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual([
      's/n',
      'Order P.Name',
      'Category',
      'Price',
      'Quantity',
      'Value',
      'Order',
      'Status',
      'Action',
    ]);
    // At a desktop's 1280 px every column, Action included, is in view without scrolling the table sideways.
    if (window.innerWidth >= 1280) {
      const scroller = canvas.getByRole('table', { name: TABLE }).parentElement!;
      await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    }
    // The newest: 'Ubiquiti U6 Pro Access Point', 8 at $159.
    const first = demoOrders[0]!;
    // Its number (the newest of the store's orders) and its date (issue 26).
    const number = documentNumber('sales_order', demoOrders.length);
    await expect(rowCells(rows[0]!)).toEqual(['1', 'Ubiquiti U6 Pro ...', 'Networking', '$159.00', '8', '$1,272.00', `${number}${formatDate(first.createdAt)}`, 'Open']);
    await expect(canvas.getByText(`${demoOrders.length} orders`)).toBeVisible();
    await expect(within(rows[0]!).getByRole('link', { name: `View ${first.name}` })).toHaveAttribute(
      'href',
      `/order-detail/${first._id}`,
    );
    await expect(within(rows[0]!).getByRole('link', { name: `Edit ${first.name}` })).toHaveAttribute(
      'href',
      `/edit-order/${first._id}`,
    );
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/orders', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, TABLE);
    await expectBusy(canvasElement, 'Loading rows');
  },
};

export const Empty: Story = {
  beforeEach: withoutOrders(),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, TABLE);
    await expect(await within(canvasElement).findByText(MESSAGES.noOrders, {}, SLOW)).toBeVisible();
  },
};

/** A failed list shows a message with a retry (it fails once here). */
export const ErrorWithRetry: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(
        http.get('*/api/orders', () => HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 }), {
          once: true,
        }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await waitForRows(canvasElement, TABLE)).toHaveLength(5);
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};

/** The search filters on name or category, ignoring case. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const search = canvas.getByRole('searchbox', { name: /Search orders/ });
    await userEvent.type(search, 'networking');
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[2])).toEqual(['Networking', 'Networking']);
    }, SLOW);
    await userEvent.clear(search);
    await userEvent.type(search, 'TONER');
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows).toHaveLength(1);
      await expect(rows[0]).toHaveTextContent('HP 59A Black Ton...');
    }, SLOW);
    // By the number people say on the phone (issue 26): that order alone.
    const number = documentNumber('sales_order', demoOrders.length);
    await userEvent.clear(search);
    await userEvent.type(search, number);
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[6]!.slice(0, number.length))).toEqual([number]);
    }, SLOW);
    await userEvent.type(search, ' nothing');
    // Searched on the server: nothing matches, and the table says so.
    await expect(await canvas.findByText('No orders match this search or this status.', {}, SLOW)).toBeVisible();
  },
};

export const PageTwo: Story = {
  beforeEach: withOrders(manyOrders),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
      SLOW,
    );
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[0])).toEqual(['6', '7', '8', '9', '10']);
      await expect(rows[0]).toHaveTextContent('Order line 7');
    }, SLOW);
  },
};

const deletes = requestRecorder('delete', '/api/orders/:id');

/** Cancel sends nothing; Delete removes the row locally and toasts. */
export const DeleteConfirmation: Story = {
  parameters: { msw: { handlers: withOverrides(deletes.handler) } },
  beforeEach: mockState(withOrders(), () => {
    deletes.reset();
    return () => undefined;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = demoOrders[0]!;
    const rows = await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${target.name}` }));
    let dialog = await confirmDialog();
    await expect(within(dialog).getByText(MESSAGES.deleteOrderTitle)).toBeVisible();
    await expect(within(dialog).getByText(MESSAGES.deleteOrderMessage)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await expect(deletes.seen).toHaveLength(0);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${target.name}` }));
    dialog = await confirmDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, MESSAGES.orderDeleted, 'success');
    await waitFor(() => expect(canvas.queryByText('Ubiquiti U6 Pro ...')).toBeNull(), SLOW);
    await expect(deletes.seen).toHaveLength(1);
    // The next order moved up; the pages now hold 7 orders.
    const after = await tableRows(canvasElement, TABLE);
    await expect(rowCells(after[0]!)[1]).toBe(truncateName(demoOrders[1]!.name));
  },
};

/** A viewer: no Add Order, and the rows can be viewed only. */
export const ViewerReadOnly: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await waitForRows(canvasElement, TABLE);
    const name = demoOrders[0]!.name;
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Add Order' })).toBeNull(), SLOW);
    await expect(within(rows[0]!).getByRole('link', { name: `View ${name}` })).toBeVisible();
    await expect(within(rows[0]!).queryByRole('link', { name: `Edit ${name}` })).toBeNull();
    await expect(within(rows[0]!).queryByRole('button', { name: `Delete ${name}` })).toBeNull();
  },
};

/** Staff add and edit orders, and delete none. */
export const StaffWithoutDelete: Story = {
  beforeEach: signedInAs('staff'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await waitForRows(canvasElement, TABLE);
    const name = demoOrders[0]!.name;
    await waitFor(() => expect(within(rows[0]!).queryByRole('button', { name: `Delete ${name}` })).toBeNull(), SLOW);
    await expect(within(rows[0]!).getByRole('link', { name: `Edit ${name}` })).toBeVisible();
    const section = canvas.getByRole('region', { name: TABLE });
    await expect(within(section).getByRole('link', { name: 'Add Order' })).toBeVisible();
  },
};

/** Orders of each status: the Status filter asks the server for the cancelled ones only. */
export const FilteredByStatus: Story = {
  beforeEach: withOrders(
    manyOrders.map((order, i) => ({ ...order, status: i % 3 === 0 ? 'cancelled' : i % 3 === 1 ? 'fulfilled' : 'open' })),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await expect(canvas.getByText('12 orders')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'cancelled');
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[7])).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
    }, SLOW);
    await expect(canvas.getByText('4 orders')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

/** A line of an order of lines as the mocks keep it (the server's order_lines row). */
const storedLine = (id: number, quantity: number, shipped: number) => ({
  _id: `51000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  productId: null,
  description: `Line ${id}`,
  quantity,
  unitPriceCents: 1_000,
  discountBp: 0,
  taxRateId: null,
  shipped,
  returned: 0,
  cancelled: 0,
});

/**
 * Each row offers what its order's state allows (issue 26): an open order Edit and Delete, a fulfilled one neither (it
 * is final), a cancelled one both (reopen or delete); the status is the same badge as on the order's page: an order of
 * lines says how far it has shipped (issue 27: open, partly shipped, shipped).
 */
export const ActionsByStatus: Story = {
  beforeEach: withOrders([
    { ...manyOrders[0]!, name: 'Open order', status: 'open' },
    { ...manyOrders[1]!, name: 'Fulfilled order', status: 'fulfilled' },
    { ...manyOrders[2]!, name: 'Cancelled order', status: 'cancelled' },
    { ...manyOrders[3]!, name: 'Order half sent', status: 'open', orderLines: [storedLine(1, 2, 1), storedLine(2, 1, 0)] } as Order,
    { ...manyOrders[4]!, name: 'Order all sent', status: 'fulfilled', orderLines: [storedLine(3, 1, 1)] } as Order,
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    for (const name of ['Open order', 'Cancelled order']) {
      await expect(canvas.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
      await expect(canvas.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'View Fulfilled order' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Edit Fulfilled order' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete Fulfilled order' })).toBeNull();
    const badge = within(canvas.getByRole('table')).getByText('Fulfilled');
    await expect(badge.className).toMatch(/rounded/);
    // Orders of lines: how far each has shipped, from the page's salesStatus.
    const statusOf = (name: string) => {
      const row = canvas.getByRole('link', { name: `View ${name}` }).closest('tr')!;
      return rowCells(row).at(-1);
    };
    await expect(statusOf('Order half sent')).toBe('Partly shipped');
    await expect(statusOf('Order all sent')).toBe('Shipped');
    await expect(statusOf('Open order')).toBe('Open');
    await expect(canvas.queryByRole('link', { name: 'Edit Order all sent' })).toBeNull();
  },
};

/** 12 orders: Next asks for the page after the last row; s/n goes on from 6. */
export const PagedNext: Story = {
  beforeEach: withOrders(manyOrders),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[0])).toEqual(['6', '7', '8', '9', '10']);
    }, SLOW);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[0])).toEqual(['11', '12']);
    }, SLOW);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 1' }));
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[0])).toEqual(['1', '2', '3', '4', '5']);
    }, SLOW);
  },
};
