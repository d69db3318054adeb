import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SkipLink } from './SkipLink';

const meta = {
  title: 'Design system/SkipLink',
  component: SkipLink,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div className="p-4">
      <SkipLink {...args} />
      <nav aria-label="Main" className="flex gap-3">
        <a href="#dashboard" className="text-brand-700 underline">
          Dashboard
        </a>
        <a href="#orders" className="text-brand-700 underline">
          Orders
        </a>
      </nav>
      <main id="main" className="mt-4 text-ink">
        <h1 className="text-2xl font-bold">Products</h1>
        <button type="button" className="mt-2 rounded border border-line-strong px-3 py-1">
          Add Product
        </button>
      </main>
    </div>
  ),
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    await expect(link.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const FocusedAndUsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const link = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().width).toBeGreaterThan(50);
    await expect(getComputedStyle(link).outlineStyle).not.toBe('none');
    await userEvent.keyboard('{Enter}');
    await expect(canvasElement.querySelector('main')).toHaveFocus();
    // The next Tab continues inside the content, past the navigation.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Add Product' })).toHaveFocus();
  },
};
