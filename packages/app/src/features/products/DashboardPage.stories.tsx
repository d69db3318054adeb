import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES, forbiddenMessage } from '@inventory/contract';
import {
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
import { http, HttpResponse } from 'msw';
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
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('14');
    await expect(summaryValue(canvasElement, 'Total Store Value')).toBe('$45,813.47');
    await expect(summaryValue(canvasElement, 'Out of Stock')).toBe('2');
    await expect(summaryValue(canvasElement, 'All Categories')).toBe('6');
    await expect(rows).toHaveLength(5);
    // 'Seagate IronWolf 8 TB NAS HDD', 9 at $189.
    await expect(rowCells(rows[0]!)).toEqual(['1', 'Seagate IronWolf...', 'Storage', '$189.00', '9', '$1,701.00']);
    const name = within(rows[0]!).getByText('Seagate IronWolf...');
    await expect(name).toHaveAttribute('title', demoProducts[0]!.name);
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
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('0');
    await expect(summaryValue(canvasElement, 'Total Store Value')).toBe('$0.00');
    await expect(summaryValue(canvasElement, 'Out of Stock')).toBe('0');
    await expect(summaryValue(canvasElement, 'All Categories')).toBe('0');
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
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
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('14');
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
    await expect(await canvas.findByText(MESSAGES.noProducts)).toBeVisible();
    // The summary still counts the whole catalogue.
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('14');
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
    await expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const rows = await tableRows(canvasElement, TABLE);
    await expect(rows.map((row) => rowCells(row)[0])).toEqual(['6', '7', '8', '9', '10']);
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
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
    await expect(within(dialog).getByText(MESSAGES.deleteProductMessage)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await expect(deletes.seen).toHaveLength(0);
    await expect(canvas.getByText('Seagate IronWolf...')).toBeVisible();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Delete ${target.name}` }));
    dialog = await confirmDialog();
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
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, forbiddenMessage('staff', 'catalogue:delete'), 'error');
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('14');
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
    await expect(summaryValue(canvasElement, 'Total Products')).toBe('14');
  },
};
