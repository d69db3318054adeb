import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Header } from './Header';

const meta = {
  title: 'Design system/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: { name: 'Jane', onLogout: fn() },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toHaveTextContent('Welcome, Jane');
    await expect(canvas.getByText('Jane').tagName).toBe('STRONG');
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const LoggingOut: Story = {
  args: { loggingOut: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Logout' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

export const LongName: Story = {
  args: { name: 'Maximiliana Alexandra Konstantinopoulou-Vanderbilt of the Northern Warehouse' },
  decorators: [
    (Story) => (
      <div style={{ width: 480 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Logout' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(480);
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBe(64);
  },
};
