import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { makeProduct, makeSupplier, mockState, serverError, signedInAs, withOverrides, withProducts, withSuppliers } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ReorderPage } from './ReorderPage';
import { ORDER_THESE_TEXT } from './reorderSagas';

const meta = {
  title: 'App/Orders/To reorder',
  component: ReorderPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/reorder' } },
} satisfies Meta<typeof ReorderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const id = (n: number) => `40000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const LOW = [
  makeProduct({ _id: id(1), name: 'Logitech MX Master 3S', category: 'Accessories', quantity: 2, reorderPoint: 5, createdAt: '2024-03-05T09:00:00.000Z' }),
  makeProduct({ _id: id(2), name: 'Dell Pro Dock WD25', category: 'Accessories', quantity: 0, reorderPoint: 3, createdAt: '2024-03-04T09:00:00.000Z' }),
  makeProduct({ _id: id(3), name: '=HYPERLINK("http://evil")', category: 'Cables', quantity: 4, reorderPoint: 4, createdAt: '2024-03-03T09:00:00.000Z' }),
];
const FINE = [
  makeProduct({ _id: id(4), name: 'Samsung 990 PRO 2 TB', category: 'Storage', quantity: 20, reorderPoint: 5, createdAt: '2024-03-02T09:00:00.000Z' }),
  makeProduct({ _id: id(5), name: 'HP 59A Toner', category: 'Printers', quantity: 1, reorderPoint: null, createdAt: '2024-03-01T09:00:00.000Z' }),
];

async function rows(canvasElement: HTMLElement, count: number): Promise<HTMLElement[]> {
  const table = await within(canvasElement).findByRole('table', { name: 'Products to reorder' }, SLOW);
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(count + 1), SLOW);
  return within(table).getAllByRole('row').slice(1);
}

/**
 * Staff (who see no on-order figures): the products at or below their reorder point, with how many to order by "Order
 * these"'s rule (what brings each above its point: 5 + 1 − 2 = 4, 3 + 1 − 0 = 4).
 */
export const List: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts([...LOW, ...FINE])),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'To Reorder');
    const found = await rows(canvasElement, 3);
    await expect(found[0]).toHaveTextContent('Logitech MX Master 3S');
    await expect(within(found[0]!).getAllByRole('cell').slice(3).map((c) => c.textContent)).toEqual(['2', '5', '4']);
    await expect(within(found[1]!).getAllByRole('cell').slice(3).map((c) => c.textContent)).toEqual(['0', '3', '4']);
    await expect(within(canvasElement).getByText('3 products are at or below the reorder point.')).toBeVisible();
    await expect(within(found[0]!).getByRole('link', { name: 'Logitech MX Master 3S' })).toHaveAttribute('href', `/product-detail/${id(1)}`);
  },
};

/** Nothing at or below its reorder point. */
export const Empty: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts(FINE)),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'To Reorder');
    await expect(await within(canvasElement).findByText(/Nothing to reorder/, {}, SLOW)).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: 'Export CSV' })).toBeNull();
  },
};

/** The list fails: the server's message with Try again. */
export const Failed: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts([...LOW, ...FINE])),
  parameters: { msw: { handlers: withOverrides(serverError('/api/products', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'To Reorder');
    const alert = await within(canvasElement).findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const exported: Blob[] = [];

/** Export CSV: the whole list as a CSV download; a cell starting with = is prefixed with a quote (OWASP). */
export const Export: Story = {
  beforeEach: mockState(signedInAs('staff'), withProducts([...LOW, ...FINE]), () => {
    exported.length = 0;
    const original = URL.createObjectURL.bind(URL);
    const anchorClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) exported.push(blob);
      return original(blob);
    };
    // The story records the file instead of downloading it.
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      if (!this.download) anchorClick.call(this);
    };
    return () => {
      URL.createObjectURL = original;
      HTMLAnchorElement.prototype.click = anchorClick;
    };
  }),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'To Reorder');
    await rows(canvasElement, 3);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export CSV' }));
    await expectToast(canvasElement, 'Exported 3 products to reorder', 'success');
    await expect(exported).toHaveLength(1);
    const text = await exported[0]!.text();
    // The one export rule (contract csv-export.ts): a byte-order mark, quotes only where a cell needs them.
    await expect([...new Uint8Array(await exported[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    await expect(lines[0]).toBe('Name,SKU,Category,Quantity,Reorder point,To order,On order,Expected');
    await expect(lines).toHaveLength(4);
    // "To order" as the screen says it; On order blank where the list does not count it (staff).
    await expect(lines[1]).toMatch(/,2,5,4,,$/);
    await expect(lines[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",/);
  },
};

const FABRIKAM = makeSupplier({ _id: id(90), name: 'Fabrikam Peripherals', email: 'orders@fabrikam.example', leadTimeDays: 3 });

/**
 * An owner: the list counting what is on order. The mouse (from Fabrikam, packs of 10) and the product without a
 * supplier are chosen and ordered: one draft is made, the other is said to have no preferred supplier.
 */
export const OrderThese: Story = {
  beforeEach: mockState(
    signedInAs('owner'),
    withProducts([...LOW, ...FINE]),
    withSuppliers([FABRIKAM], [{ product: 'Logitech MX Master 3S', supplier: FABRIKAM.name, packSize: 10, lastCost: 71.4 }]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'To Reorder');
    // The owner's list (counting what is on order) comes once the member's role has arrived; a reused tab shows the
    // stock-only list until then.
    await expect(await canvas.findByText('3 products are at or below the reorder point, counting what is on order.', {}, SLOW)).toBeVisible();
    const found = await rows(canvasElement, 3);
    await expect(within(found[2]!).getAllByRole('cell').slice(3).map((c) => c.textContent)).toEqual(['2', '5', '0', '4']);
    await expect(canvas.getByRole('button', { name: 'Order these' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Choose Logitech MX Master 3S' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Choose =HYPERLINK("http://evil")' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Order these (2)' }));
    await expectToast(canvasElement, ORDER_THESE_TEXT.made(1), 'success');
    await expect(await canvas.findByRole('link', { name: 'PO-00001' })).toBeVisible();
    const left = within(canvas.getByRole('list', { name: 'Products without a preferred supplier' }));
    await expect(left.getByRole('listitem')).toHaveTextContent('=HYPERLINK("http://evil"): 1 to order');
  },
};
