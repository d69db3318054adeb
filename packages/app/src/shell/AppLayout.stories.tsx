import type { Meta, StoryObj } from '@storybook/react-vite';
import { FOOTER_YEAR, MESSAGES } from '@inventory/contract';
import {
  demoStore,
  demoUser,
  inStores,
  makeProduct,
  pending,
  secondStore,
  serverError,
  signedIn,
  signedInAs,
  signedOut,
  thirdStore,
  withOverrides,
} from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectBusy, expectPage, expectToast, SLOW } from '../stories/play';
import { withAppProviders } from '../stories/withAppProviders';
import { AppLayout } from './AppLayout';

const meta = {
  title: 'App/Layout',
  component: AppLayout,
  decorators: [withAppProviders],
  parameters: { app: { route: '/dashboard' } },
  beforeEach: signedIn(),
} satisfies Meta<typeof AppLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    // The name comes from getuser when none is stored.
    const header = canvas.getByRole('banner');
    await waitFor(() => expect(header).toHaveTextContent(`Welcome, ${demoUser.name}`), SLOW);
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeEnabled();
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Add Product', 'Invoices', 'Bill Reports', 'Report Bug']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Report Bug' })).toHaveAttribute('href', '/contact-us');
    await expect(canvas.getByText(`All Rights Reserved. © ${FOOTER_YEAR}`)).toBeVisible();
    await dashboardLoaded(canvasElement);
  },
};

export const SidebarGroups: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Orders' }));
    await expect(within(nav).getByRole('link', { name: 'Add Order' })).toHaveAttribute('href', '/add-Order');
    await expect(within(nav).getByRole('link', { name: 'All Orders' })).toHaveAttribute('href', '/orders');
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    await expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await userEvent.click(within(nav).getByRole('link', { name: 'Edit Profile' }));
    await expectPage(canvasElement, 'Edit Profile');
    await expect(within(nav).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('aria-current', 'page');
  },
};

export const CollapsedSidebar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Dashboard');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav.getBoundingClientRect().width).toBe(230);
    await userEvent.click(within(nav).getByRole('button', { name: 'Collapse sidebar' }));
    await waitFor(() => expect(nav.getBoundingClientRect().width).toBe(60));
    await expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await dashboardLoaded(canvasElement);
  },
};

export const CheckingSession: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/users/loggedin', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectBusy(canvasElement, 'Checking your session');
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Main' })).toBeNull();
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
    await expect(within(canvasElement).getAllByText(MESSAGES.sessionExpired)).toHaveLength(1);
  },
};

async function signedInDashboard(canvasElement: HTMLElement) {
  await expectPage(canvasElement, 'Dashboard');
  const header = within(canvasElement).getByRole('banner');
  await waitFor(() => expect(header).toHaveTextContent(`Welcome, ${demoUser.name}`), SLOW);
  await dashboardLoaded(canvasElement);
}

/**
 * The dashboard's table holds its first page, not a load under way: these stories are about the frame, but their
 * pictures and a11y checks show the whole page, and a slow machine could otherwise catch the table still loading.
 */
async function dashboardLoaded(canvasElement: HTMLElement, rows = 5) {
  const table = await within(canvasElement).findByRole('table', { name: 'Inventory Items' }, SLOW);
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy', 'true'), SLOW);
  // The header row and the page's rows.
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(rows + 1), SLOW);
}

export const Logout: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signedInDashboard(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expectPage(canvasElement, 'Login');
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
  },
};

export const LogoutFails: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/users/logout', 'get')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signedInDashboard(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  },
};

const threeStores = inStores([
  { ...demoStore, role: 'owner' },
  { ...secondStore, role: 'staff', products: [makeProduct({ name: 'Repair kit' })] },
  { ...thirdStore, role: 'viewer' },
]);

const switcher = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('button', { name: `Store: ${demoStore.name}` }, SLOW);

