import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge';

const meta = {
  title: 'Design system/Badge',
  component: Badge,
  parameters: { layout: 'centered' },
  args: { tone: 'success', children: 'In Stock' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InStock: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('In Stock')).toHaveClass('bg-success-soft', 'text-success');
  },
};

export const OutOfStock: Story = {
  args: { tone: 'danger', children: 'Out Of Stock' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Out Of Stock')).toHaveClass('bg-danger-soft', 'text-danger');
  },
};

export const AllTones: Story = {
  render: () => (
    <div className="flex gap-2">
      <Badge tone="success">In Stock</Badge>
      <Badge tone="danger">Out Of Stock</Badge>
      <Badge tone="info">New</Badge>
      <Badge tone="neutral">Draft</Badge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('New')).toHaveClass('text-info');
    await expect(canvas.getByText('Draft')).toHaveClass('text-ink-muted');
  },
};
