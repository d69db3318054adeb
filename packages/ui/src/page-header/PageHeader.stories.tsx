import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Design system/PageHeader',
  component: PageHeader,
  parameters: { layout: 'padded' },
  args: { title: 'Inventory Items' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Inventory Items' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

const onEdit = fn();

export const WithDescriptionAndActions: Story = {
  args: {
    title: 'Profile',
    description: 'How other staff see you.',
    actions: <Button onClick={onEdit}>Edit Profile</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(canvas.getByText('How other staff see you.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Profile' }));
    await expect(onEdit).toHaveBeenCalledTimes(1);
  },
};

export const LongTitle: Story = {
  args: {
    title: 'Lenovo ThinkPad X1 Carbon Gen 12 — 14" 2.8K OLED, Intel Core Ultra 7, 32 GB RAM, 1 TB SSD',
    actions: <Button variant="secondary">Back</Button>,
  },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 1 });
    // Long titles wrap instead of pushing the actions off screen.
    await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth + 1);
    await expect(within(canvasElement).getByRole('button', { name: 'Back' })).toBeVisible();
  },
};
