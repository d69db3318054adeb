import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, encodeCursor, forbiddenMessage, removalSentence } from '@inventory/contract';
import {
  answeredProduct,
  demoProducts,
  manyProducts,
  mockState,
  pending,
  signedInAs,
  signedOut,
  withOverrides,
  withoutProducts,
  withProducts,
} from '@inventory/mocks';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import {
  confirmDialog,
  requestRecorder,
  rowCells,
  summaryValue,
  tableRows,
  waitForRows,
} from '../../stories/catalogueStoryHelpers';
import { DashboardPage } from './DashboardPage';

const TABLE = 'Inventory Items';
const NO_MATCH = 'No products match this search or these filters.';

const meta = {
  title: 'App/Products/Dashboard',
  component: DashboardPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/dashboard' } },
  beforeEach: withProducts(),
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo catalogue: 14 products, 2 out of stock, 6 categories; the newest first. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Dashboard');
    const rows = await waitForRows(canvasElement, TABLE);
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('14'), SLOW);
    await expect(summaryValue(canvasElement, 'Total Store Value')).toBe('$45,813.47');
    await expect(summaryValue(canvasElement, 'Out of Stock')).toBe('2');
    await expect(summaryValue(canvasElement, 'All Categories')).toBe('6');
    await expect(rows).toHaveLength(5);
    // 'Seagate IronWolf 8 TB NAS HDD', 9 at $189.
    await expect(rowCells(rows[0]!)).toEqual(['1', 'Seagate IronWolf...', 'Storage', '$189.00', '9', '$1,701.00']);
    const name = within(rows[0]!).getByText('Seagate IronWolf...');
    // Issue 25: the whole name on hover and on keyboard focus, as the cut name's description.
    await userEvent.hover(name);
    await expect(within(canvasElement).getByRole('tooltip')).toHaveTextContent(demoProducts[0]!.name);
    await expect(name).toHaveAccessibleDescription(demoProducts[0]!.name);
    await userEvent.unhover(name);
    await expect(within(canvasElement).queryByRole('tooltip')).toBeNull();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: /Search products/ })).toHaveAttribute(
      'placeholder',
      'Search products',
    );
    await expect(within(rows[0]!).getByRole('link', { name: `View ${demoProducts[0]!.name}` })).toHaveAttribute(
      'href',
      `/product-detail/${demoProducts[0]!._id}`,
    );
    await expect(within(rows[0]!).getByRole('link', { name: `Edit ${demoProducts[0]!.name}` })).toHaveAttribute(
      'href',
      `/edit-product/${demoProducts[0]!._id}`,
    );
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/products', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Dashboard');
    await expectBusy(canvasElement, 'Loading rows');
    await expect(within(canvasElement).getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  beforeEach: withoutProducts(),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Dashboard');
    await expect(await within(canvasElement).findByText(MESSAGES.noProducts, {}, SLOW)).toBeVisible();
    // The figures are a request of their own: they may land after the empty list.
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('0'), SLOW);
    await expect(summaryValue(canvasElement, 'Total Store Value')).toBe('$0.00');
    await expect(summaryValue(canvasElement, 'Out of Stock')).toBe('0');
    await expect(summaryValue(canvasElement, 'All Categories')).toBe('0');
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    // Issue 26: SPEC.md's words, and beside them the two ways to a first product.
    const table = within(within(canvasElement).getByRole('table'));
    await expect(table.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/add-product');
    await expect(table.getByRole('link', { name: 'Import CSV' })).toHaveAttribute('href', '/products/import');
  },
};

/** The list fails once; 'Try again' loads it. */
export const ErrorWithRetry: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(
        http.get('*/api/products', () => HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 }), {
          once: true,
        }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(canvas.queryByRole('table', { name: TABLE })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitForRows(canvasElement, TABLE);
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('14'), SLOW);
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};

export const SearchMatches: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(within(canvasElement).getByRole('searchbox', { name: /Search products/ }), 'MONITOR');
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(rows.map((row) => rowCells(row)[2])).toEqual(['Monitors', 'Monitors']);
    }, SLOW);
  },
};

export const SearchWithoutMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.type(canvas.getByRole('searchbox', { name: /Search products/ }), 'no such thing');
    // Searched on the server: nothing matches, and the table says so (not that the catalogue is empty).
    await expect(await canvas.findByText(NO_MATCH, {}, SLOW)).toBeVisible();
    await expect(canvas.queryByText(MESSAGES.noProducts)).toBeNull();
    await expect(canvas.getByText('0 products')).toBeVisible();
    // The summary still counts the whole catalogue.
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('14'), SLOW);
  },
};

/** 23 products: page 2 shows rows 6 to 10. */
export const PageTwoOfMany: Story = {
  beforeEach: withProducts(manyProducts(23)),
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
    }, SLOW);
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'),
      SLOW,
    );
    await expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
  },
};

const deletes = requestRecorder('delete', '/api/products/:id');

