import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, type ReceivablesReport, REPORT_LABELS } from '@inventory/contract';
import { makeOrder, makeProduct, mockDb, mockState, pending, serverError, signedInAs, withOrders, withOverrides, withProducts } from '@inventory/mocks';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { expectPage, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { BillReportsPage } from './BillReportsPage';

const meta = {
  title: 'App/Bill Reports',
  component: BillReportsPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/bill-reports?from=2024-03-01&to=2024-03-31&groupBy=week' } },
} satisfies Meta<typeof BillReportsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const id = (n: number) => `52000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const LAPTOP = makeProduct({ _id: id(1), name: 'ThinkPad X1 Carbon', category: 'Laptops', price: 1400, quantity: 6, cost: 1000 });
const DOCK = makeProduct({ _id: id(2), name: 'Dell Pro Dock WD25', category: 'Accessories', price: 180, quantity: 25, cost: 95 });
const sale = (n: number, product: typeof LAPTOP, quantity: number, day: string, price = product.price) =>
  makeOrder({ _id: id(10 + n), name: product.name, category: product.category, productId: product._id, price, quantity, status: 'fulfilled', createdAt: `2024-03-${day}T10:00:00.000Z` });
const SALES = [sale(1, LAPTOP, 2, '04'), sale(2, DOCK, 5, '06'), sale(3, LAPTOP, 1, '13', 1350), sale(4, DOCK, 3, '20'), sale(5, LAPTOP, 1, '27')];
const UNIT_COST: Record<string, number> = { [LAPTOP._id]: 100_000, [DOCK._id]: 9_500 };

/** The ledger as the server keeps it: each product's opening stock, and each sale taking stock at its cost then. */
const withLedger = () => () => {
  let next = 900_000;
  const movement = (productId: string, change: number, reason: 'opening' | 'order_placed', createdAt: string, orderId: string | null) => {
    const product = mockDb.products.find((p) => p._id === productId)!;
    next += 1;
    mockDb.movements.push({ _id: String(next), storeId: product.storeId, productId, change, quantityAfter: 0, reason, actor: null, orderId, createdAt, ...(orderId ? { unitCostCents: UNIT_COST[productId] } : {}) });
  };
  movement(LAPTOP._id, 10, 'opening', '2024-02-20T09:00:00.000Z', null);
  movement(DOCK._id, 33, 'opening', '2024-02-20T09:00:00.000Z', null);
  for (const order of SALES) movement(order.productId!, -order.quantity, 'order_placed', order.createdAt, order._id);
  return () => undefined;
};

/** A month of sales by week: the totals, the charts with their tables, the CSV links; no invoices yet. */
export const WithSales: Story = {
  beforeEach: mockState(signedInAs('manager'), withProducts([LAPTOP, DOCK]), withOrders(SALES), withLedger()),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Bill Reports');
    const list = await within(canvasElement).findByLabelText('Totals of the period', {}, SLOW);
    // 4 laptops (1400 × 3 + 1350) and 8 docks at 180: 6,990.00 net; cost 4 × 1,000 + 8 × 95 = 4,760.00.
    await waitFor(() => expect(list).toHaveTextContent(`${REPORT_LABELS.net}$6,990.00`), SLOW);
    await expect(list).toHaveTextContent(`${REPORT_LABELS.cost}$4,760.00`);
    await expect(list).toHaveTextContent(`${REPORT_LABELS.margin}$2,230.00`);
    await expect(list).toHaveTextContent(`${REPORT_LABELS.marginPercent}31.9 %`);
    const products = within(canvasElement).getByRole('table', { name: 'Sales by product' });
    await expect(within(products).getAllByRole('row')[1]).toHaveTextContent('ThinkPad X1 Carbon4$5,550.00');
    await expect(within(canvasElement).getByRole('img', { name: /Net sales and margin over time/ })).toBeVisible();
    await expect(within(canvasElement).getByRole('link', { name: 'Sales CSV' })).toHaveAttribute('href', '/api/reports/sales.csv?from=2024-03-01&to=2024-03-31&groupBy=week');
    await expect(within(canvasElement).getByText('No invoices issued in this period.')).toBeVisible();
  },
};

const GADGETS = Array.from({ length: 12 }, (_, i) => makeProduct({ _id: id(40 + i), name: `Gadget ${String.fromCharCode(65 + i)}`, category: 'Gadgets', price: 10 * (i + 1), quantity: 0 }));
const GADGET_SALES = GADGETS.map((product, i) =>
  makeOrder({ _id: id(60 + i), name: product.name, category: product.category, productId: product._id, price: product.price, quantity: 1, status: 'fulfilled', createdAt: '2024-03-12T10:00:00.000Z' }),
);
/** A store owed more invoices than the answer lists: the first of each age, the count and total of them all. */
const CUT_RECEIVABLES: ReceivablesReport = {
  asOf: '2024-03-31',
  buckets: [
    { bucket: '0-30', label: '0–30 days', amountDueCents: 1_250_000, invoiceCount: 214, invoices: [{ _id: id(90), number: 'INV-2024-000301', customer: 'Ada Lovelace', dueDate: '2024-03-02', daysOverdue: 29, amountDueCents: 12_000 }] },
    { bucket: '31-60', label: '31–60 days', amountDueCents: 48_000, invoiceCount: 1, invoices: [{ _id: id(91), number: 'INV-2024-000188', customer: 'Alan Turing', dueDate: '2024-02-10', daysOverdue: 50, amountDueCents: 48_000 }] },
    { bucket: '61-90', label: '61–90 days', amountDueCents: 0, invoiceCount: 0, invoices: [] },
    { bucket: 'over-90', label: 'Over 90 days', amountDueCents: 0, invoiceCount: 0, invoices: [] },
  ],
  totalDueCents: 1_298_000,
};

/** More products sold than the screen lists: the top ten and how many in all; receivables cut with "N more". */
export const ManyProducts: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts(GADGETS), withOrders(GADGET_SALES)),
  parameters: { msw: { handlers: withOverrides(http.get('*/api/reports/receivables', () => HttpResponse.json(CUT_RECEIVABLES))) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Bill Reports');
    await expect(await within(canvasElement).findByText('Top 10 of 12 products — the CSV has them all.', {}, SLOW)).toBeVisible();
    const products = within(canvasElement).getByRole('table', { name: 'Sales by product' });
    await expect(within(products).getAllByRole('row')).toHaveLength(11);
    await expect(within(products).getAllByRole('row')[1]).toHaveTextContent('Gadget L1$120.00');
    const ages = within(canvasElement).getByRole('table', { name: 'Receivables by age' });
    await expect(within(ages).getAllByRole('row')[1]).toHaveTextContent('0–30 days214$12,500.00');
    await expect(within(ages).getAllByRole('row')[5]).toHaveTextContent('Total215$12,980.00');
    await expect(within(canvasElement).getByText('213 more in 0–30 days — download the CSV', { ignore: '' })).toBeInTheDocument();
  },
};

/** A period without sales: each report says so; the stock value still shows. */
export const EmptyPeriod: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([LAPTOP, DOCK]), withOrders(SALES), withLedger()),
  parameters: { app: { route: '/bill-reports?from=2024-01-01&to=2024-01-31&groupBy=week' } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Bill Reports');
    await expect(await within(canvasElement).findByText('No sales in this period.', {}, SLOW)).toBeVisible();
    await expect(within(canvasElement).getByText('No products sold in this period.')).toBeVisible();
    await expect(within(canvasElement).getByRole('table', { name: 'Stock value at the end of each period' })).toBeVisible();
  },
};

/** While the reports load. */
export const Loading: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([LAPTOP, DOCK])),
  parameters: { msw: { handlers: withOverrides(pending('/api/reports/sales', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Bill Reports');
    await expect(await within(canvasElement).findByText('Loading the reports', {}, SLOW)).toBeInTheDocument();
  },
};

/** A report fails: the server's message with Try again. */
export const Failed: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([LAPTOP, DOCK])),
  parameters: { msw: { handlers: withOverrides(serverError('/api/reports/taxes', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Bill Reports');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A viewer (or staff) reaching the address: the reports show costs and margins, so they are told who sees them. */
export const NotAllowed: Story = {
  beforeEach: mockState(signedInAs('viewer'), withProducts([LAPTOP, DOCK]), withOrders(SALES), withLedger()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Bill Reports');
    await expect(await canvas.findByText('Bill Reports show costs and margins: only owners and managers see them.', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('link', { name: /CSV/ })).toBeNull();
  },
};
