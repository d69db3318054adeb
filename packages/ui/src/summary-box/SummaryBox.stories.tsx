import type { Meta, StoryObj } from '@storybook/react-vite';
import { BadgeDollarSign, Boxes, PackageX, Tags } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { SummaryBox } from './SummaryBox';

const meta = {
  title: 'Design system/SummaryBox',
  component: SummaryBox,
  parameters: { layout: 'padded' },
  args: { icon: <Boxes />, title: 'Total Products', value: 12, color: 'purple' },
} satisfies Meta<typeof SummaryBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const term = canvas.getByRole('term');
    await expect(term).toHaveTextContent('Total Products');
    await expect(canvas.getByRole('definition')).toHaveTextContent('12');
    await expect(term.closest('div')).toHaveClass('bg-box-purple', 'text-white');
  },
};

export const DashboardSummary: Story = {
  render: () => (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryBox icon={<Boxes />} title="Total Products" value={12} color="purple" />
      <SummaryBox icon={<BadgeDollarSign />} title="Total Store Value" value="$12,345.60" color="green" />
      <SummaryBox icon={<PackageX />} title="Out of Stock" value={2} color="red" />
      <SummaryBox icon={<Tags />} title="All Categories" value={4} color="amber" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const values = canvas.getAllByRole('definition').map((dd) => dd.textContent);
    await expect(values).toEqual(['12', '$12,345.60', '2', '4']);
    await expect(canvas.getByText('Out of Stock').closest('div')).toHaveClass('bg-box-red');
    await expect(canvas.getByText('All Categories').closest('div')).toHaveClass('bg-box-amber');
  },
};

export const WithoutIcon: Story = {
  args: { icon: undefined, title: 'Total Store Value', value: '$1,234,567.89', color: 'green' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('definition')).toHaveTextContent('$1,234,567.89');
  },
};