/** Cancel closes the dialog and sends nothing; Delete removes the product, toasts and reloads the list. */
export const DeleteConfirmation: Story = {
  parameters: { msw: { handlers: withOverrides(deletes.handler) } },
  beforeEach: mockState(withProducts(), () => {
    deletes.reset();
    return () => undefined;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const target = demoProducts[0]!;
    const rows = await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${target.name}` }));
    let dialog = await confirmDialog();
    await expect(within(dialog).getByText(MESSAGES.deleteProductTitle)).toBeVisible();
    // No history: SPEC.md's question, then what will happen, naming the product (0033).
    await expect(
      await within(dialog).findByText(
        `${MESSAGES.deleteProductMessage} ${removalSentence(target.name, { outcome: 'delete', orders: 0, movements: 0 })}`,
        {},
        SLOW,
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await expect(deletes.seen).toHaveLength(0);
    await expect(canvas.getByText('Seagate IronWolf...')).toBeVisible();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${target.name}` }));
    dialog = await confirmDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(), SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, MESSAGES.productDeleted, 'success');
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('13'), SLOW);
    await expect(canvas.queryByText('Seagate IronWolf...')).toBeNull();
    await expect(deletes.seen).toHaveLength(1);
  },
};

/** A viewer: every row can be viewed, none edited or deleted; nothing to add in the sidebar. */
export const ViewerReadOnly: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await waitForRows(canvasElement, TABLE);
    const name = demoProducts[0]!.name;
    await expect(within(rows[0]!).getByRole('link', { name: `View ${name}` })).toBeVisible();
    await waitFor(() => expect(within(rows[0]!).queryByRole('link', { name: `Edit ${name}` })).toBeNull(), SLOW);
    await expect(within(rows[0]!).queryByRole('button', { name: `Delete ${name}` })).toBeNull();
    await expect(
      within(canvas.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Add Product' }),
    ).toBeNull();
  },
};

/** Staff edit but delete nothing: no Delete on the rows. */
export const StaffWithoutDelete: Story = {
  beforeEach: signedInAs('staff'),
  play: async ({ canvasElement }) => {
    const rows = await waitForRows(canvasElement, TABLE);
    const name = demoProducts[0]!.name;
    await waitFor(() => expect(within(rows[0]!).queryByRole('button', { name: `Delete ${name}` })).toBeNull(), SLOW);
    await expect(within(rows[0]!).getByRole('link', { name: `Edit ${name}` })).toBeVisible();
    await expect(within(canvasElement).getByRole('link', { name: 'Add Product' })).toBeVisible();
  },
};

