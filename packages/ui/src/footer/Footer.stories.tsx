import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Design system/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: { year: 2023 },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole('contentinfo');
    await expect(footer.textContent).toBe('All Rights Reserved. © 2023');
  },
};

export const OtherYear: Story = {
  args: { year: 2026 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('contentinfo').textContent).toBe('All Rights Reserved. © 2026');
  },
};
