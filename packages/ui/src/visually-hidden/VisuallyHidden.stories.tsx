import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Design system/VisuallyHidden',
  component: VisuallyHidden,
  parameters: { layout: 'centered' },
  args: { children: 'Delete Dell XPS 13' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NamesAnIconButton: Story = {
  render: (args) => (
    <button type="button" className="rounded p-2 text-danger">
      <Trash2 aria-hidden="true" />
      <VisuallyHidden {...args} />
    </button>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Delete Dell XPS 13' })).toBeVisible();
    await expect(canvas.getByText('Delete Dell XPS 13').getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
