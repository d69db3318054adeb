import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay, Spinner } from './Spinner';

const meta = {
  title: 'Design system/Spinner',
  component: Spinner,
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading');
    await expect(status.querySelector('svg')).toHaveClass('animate-spin', 'size-6');
  },
};

export const Sizes: Story = {
  render: () => (
    <div className="flex items-center gap-4">
      <Spinner size="sm" label="Small" />
      <Spinner size="md" label="Medium" />
      <Spinner size="lg" label="Large" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const sizes = within(canvasElement)
      .getAllByRole('status')
      .map((status) => status.querySelector('svg')?.getBoundingClientRect().width);
    await expect(sizes).toEqual([16, 24, 40]);
  },
};

export const CustomLabel: Story = {
  args: { label: 'Saving product' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Saving product');
  },
};

export const Overlay: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <div className="p-6">
      <p>The page underneath stays visible through the overlay.</p>
      <LoadingOverlay label="Signing in" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const overlay = within(canvasElement).getByRole('status');
    await expect(overlay).toHaveAttribute('aria-live', 'polite');
    await expect(overlay).toHaveTextContent('Signing in');
    await expect(getComputedStyle(overlay).position).toBe('fixed');
    const box = overlay.getBoundingClientRect();
    await expect(box.width).toBe(window.innerWidth);
    await expect(box.height).toBe(window.innerHeight);
  },
};
