import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { buttonVariants } from '../button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Design system/EmptyState',
  component: EmptyState,
  parameters: { layout: 'padded' },
  args: { message: '-- No product found, please add a product...' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('-- No product found, please add a product...')).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    action: (
      <a href="#add-product" className={buttonVariants()}>
        Add Product
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '#add-product');
  },
};
