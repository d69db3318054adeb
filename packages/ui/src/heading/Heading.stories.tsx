import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';
import { Heading } from './Heading';

const meta = {
  title: 'Design system/Heading',
  component: Heading,
  parameters: { layout: 'padded' },
  args: { level: 1, children: 'Inventory Items' },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Levels: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <Heading level={1}>Inventory Stats</Heading>
      <Heading level={2}>Inventory Items</Heading>
      <Heading level={3}>Product detail</Heading>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // One step smaller on phones (below the tablet width, 768 px), the full size from it.
    await expect(canvas.getByRole('heading', { level: 1, name: 'Inventory Stats' })).toHaveClass('text-2xl md:text-3xl');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Inventory Items' })).toHaveClass('text-xl md:text-2xl');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Product detail' })).toHaveClass('text-lg');
  },
};

export const CustomClass: Story = {
  args: { className: 'text-brand-700' },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 1 });
    await expect(heading).toHaveClass('text-brand-700');
    await expect(heading).not.toHaveClass('text-ink');
  },
};

export const HiddenText: Story = {
  render: () => (
    <Heading level={2}>
      Orders <VisuallyHidden>(page 2 of 4)</VisuallyHidden>
    </Heading>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Orders (page 2 of 4)' })).toBeVisible();
    const hidden = canvas.getByText('(page 2 of 4)');
    await expect(hidden).toHaveClass('sr-only');
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