/** The server decides anyway: a delete the role no longer allows (changed meanwhile) shows its message. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(
        http.delete('*/api/products/:id', () =>
          HttpResponse.json({ message: forbiddenMessage('staff', 'catalogue:delete') }, { status: 403 }),
        ),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const rows = await waitForRows(canvasElement, TABLE);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${demoProducts[0]!.name}` }));
    const dialog = await confirmDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled(), SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, forbiddenMessage('staff', 'catalogue:delete'), 'error');
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('14'), SLOW);
  },
};

/** Removed from the store meanwhile: the server says so, the app loads the store it moved the session to. */
export const NoLongerAMember: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(
        http.get('*/api/products', () => HttpResponse.json({ message: MESSAGES.notAMember }, { status: 403 }), {
          once: true,
        }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.notAMember, 'error');
    await expectPage(canvasElement, 'Dashboard');
    await waitForRows(canvasElement, TABLE);
    await waitFor(() => expect(summaryValue(canvasElement, 'Total Products')).toBe('14'), SLOW);
  },
};

const pageNumbers = async (canvasElement: HTMLElement) =>
  (await tableRows(canvasElement, TABLE)).map((row) => rowCells(row)[0]);

/** 12 products: the first page, its total, and Next asks the server for the page after the last row. */
export const NextPage: Story = {
  beforeEach: withProducts(manyProducts(12)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await expect(canvas.getByText('12 products')).toBeVisible();
    await expect(await pageNumbers(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(async () => expect(await pageNumbers(canvasElement)).toEqual(['6', '7', '8', '9', '10']), SLOW);
    await expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Issue 25: more rows a page, asked of the server as the `limit`, and remembered for the next visit. */
export const RowsPerPage: Story = {
  beforeEach: withProducts(manyProducts(30)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const rowsPerPage = canvas.getByLabelText('Rows per page');
    await expect(rowsPerPage).toHaveValue('5');
    await expect(await pageNumbers(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.selectOptions(rowsPerPage, '25');
    await waitFor(async () => expect(await pageNumbers(canvasElement)).toHaveLength(25), SLOW);
    await expect(localStorage.getItem('inventory.rowsPerPage.productList')).toBe('25');
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await waitFor(async () => expect(await pageNumbers(canvasElement)).toEqual(['26', '27', '28', '29', '30']), SLOW);
    await expect(canvas.getByText('30 products')).toBeVisible();
  },
};

/** Issue 25: names in full in a wider column, where there is room (desktop), remembered for the next visit. */
export const FullNames: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let rows = await waitForRows(canvasElement, TABLE);
    await expect(rowCells(rows[0]!)[1]).toBe('Seagate IronWolf...');
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      // At phone width there is no room: no choice, the spec's 16 characters.
      await expect(canvas.queryByRole('checkbox', { name: 'Full names' })).toBeNull();
      return;
    }
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Full names' }));
    rows = await tableRows(canvasElement, TABLE);
    await expect(rowCells(rows[0]!)[1]).toBe(demoProducts[0]!.name);
    await expect(localStorage.getItem('inventory.fullNames.inventory-items')).toBe('1');
  },
};

/** The next page is on its way: the first page stays under a busy overlay. */
export const LoadingNextPage: Story = {
  beforeEach: withProducts(manyProducts(12)),
  parameters: {
    msw: {
      handlers: withOverrides(
        http.get('*/api/products', async ({ request }) => {
          if (!new URL(request.url).searchParams.has('after')) return undefined;
          await delay('infinite');
          return HttpResponse.json({ message: 'unreachable' }, { status: 504 });
        }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(
      within(canvas.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Next/ }),
    );
    await waitFor(() => expect(canvas.getByRole('table', { name: TABLE })).toHaveAttribute('aria-busy', 'true'), SLOW);
    await expectBusy(canvasElement, 'Loading rows');
    await expect(await pageNumbers(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
  },
};

/** Price, then Price again: dearest first, sorted by the server. */
export const SortedByPriceDesc: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    const price = () => canvas.getByRole('columnheader', { name: /Price/ });
    await userEvent.click(within(price()).getByRole('button'));
    await waitFor(() => expect(price()).toHaveAttribute('aria-sort', 'ascending'), SLOW);
    await userEvent.click(within(price()).getByRole('button'));
    await waitFor(() => expect(price()).toHaveAttribute('aria-sort', 'descending'), SLOW);
    const dearest = [...demoProducts].sort((a, b) => b.price - a.price)[0]!;
    await waitFor(async () => {
      const rows = await tableRows(canvasElement, TABLE);
      await expect(within(rows[0]!).getByRole('link', { name: `View ${dearest.name}` })).toBeVisible();
    }, SLOW);
    await expect(canvas.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
  },
};

const lowStockCatalogue = manyProducts(8).map((product, i) => ({
  ...product,
  quantity: i < 3 ? 2 : 50,
  reorderPoint: 5,
}));

/** The Low Stock box filters the table to the products at or below their reorder point. */
export const FilteredLowStock: Story = {
  beforeEach: withProducts(lowStockCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await waitFor(() => expect(summaryValue(canvasElement, 'Low Stock')).toBe('3'), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: /Low Stock/ }));
    await waitFor(async () => expect(await pageNumbers(canvasElement)).toEqual(['1', '2', '3']), SLOW);
    await expect(canvas.getByRole('button', { name: /Low Stock/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Stock' })).toHaveValue('low');
    await expect(canvas.getByText('3 products')).toBeVisible();
    for (const row of await tableRows(canvasElement, TABLE)) await expect(rowCells(row)[4]).toBe('2');
  },
};

/** Page 2 fails once: an error state with Retry, which loads it. */
export const FailedPageWithRetry: Story = {
  beforeEach: withProducts(manyProducts(12)),
  parameters: {
    msw: {
      handlers: withOverrides(
        (() => {
          let failed = false;
          return http.get('*/api/products', ({ request }) => {
            if (failed || !new URL(request.url).searchParams.has('after')) return undefined;
            failed = true;
            return HttpResponse.json({ message: MESSAGES.internalError }, { status: 500 });
          });
        })(),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await userEvent.click(
      within(canvas.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /Next/ }),
    );
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(MESSAGES.internalError);
    await expect(canvas.queryByRole('table', { name: TABLE })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await pageNumbers(canvasElement)).toEqual(['6', '7', '8', '9', '10']), SLOW);
  },
};

/** A search over a huge catalogue: the server counted up to its cap and says "at least". */
export const TenThousandPlus: Story = {
  parameters: {
    msw: {
      handlers: withOverrides(
        http.get('*/api/products', ({ request }) =>
          new URL(request.url).searchParams.has('limit')
            ? HttpResponse.json({
                items: demoProducts.slice(0, 5).map(answeredProduct),
                total: 10_000,
                totalExact: false,
                next: encodeCursor(['2024-01-01T00:00:00.000Z', demoProducts[4]!._id]),
                prev: null,
              })
            : undefined,
        ),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, TABLE);
    await expect(canvas.getByText('10,000+ products')).toBeVisible();
    const pages = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await expect(within(pages).getByRole('button', { name: /Next/ })).toBeEnabled();
  },
};
