import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Design system/ProgressBar',
  component: ProgressBar,
  parameters: { layout: 'padded' },
  args: { label: 'Uploading products.csv' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A known amount done: the bar fills to the percentage and says it. */
export const Determinate: Story = {
  args: { value: 40, valueText: 'Uploading… 40%' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading products.csv' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Uploading… 40%');
    const fill = bar.firstElementChild as HTMLElement;
    await expect(fill.getBoundingClientRect().width / bar.getBoundingClientRect().width).toBeCloseTo(0.4, 1);
    await expect(within(canvasElement).getByText('Uploading… 40%')).toBeVisible();
  },
};

/** Out-of-range values are clamped to 0–100. */
export const Clamped: Story = {
  args: { value: 140, valueText: 'Uploading… 100%' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

/** Unknown amount left (e.g. the server is processing): no aria-valuenow, the bar pulses. */
export const Indeterminate: Story = {
  args: { label: 'Importing products.csv', valueText: 'Processing…' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Importing products.csv' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Processing…');
    await expect(bar.firstElementChild).toHaveClass('animate-pulse');
  },
};