/** Several stores: the header names the active one; the list shows each with the role there, the active one marked. */
export const StoreSwitcherOpen: Story = {
  beforeEach: threeStores,
  play: async ({ canvasElement }) => {
    await signedInDashboard(canvasElement);
    const button = await switcher(canvasElement);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = within(canvasElement).getByRole('list', { name: 'Your stores' });
    const items = within(list).getAllByRole('button');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Acme IT SuppliesOwner',
      'Contoso WarehouseViewer',
      'Northwind RepairsStaff',
    ]);
    await expect(items[0]).toHaveAttribute('aria-current', 'true');
    await expect(items[1]).not.toHaveAttribute('aria-current');
  },
};

/** Escape closes the list and gives the focus back to the button. */
export const StoreSwitcherEscape: Story = {
  beforeEach: threeStores,
  play: async ({ canvasElement }) => {
    const button = await switcher(canvasElement);
    await userEvent.click(button);
    await expect(within(canvasElement).getByRole('list', { name: 'Your stores' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(within(canvasElement).queryByRole('list', { name: 'Your stores' })).toBeNull();
    await expect(button).toHaveFocus();
    await dashboardLoaded(canvasElement);
  },
};

/** Switching: a toast, the dashboard of the other store, and the sidebar of the role there. */
export const SwitchStore: Story = {
  beforeEach: threeStores,
  parameters: { app: { route: '/orders' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await switcher(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: /^Northwind Repairs/ }));
    await expectToast(canvasElement, MESSAGES.storeSwitched, 'success');
    await expectPage(canvasElement, 'Dashboard');
    await expect(await canvas.findByRole('button', { name: `Store: ${secondStore.name}` }, SLOW)).toBeVisible();
    await expect(await canvas.findByText('Repair kit', {}, SLOW)).toBeVisible();
    // Staff may add but not delete.
    await expect(canvas.queryByRole('button', { name: 'Delete Repair kit' })).toBeNull();
    await dashboardLoaded(canvasElement, 1);
  },
};

/** One store: its name in the header, as text (nothing to switch to). */
export const OneStore: Story = {
  play: async ({ canvasElement }) => {
    await signedInDashboard(canvasElement);
    await expect(within(canvasElement).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await waitFor(() =>
      expect(within(canvasElement).getByRole('navigation', { name: 'Main' })).toHaveTextContent('Report Bug'),
    );
    await expect(within(canvasElement).queryByRole('button', { name: /^Store:/ })).toBeNull();
    const header = within(canvasElement).getByRole('banner');
    await expect(await within(header).findByText(demoStore.name, {}, SLOW)).toBeVisible();
  },
};

const LONG_NAME = 'ByteBazaar IT Supplies and Repairs of the Greater Riverside Area';

/** A name longer than the header has room for: cut, with the whole name as its title and whole in the list. */
export const LongStoreName: Story = {
  beforeEach: inStores([
    { ...demoStore, name: LONG_NAME, role: 'owner' },
    { ...secondStore, role: 'staff' },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: `Store: ${LONG_NAME}` }, SLOW);
    await expect(button).toHaveAttribute('title', LONG_NAME);
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
    await userEvent.click(button);
    const item = await canvas.findByRole('button', { name: new RegExp(`^${LONG_NAME} Owner`) });
    await expect(item).toHaveAttribute('aria-current', 'true');
    await dashboardLoaded(canvasElement);
  },
};

/** An owner's Account group: Profile, Edit Profile, Team and API Tokens. */
export const OwnerSidebar: Story = {
  play: async ({ canvasElement }) => {
    await signedInDashboard(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    await expect(await within(nav).findByRole('link', { name: 'API Tokens' }, SLOW)).toHaveAttribute(
      'href',
      '/api-tokens',
    );
    await expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
  },
};

/** A viewer's sidebar: nothing to add, no API Tokens; Team is there. */
export const ViewerSidebar: Story = {
  beforeEach: signedInAs('viewer'),
  play: async ({ canvasElement }) => {
    await signedInDashboard(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Add Product' })).toBeNull(), SLOW);
    await userEvent.click(within(nav).getByRole('button', { name: 'Orders' }));
    await expect(within(nav).queryByRole('link', { name: 'Add Order' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'All Orders' })).toBeVisible();
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    await expect(within(nav).getByRole('link', { name: 'Team' })).toBeVisible();
    await expect(within(nav).queryByRole('link', { name: 'API Tokens' })).toBeNull();
  },
};
