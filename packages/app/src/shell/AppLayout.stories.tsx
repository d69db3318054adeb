import type { Meta, StoryObj } from '@storybook/react-vite';
import { FOOTER_YEAR, MESSAGES } from '@inventory/contract';
import { demoUser, pending, serverError, signedIn, signedOut, withOverrides } from '@inventory/mocks';
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
  },
};

export const UnderDevelopment: Story = {
  parameters: { app: { route: '/invoices' } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Invoices');
    await expect(within(canvasElement).getByText('This page is under development.')).toBeVisible();
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
