import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import {
  failing,
  makeProduct,
  outOfStockProduct,
  pending,
  productWithImage,
  productWithoutImage,
  mockState,
  serverError,
  signedInAs,
  withOverrides,
  withProducts,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requestRecorder } from '../../stories/catalogueStoryHelpers';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { formatDateTime } from './formatDateTime';
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
