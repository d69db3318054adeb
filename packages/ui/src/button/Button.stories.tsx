import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, IconButton, buttonVariants } from './Button';

const meta = {
  title: 'Design system/Button',
  component: Button,
  parameters: { layout: 'centered' },
  args: { children: 'Save Product', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save Product' });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toHaveClass('bg-brand-600');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Cancel' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Cancel' })).toHaveClass('bg-surface');
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Delete' })).toHaveClass('bg-danger');
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Forgot Password' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Forgot Password' })).toHaveClass('bg-transparent');
  },
};

export const Link: Story = {
  args: { variant: 'link', size: 'sm', children: 'Resend the reset email' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Resend the reset email' });
    // Reads as a link: brand-coloured text, no fill, no padding, even at size sm.
    const style = getComputedStyle(button);
    await expect(style.backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await expect(style.paddingLeft).toBe('0px');
    await expect(style.color).toBe('rgb(29, 63, 186)');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole('button', { name: 'Small' }).getBoundingClientRect().height;
    const medium = canvas.getByRole('button', { name: 'Medium' }).getBoundingClientRect().height;
    const large = canvas.getByRole('button', { name: 'Large' }).getBoundingClientRect().height;
    await expect(small).toBe(32);
    await expect(medium).toBe(40);
    await expect(large).toBe(48);
  },
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden="true" className="size-4" />
        Add Product
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add Product' })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save Product' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, loadingText: 'Saving…' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save Product' });
    // Busy, not disabled: it keeps the keyboard focus and says so.
    await expect(button).toBeEnabled();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    button.focus();
    await expect(button).toHaveFocus();
    await waitFor(() => expect(document.getElementById('ds-announcer')).toHaveTextContent('Saving…'));
    await expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Login' },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Login' }).getBoundingClientRect().width).toBe(320);
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save Product' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Icon: Story = {
  render: () => (
    <IconButton label="Delete product" variant="danger" onClick={fn()}>
      <Trash2 />
    </IconButton>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete product' });
    await expect(button.getBoundingClientRect().width).toBe(40);
  },
};

export const LinkStyledAsButton: Story = {
  render: () => (
    <a href="#dashboard" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
      Dashboard
    </a>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Dashboard' });
    await expect(link).toHaveClass('border-line-strong', 'h-12');
  },
};
