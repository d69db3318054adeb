import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Sidebar } from './Sidebar';
import { StatefulSidebar, appSidebarItems, storyLink } from './story-fixtures';

const meta = {
  title: 'Design system/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: 640 }} className="flex">
        <Story />
      </div>
    ),
  ],
  args: {
    items: appSidebarItems,
    activePath: '/dashboard',
    collapsed: false,
    onToggle: fn(),
    renderLink: storyLink(() => undefined),
    brand: 'Inventory',
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const navOf = (canvasElement: HTMLElement) => within(canvasElement).getByRole('navigation', { name: 'Main' });

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(navOf(canvasElement).getBoundingClientRect().width).toBe(230);
    for (const label of ['Dashboard', 'Add Product', 'Invoices', 'Bill Reports', 'Report Bug']) {
      await expect(canvas.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Add Product' })).not.toHaveAttribute('aria-current');
    const toggle = canvas.getByRole('button', { name: 'Collapse sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
  },
};

export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(navOf(canvasElement).getBoundingClientRect().width).toBe(60);
    const toggle = canvas.getByRole('button', { name: 'Expand sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Labels are hidden visually but still name the links.
    const dashboard = canvas.getByRole('link', { name: 'Dashboard' });
    await expect(canvas.getByText('Dashboard')).toHaveClass('sr-only');
    await expect(dashboard.getBoundingClientRect().width).toBeLessThanOrEqual(44);
  },
};

export const ToggleCollapsesAndExpands: Story = {
  render: (args) => <StatefulSidebar onToggle={args.onToggle} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(navOf(canvasElement).getBoundingClientRect().width).toBe(230);
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse sidebar' }));
    await waitFor(() => expect(navOf(canvasElement).getBoundingClientRect().width).toBe(60));
    await userEvent.click(canvas.getByRole('button', { name: 'Expand sidebar' }));
    await waitFor(() => expect(navOf(canvasElement).getBoundingClientRect().width).toBe(230));
    await expect(args.onToggle).toHaveBeenCalledTimes(2);
  },
};

export const ActiveChildOpensItsGroup: Story = {
  args: { activePath: '/orders' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const orders = canvas.getByRole('button', { name: 'Orders' });
    await expect(orders).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'All Orders' })).toHaveAttribute('aria-current', 'page');
    // The Account group has no active child, so it starts closed.
    await expect(canvas.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Profile' })).toBeNull();
  },
};

export const GroupsOpenAndClose: Story = {
  render: () => <StatefulSidebar />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const account = canvas.getByRole('button', { name: 'Account' });
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(account);
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await userEvent.click(account);
    await expect(canvas.queryByRole('link', { name: 'Profile' })).toBeNull();
  },
};

export const KeyboardNavigation: Story = {
  render: (args) => <StatefulSidebar onToggle={args.onToggle} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Collapse sidebar' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    const orders = canvas.getByRole('button', { name: 'Orders' });
    await expect(orders).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(orders).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    const addOrder = canvas.getByRole('link', { name: 'Add Order' });
    await expect(addOrder).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(addOrder).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  },
};

export const CollapsedGroupExpandsTheSidebar: Story = {
  render: () => <StatefulSidebar initialCollapsed />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(navOf(canvasElement).getBoundingClientRect().width).toBe(60);
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    await waitFor(() => expect(navOf(canvasElement).getBoundingClientRect().width).toBe(230));
    await expect(canvas.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  },
};
