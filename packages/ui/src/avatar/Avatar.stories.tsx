import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar } from './Avatar';

const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#6b34c9"/><circle cx="32" cy="26" r="12" fill="#fff"/></svg>',
  );

const meta = {
  title: 'Design system/Avatar',
  component: Avatar,
  parameters: { layout: 'centered' },
  args: { name: 'Jane Doe', src: photo },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Photo: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Jane Doe' });
    await expect(img.tagName).toBe('IMG');
  },
};

export const Initials: Story = {
  args: { src: null },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Jane Doe' });
    await expect(img).toHaveTextContent('JD');
  },
};

export const BrokenPhotoFallsBackToInitials: Story = {
  args: { name: 'Ada', src: '/no-such-photo.png' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('img', { name: 'Ada' })).toHaveTextContent('A'));
  },
};

export const Sizes: Story = {
  render: () => (
    <div className="flex items-end gap-3">
      <Avatar name="Small Person" size="sm" />
      <Avatar name="Medium Person" size="md" />
      <Avatar name="Large Person" size="lg" src={photo} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Small Person' }).parentElement?.getBoundingClientRect().width).toBe(32);
    await expect(canvas.getByRole('img', { name: 'Large Person' }).getBoundingClientRect().width).toBe(128);
  },
};
