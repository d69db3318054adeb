import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button/Button';
import { Card } from './Card';

const meta = {
  title: 'Design system/Card',
  component: Card,
  parameters: { layout: 'padded' },
  args: {
    title: 'Change Password',
    children: <p className="m-0 text-ink-muted">Old password, new password and confirmation go here.</p>,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Change Password' });
    await expect(region).toHaveClass('bg-surface', 'shadow-card', 'rounded-lg');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Change Password' })).toBeVisible();
  },
};

export const WithoutTitle: Story = {
  args: { title: undefined, children: <p className="m-0">Just content.</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.getByText('Just content.')).toBeVisible();
  },
};

export const WithFooter: Story = {
  args: {
    title: 'Profile',
    footer: <Button>Edit Profile</Button>,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  },
};

export const LongContent: Story = {
  args: {
    title: 'A card whose title is long enough to wrap on a narrow screen without overflowing its box',
    children: <p className="m-0">{'Lorem ipsum dolor sit amet, inventory of IT equipment. '.repeat(20)}</p>,
    className: 'max-w-md',
  },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2 });
    await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth);
  },
};
