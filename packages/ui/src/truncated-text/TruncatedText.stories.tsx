import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TruncatedText } from './TruncatedText';

const meta = {
  title: 'Design system/TruncatedText',
  component: TruncatedText,
  parameters: { layout: 'centered' },
  args: { shown: 'Lenovo ThinkPad ...', full: 'Lenovo ThinkPad X1 Carbon Gen 12 (14", 32 GB, 1 TB)' },
  decorators: [(Story) => <div className="h-32 w-96 p-4 text-ink">{Story()}</div>],
} satisfies Meta<typeof TruncatedText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The cut text alone: the tooltip is not in the page until it is wanted. */
export const Cut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Lenovo ThinkPad ...')).toBeVisible();
    await expect(canvas.queryByRole('tooltip')).toBeNull();
  },
};

/** Keyboard focus shows the whole text and names it as the cut text's description; Escape hides it. */
export const FullOnFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const cut = canvas.getByText('Lenovo ThinkPad ...');
    await expect(cut).toHaveFocus();
    const tooltip = canvas.getByRole('tooltip');
    await expect(tooltip).toHaveTextContent(args.full);
    await expect(cut).toHaveAccessibleDescription(args.full);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    // Shown again for the picture: the tooltip is what this story is about.
    await userEvent.hover(cut);
    await expect(canvas.getByRole('tooltip')).toBeVisible();
  },
};

/** Text short enough is shown as it is: no tab stop, no tooltip. */
export const NotCut: Story = {
  args: { shown: 'Dell XPS 13', full: 'Dell XPS 13' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Dell XPS 13')).not.toHaveAttribute('tabindex');
    await userEvent.hover(canvas.getByText('Dell XPS 13'));
    await expect(canvas.queryByRole('tooltip')).toBeNull();
  },
};
