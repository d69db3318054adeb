import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  failing,
  makeProduct,
  mockDb,
  outOfStockProduct,
  pending,
  productWithImage,
  productWithoutImage,
  mockState,
  seedMovements,
  serverError,
  signedInAs,
  withOverrides,
  withProducts,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requestRecorder } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { formatDateTime } from '../../dates/formatDateTime';
import { ProductDetailPage } from './ProductDetailPage';

const meta = {
  title: 'App/Products/Product detail',
  component: ProductDetailPage,
  decorators: [withAppProviders],
  parameters: { app: { route: `/product-detail/${productWithImage._id}` } },
  beforeEach: withProducts(),
} satisfies Meta<typeof ProductDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value of a fact ('SKU:' → its dd). */
function fact(canvasElement: HTMLElement, label: string): string {
  return within(canvasElement).getByText(`${label}:`, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The Cost fact shows once the member's role is known (it needs `cost:read`), which may come after the product. */
async function costShown(canvasElement: HTMLElement) {
  await within(canvasElement).findByText('Cost:', { selector: 'dt' }, SLOW);
}

async function loaded(canvasElement: HTMLElement, name: string) {
  await expectPage(canvasElement, 'Product Detail');
  await within(canvasElement).findByText(name, { selector: 'dd' }, SLOW);
}

export const WithImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const product = productWithImage;
    await loaded(canvasElement, product.name);
    // The API answers image URLs absolute (the mock: on the page's origin).
    await expect(canvas.getByRole('img', { name: product.name })).toHaveAttribute(
      'src',
      `${location.origin}/uploads/demo-laptop.png`,
    );
    await expect(canvas.getByText('In Stock')).toBeVisible();
    await expect(fact(canvasElement, 'SKU')).toBe(product.sku);
    await expect(fact(canvasElement, 'Category')).toBe('Laptops');
    await expect(fact(canvasElement, 'Price')).toBe('$1,649.00');
    await expect(fact(canvasElement, 'Quantity')).toBe('8');
    await expect(fact(canvasElement, 'Total Value in stock')).toBe('$13,192.00');
    await expect(fact(canvasElement, 'Created on')).toBe(formatDateTime(product.createdAt));
    await expect(fact(canvasElement, 'Last Updated')).toBe(formatDateTime(product.updatedAt));
    const description = canvasElement.querySelector('.rich-text-content');
    await expect(description).not.toBeNull();
    await expect(within(description as HTMLElement).getByText('14" business ultrabook').tagName).toBe('STRONG');
    await expect(within(description as HTMLElement).getByRole('link', { name: 'lenovo.com' })).toHaveAttribute(
      'href',
      'https://www.lenovo.com/',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Product' }));
    await expectPage(canvasElement, 'Edit Product');
  },
};

/** Issue 25: a product's barcode and part number, shown when it has them; its edit form holds them. */
export const WithCodes: Story = {
  beforeEach: () => {
    // A copy: the fixture itself stays as other stories know it.
    const at = mockDb.products.findIndex((item) => item._id === productWithImage._id);
    mockDb.products[at] = { ...mockDb.products[at]!, barcode: '4006381333931', mpn: '21KC004RGE' };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, productWithImage.name);
    await expect(fact(canvasElement, 'Barcode')).toBe('4006381333931');
    await expect(fact(canvasElement, 'Part number')).toBe('21KC004RGE');
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Product' }));
    await expectPage(canvasElement, 'Edit Product');
    await expect(await canvas.findByLabelText(/^Barcode/, {}, SLOW)).toHaveValue('4006381333931');
    await expect(canvas.getByLabelText(/^Part number/)).toHaveValue('21KC004RGE');
    await expect(canvas.queryByLabelText(/^SKU/)).toBeNull();
  },
};

