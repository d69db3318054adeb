import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Sidebar } from './Sidebar';
import { SidebarDrawer } from './SidebarDrawer';
import { appSidebarItems, storyLink } from './story-fixtures';

/** The drawer as the app uses it on small screens: a menu button, and the sidebar (open) in a modal from the left. */
function DrawerWithSidebar() {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState('/dashboard');
  return (
    <div className="flex items-center gap-3 bg-surface p-2">
      <SidebarDrawer open={open} onOpenChange={setOpen}>
        <Sidebar
          items={appSidebarItems}
          activePath={path}
          collapsed={false}
          onToggle={() => setOpen(false)}
          onClose={() => setOpen(false)}
          renderLink={storyLink(setPath)}
          brand="Inventory"
        />
      </SidebarDrawer>
      <p className="m-0 text-ink">Showing {path}</p>
    </div>
  );
}

const meta = {
  title: 'Design system/Sidebar drawer',
  component: DrawerWithSidebar,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DrawerWithSidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

export const OpensTrapsFocusAndClosesWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole('button', { name: 'Open navigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(menu);
    const drawer = await screen().findByRole('dialog', { name: 'Navigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toHaveAttribute('aria-controls', drawer.id);
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    // Tabbing past the last item comes back into the drawer: focus is trapped.
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab();
      await expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(menu).toHaveFocus();
  },
};

export const ClosesOnNavigationAndCloseButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = canvas.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(menu);
    const drawer = await screen().findByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Add Product' }));
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByText('Showing /add-product')).toBeVisible();
    await expect(menu).toHaveFocus();

    await userEvent.click(menu);
    const again = await screen().findByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(again).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(menu).toHaveFocus();
  },
};

export const ClosesOnBackdrop: Story = {
  play: async ({ canvasElement }) => {
    const menu = within(canvasElement).getByRole('button', { name: 'Open navigation' });
    await userEvent.click(menu);
    await screen().findByRole('dialog', { name: 'Navigation' });
    const backdrop = document.querySelector<HTMLElement>('[data-testid="drawer-backdrop"]');
    await expect(backdrop).not.toBeNull();
    // A tap on the right edge lands on the backdrop, beside the drawer.
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: backdrop!,
      coords: { clientX: window.innerWidth - 5, clientY: 300 },
    });
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(menu).toHaveFocus();
  },
};

/** The drawer left open, as a phone shows it. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen().findByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getBoundingClientRect().width).toBe(230);
  },
};