export const WithoutImage: Story = {
  parameters: { app: { route: `/product-detail/${productWithoutImage._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, productWithoutImage.name);
    await expect(canvas.getByText(MESSAGES.noImageDetail)).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

export const OutOfStock: Story = {
  parameters: { app: { route: `/product-detail/${outOfStockProduct._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, outOfStockProduct.name);
    await expect(within(canvasElement).getByText('Out Of Stock')).toBeVisible();
    await expect(fact(canvasElement, 'Quantity')).toBe('0');
    await expect(fact(canvasElement, 'Total Value in stock')).toBe('$0.00');
  },
};

const hostile = makeProduct({
  _id: '40000000-0000-4000-8000-000000000001',
  name: 'Hostile description',
  description:
    '<p>Safe <em>text</em></p><img src="x" alt="" onerror="window.__pwned = true"><script>window.__pwned = true</script><a href="javascript:alert(1)">link</a>',
});

/** Stored HTML goes through DOMPurify: no script, no event handler, no javascript: link reaches the page. */
export const SanitizedDescription: Story = {
  beforeEach: withProducts([hostile]),
  parameters: { app: { route: `/product-detail/${hostile._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, hostile.name);
    const description = canvasElement.querySelector('.rich-text-content') as HTMLElement;
    await expect(within(description).getByText('text').tagName).toBe('EM');
    await expect(description.querySelector('script')).toBeNull();
    await expect(description.querySelector('[onerror]')).toBeNull();
    await expect(description.querySelector('a[href^="javascript"]')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

const coloured = makeProduct({
  _id: '40000000-0000-4000-8000-000000000004',
  name: 'Coloured description',
  description:
    '<h2>Dell Latitude 5440</h2><ul><li>16 GB RAM</li><li class="ql-indent-1">DDR5</li></ul>' +
    '<p>See <a href="https://www.dell.com">dell.com</a>, <span style="color:#c62828">the red note</span> and ' +
    '<span style="background-color:#fff4d6">a highlight</span>.</p>',
});

/**
 * Issue 26: a description follows the theme (its dark picture: light ink on the card, no white box); a run the author
 * coloured keeps a small light ground of its own in the dark theme, and a highlight its own colour.
 */
export const ColouredDescription: Story = {
  beforeEach: withProducts([coloured]),
  parameters: { app: { route: `/product-detail/${coloured._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, coloured.name);
    const description = canvasElement.querySelector('.rich-text-content') as HTMLElement;
    await expect(within(description).getByRole('heading', { name: 'Dell Latitude 5440' })).toBeVisible();
    await expect(within(description).getByText('the red note')).toHaveStyle({ color: 'rgb(198, 40, 40)' });
    await expect(within(description).getByText('a highlight')).toHaveStyle({ backgroundColor: 'rgb(255, 244, 214)' });
  },
};

export const NotFound: Story = {
  parameters: { app: { route: '/product-detail/00000000-0000-4000-8000-000000000000' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Product Detail');
    await expect(await canvas.findByText(MESSAGES.productNotFound, {}, SLOW)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

const PRODUCT = '/api/products/:id';

/** The product's call has not answered yet: a spinner in place of the product, and no Edit link. */
export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending(PRODUCT, 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Product Detail');
    await expectBusy(canvasElement, 'Loading product');
    await expect(within(canvasElement).queryByRole('link', { name: 'Edit Product' })).toBeNull();
  },
};

const productGets = requestRecorder('get', PRODUCT);

/** The product's call fails: the server's message with 'Try again', which asks again. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: withOverrides(productGets.handler, serverError(PRODUCT, 'get')) } },
  beforeEach: () => {
    productGets.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Product Detail');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(canvas.queryByRole('link', { name: 'Edit Product' })).toBeNull();
    const asked = productGets.seen.length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(productGets.seen).toHaveLength(asked + 1), SLOW);
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(MESSAGES.internalError);
  },
};

/** The session ends while the product loads (its call answers 401): the session-expired toast, once, and /login. */
export const SessionExpired: Story = {
  parameters: { msw: { handlers: withOverrides(failing(PRODUCT, 401, MESSAGES.notAuthorized, 'get')) } },
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
    await expect(within(canvasElement).getAllByText(MESSAGES.sessionExpired)).toHaveLength(1);
  },
};

const audited = makeProduct({
  _id: '40000000-0000-4000-8000-000000000002',
  name: 'Zebra ZD421 Label Printer',
  category: 'Printers',
  price: 389,
  quantity: 4,
  createdBy: { name: 'Priya Patel', token: null },
  updatedBy: { name: 'Jane Doe', token: 'Stock sync' },
});

/** Who created the product and who changed it last (here through an API token). */
export const WhoDidWhat: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([audited])),
  parameters: { app: { route: `/product-detail/${audited._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, audited.name);
    await expect(fact(canvasElement, 'Created by')).toBe('Priya Patel');
    await expect(fact(canvasElement, 'Last changed by')).toBe('Jane Doe via token Stock sync');
  },
};

/** A product made through the app: created and changed by the signed-in member. */
export const CreatedHere: Story = {
  parameters: { app: { route: '/add-product' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Add Product');
    await within(canvasElement).findByRole('textbox', { name: /Description/ }, SLOW);
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Anker 735 Charger');
    await userEvent.type(canvas.getByLabelText(/^Category/), 'Accessories');
    await userEvent.type(canvas.getByLabelText(/^Price/), '59.99');
    await userEvent.type(canvas.getByLabelText(/^Quantity/), '12');
    await userEvent.click(canvas.getByRole('button', { name: /Save/ }));
    await expectPage(canvasElement, 'Dashboard');
    await userEvent.click(await canvas.findByRole('link', { name: 'View Anker 735 Charger' }, SLOW));
    await loaded(canvasElement, 'Anker 735 Charger');
    await expect(fact(canvasElement, 'Created by')).toBe('Jane Doe');
    await expect(fact(canvasElement, 'Last changed by')).toBe('Jane Doe');
  },
};

/** A viewer sees the product, without Edit Product. */
export const ViewerReadOnly: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, productWithImage.name);
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Edit Product' })).toBeNull(), SLOW);
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  },
};

/* ------------------------------------------------------------------ cost and who sees it (0031) */

const costed = makeProduct({
  _id: '40000000-0000-4000-8000-000000000031',
  name: 'Dell UltraSharp U2723QE',
  category: 'Monitors',
  price: 649,
  quantity: 6,
  cost: 441.35,
});

/** An owner or a manager sees what the shop pays and the margin it leaves (price − cost, and as a share of the price). */
export const CostAndMargin: Story = {
  beforeEach: mockState(signedInAs('manager'), withProducts([costed, makeProduct({ ...productWithoutImage, cost: null })])),
  parameters: { app: { route: `/product-detail/${costed._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, costed.name);
    await costShown(canvasElement);
    await expect(fact(canvasElement, 'Price')).toBe('$649.00');
    await expect(fact(canvasElement, 'Cost')).toBe('$441.35');
    await expect(fact(canvasElement, 'Margin')).toBe('$207.65 (32.0% of the price)');
    // Its edit form starts from the cost.
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Product' }));
    await expectPage(canvasElement, 'Edit Product');
    await expect(await canvas.findByLabelText(/^Cost/, {}, SLOW)).toHaveValue('441.35');
  },
};

/** A product whose cost is not known yet: said so, and no margin. */
export const CostNotKnown: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([{ ...costed, cost: null }])),
  parameters: { app: { route: `/product-detail/${costed._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, costed.name);
    await costShown(canvasElement);
    await expect(fact(canvasElement, 'Cost')).toBe('Not known');
    await expect(within(canvasElement).queryByText('Margin:')).toBeNull();
  },
};

/** Staff never see what the shop pays: the API leaves the cost out, and the page has no Cost or Margin. */
export const StaffSeesNoCost: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts([costed])),
  parameters: { app: { route: `/product-detail/${costed._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, costed.name);
    await expect(fact(canvasElement, 'Price')).toBe('$649.00');
    await expect(canvas.queryByText('Cost:')).toBeNull();
    await expect(canvas.queryByText('Margin:')).toBeNull();
    await expect(canvasElement).not.toHaveTextContent('441.35');
    // Their edit form has no Cost field either.
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Product' }));
    await expectPage(canvasElement, 'Edit Product');
    await expect(await canvas.findByLabelText(/^Name/, {}, SLOW)).toHaveValue(costed.name);
    await expect(canvas.queryByLabelText(/^Cost/)).toBeNull();
  },
};

/* ------------------------------------------------------------------ stock history and corrections */

const stocked = makeProduct({
  _id: '40000000-0000-4000-8000-000000000003',
  name: 'Logitech MX Master 3S',
  category: 'Accessories',
  price: 99,
  quantity: 7,
});

const ORDER_ID = '50000000-0000-4000-8000-000000000001';

/** Twelve movements, oldest first, ending at the product's quantity (7): one page of ten, then two older ones. */
const HISTORY: Parameters<typeof seedMovements>[1] = [
  { change: 20, quantityAfter: 20, reason: 'created', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-01T09:00:00.000Z' },
  { change: -1, quantityAfter: 19, reason: 'order_placed', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-02T09:00:00.000Z' },
  { change: -2, quantityAfter: 17, reason: 'order_placed', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-03T09:00:00.000Z' },
  { change: -3, quantityAfter: 14, reason: 'order_placed', by: { name: 'Jane Doe', token: 'Shop sync' }, orderId: null, createdAt: '2024-03-04T09:00:00.000Z' },
  { change: 3, quantityAfter: 17, reason: 'order_cancelled', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-05T09:00:00.000Z' },
  { change: -2, quantityAfter: 15, reason: 'order_changed', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-06T09:00:00.000Z' },
  { change: -1, quantityAfter: 14, reason: 'correction', correctionReason: 'count', note: 'Shelf B2 counted', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-07T09:00:00.000Z' },
  { change: -4, quantityAfter: 10, reason: 'order_placed', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-08T09:00:00.000Z' },
  { change: 4, quantityAfter: 14, reason: 'order_deleted', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-09T09:00:00.000Z' },
  { change: -5, quantityAfter: 9, reason: 'edited', by: { name: 'Jane Doe', token: null }, orderId: null, createdAt: '2024-03-10T09:00:00.000Z' },
  { change: -2, quantityAfter: 7, reason: 'order_placed', by: { name: 'Jane Doe', token: null }, orderId: ORDER_ID, createdAt: '2024-03-11T09:00:00.000Z' },
  { change: 0, quantityAfter: 7, reason: 'import', by: null, orderId: null, createdAt: '2024-03-12T09:00:00.000Z' },
];

const withHistory = () => {
  seedMovements(stocked._id, HISTORY);
  return () => {};
};

async function historyRows(canvasElement: HTMLElement, count: number): Promise<HTMLElement[]> {
  const card = await within(canvasElement).findByRole('region', { name: 'Stock history' }, SLOW);
  await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(count + 1), SLOW);
  return within(card).getAllByRole('row').slice(1);
}

/** The stock history: newest first, reason, signed change, quantity after, who (and the token), when; "Show older" pages. */
export const StockHistory: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([stocked]), withHistory),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, stocked.name);
    const rows = await historyRows(canvasElement, 10);
    await expect(rows[0]).toHaveTextContent('Import');
    await expect(rows[0]).toHaveTextContent('System');
    await expect(rows[1]).toHaveTextContent('Order placed');
    await expect(rows[1]).toHaveTextContent('−2');
    await expect(within(rows[1]!).getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/order-detail/${ORDER_ID}`);
    await expect(rows[2]).toHaveTextContent('Quantity edited');
    await expect(rows[3]).toHaveTextContent('Order deleted+4');
    // A correction reads with its reason and its note.
    await expect(rows[5]).toHaveTextContent('Stock correction: CountShelf B2 counted');
    const card = within(canvasElement).getByRole('region', { name: 'Stock history' });
    await userEvent.click(within(card).getByRole('button', { name: 'Show older' }));
    const all = await historyRows(canvasElement, 12);
    await expect(all[10]).toHaveTextContent('Order placed');
    await expect(all[11]).toHaveTextContent('Product added+2020');
    await expect(within(card).queryByRole('button', { name: 'Show older' })).toBeNull();
  },
};

/** A product without movements (seeded before the ledger): the history says so. */
export const StockHistoryEmpty: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([stocked])),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, stocked.name);
    const card = await within(canvasElement).findByRole('region', { name: 'Stock history' }, SLOW);
    await expect(await within(card).findByText('No stock movements yet.', {}, SLOW)).toBeVisible();
  },
};

/** A correction: the server's message, the new quantity, and the movement at the top of the history. */
export const StockCorrected: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([stocked]), withHistory),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, stocked.name);
    await historyRows(canvasElement, 10);
    const form = await canvas.findByRole('region', { name: 'Correct stock' }, SLOW);
    // A keyboard with a minus sign on phones (issue 26): not the digits-only keypad.
    await expect(within(form).getByLabelText(/^Change/)).toHaveAttribute('inputmode', 'text');
    await userEvent.type(within(form).getByLabelText(/^Change/), '-2');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'Damaged');
    await userEvent.type(within(form).getByLabelText(/^Note/), 'Dropped by the courier');
    await userEvent.click(within(form).getByRole('button', { name: 'Correct stock' }));
    await expectToast(canvasElement, MESSAGES.stockAdjusted, 'success');
    await waitFor(() => expect(fact(canvasElement, 'Quantity')).toBe('5'), SLOW);
    await waitFor(async () => expect((await historyRows(canvasElement, 10))[0]).toHaveTextContent('Stock correction: DamagedDropped by the courier−25'), SLOW);
    // The form starts afresh for the next correction.
    const again = within(canvas.getByRole('region', { name: 'Correct stock' }));
    await expect(again.getByLabelText(/^Change/)).toHaveValue('');
    await expect(again.getByRole('combobox', { name: 'Reason' })).toHaveValue('');
    await expect(again.getByLabelText(/^Note/)).toHaveValue('');
  },
};

/** A correction below 0: the server's 409 under the field, what was typed kept; "0" is refused before sending. */
export const StockCorrectionRefused: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([stocked]), withHistory),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, stocked.name);
    const form = await canvas.findByRole('region', { name: 'Correct stock' }, SLOW);
    const input = within(form).getByLabelText(/^Change/);
    await userEvent.type(input, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Correct stock' }));
    await expect(await within(form).findByText(MESSAGES.stockChangeInvalid)).toBeVisible();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'Count');
    await userEvent.clear(input);
    await userEvent.type(input, '-9');
    await userEvent.click(within(form).getByRole('button', { name: 'Correct stock' }));
    await expect(await within(form).findByText(MESSAGES.stockWouldBeNegative(7), {}, SLOW)).toBeVisible();
    await expect(input).toHaveValue('-9');
    await expect(fact(canvasElement, 'Quantity')).toBe('7');
  },
};

/** A correction without a reason: said under the Reason field, focus moved there, nothing sent, the change kept. */
export const StockCorrectionNeedsReason: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts([stocked]), withHistory),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, stocked.name);
    await historyRows(canvasElement, 10);
    const form = await within(canvasElement).findByRole('region', { name: 'Correct stock' }, SLOW);
    await userEvent.type(within(form).getByLabelText(/^Change/), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Correct stock' }));
    const reason = within(form).getByRole('combobox', { name: 'Reason' });
    await expect(reason).toHaveAccessibleDescription(MESSAGES.correctionReasonRequired);
    await expect(reason).toHaveFocus();
    await expect(within(form).getByLabelText(/^Change/)).toHaveValue('3');
    await expect(fact(canvasElement, 'Quantity')).toBe('7');
  },
};

/** A viewer sees the history but no correction form. */
export const StockViewerNoCorrection: Story = {
  beforeEach: mockState(signedInAs('viewer'), withProducts([stocked]), withHistory),
  parameters: { app: { route: `/product-detail/${stocked._id}` } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, stocked.name);
    await historyRows(canvasElement, 10);
    await expect(within(canvasElement).queryByRole('region', { name: 'Correct stock' })).toBeNull();
  },
};

/** An archived product (0033): a banner says since when and what it means; Restore brings it back to the lists. */
export const ArchivedWithRestore: Story = {
  beforeEach: withProducts([{ ...productWithImage, archivedAt: '2026-01-15T10:00:00.000Z' }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, productWithImage.name);
    const banner = canvas.getByRole('region', { name: 'Archived' });
    await expect(within(banner).getByText(`Since ${formatDateTime('2026-01-15T10:00:00.000Z')}`, { exact: false })).toBeVisible();
    await userEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    await expectToast(canvasElement, MESSAGES.productRestored, 'success');
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Archived' })).toBeNull(), SLOW);
  },
};

/** A viewer sees that a product is archived, but cannot restore it. */
export const ArchivedViewer: Story = {
  beforeEach: signedInAs('viewer', { products: [{ ...productWithImage, archivedAt: '2026-01-15T10:00:00.000Z' }] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement, productWithImage.name);
    await expect(canvas.getByRole('region', { name: 'Archived' })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Restore' })).toBeNull(), SLOW);
  },
};

/**
 * An owner sees what is on sent purchase orders and when the earliest is expected (issue 28): 12 of the laptop on two
 * orders, one of them partly received, expected from 8 March.
 */
export const OnOrder: Story = {
  beforeEach: mockState(signedInAs('owner'), withProducts(), () => {
    const storeId = mockDb.products.find((product) => product._id === productWithImage._id)!.storeId;
    const supplierId = '28200000-0000-4000-8000-0000000000e1';
    const order = (n: number, status: 'ordered' | 'partly_received', expectedDate: string, quantity: number, received: number) => ({
      _id: `28200000-0000-4000-8000-0000000000a${n}`,
      storeId,
      number: n,
      supplierId,
      status,
      expectedDate,
      notes: '',
      orderedAt: '2024-03-01T10:00:00.000Z',
      lines: [{ _id: `28200000-0000-4000-8000-0000000000b${n}`, productId: productWithImage._id, quantity, unitCostCents: 90000, received }],
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
      version: 1,
      creator: null,
      changer: null,
    });
    mockDb.purchaseOrders.push(order(1, 'ordered', '2024-03-12', 5, 0), order(2, 'partly_received', '2024-03-08', 10, 3));
    return () => undefined;
  }),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement, productWithImage.name);
    await waitFor(() => expect(fact(canvasElement, 'On order')).toMatch(/^12, expected .*2024$/), SLOW);
  },
};
