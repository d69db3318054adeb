import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/Button';
import { Toaster, type ToastMessage } from './Toaster';

const meta = {
  title: 'Design system/Toaster',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
  args: { toasts: [], onDismiss: fn() },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const toastOf = (canvasElement: HTMLElement, message: string | RegExp) =>
  within(canvasElement).getByText(message).closest('li') as HTMLElement;

/** Radix keeps the viewport `pointer-events: none` until it has counted its toasts; click only once it accepts. */
async function clickWhenClickable(button: HTMLElement) {
  await waitFor(() => expect(getComputedStyle(button).pointerEvents).not.toBe('none'));
  await userEvent.click(button);
}

export const Success: Story = {
  args: { toasts: [{ id: '1', kind: 'success', message: 'Product added successfully' }] },
  play: async ({ canvasElement, args }) => {
    const toast = toastOf(canvasElement, 'Product added successfully');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-kind', 'success');
    await expect(toast).toHaveClass('border-l-success');
    // Bottom-right, 16px from the edges (never over the header's buttons or the search box), light.
    const box = toast.getBoundingClientRect();
    await expect(window.innerWidth - box.right).toBeLessThanOrEqual(16);
    await expect(window.innerHeight - box.bottom).toBeGreaterThanOrEqual(16);
    await expect(window.innerHeight - box.bottom).toBeLessThanOrEqual(16 + 1);
    await expect(getComputedStyle(toast).backgroundColor).toBe('rgb(255, 255, 255)');
    await clickWhenClickable(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledWith('1'));
  },
};

export const Error: Story = {
  args: { toasts: [{ id: 'e', kind: 'error', message: 'Please enter a valid email' }] },
  play: async ({ canvasElement }) => {
    const toast = toastOf(canvasElement, 'Please enter a valid email');
    await expect(toast).toHaveAttribute('data-kind', 'error');
    await expect(toast).toHaveClass('border-l-danger');
    await expect(toast).toHaveTextContent('Error: Please enter a valid email');
  },
};

export const Info: Story = {
  args: { toasts: [{ id: 'i', kind: 'info', message: 'Session expired, please login to continue.' }] },
  play: async ({ canvasElement }) => {
    const toast = toastOf(canvasElement, 'Session expired, please login to continue.');
    await expect(toast).toHaveAttribute('data-kind', 'info');
    await expect(toast).toHaveClass('border-l-info');
  },
};

export const Stacked: Story = {
  args: {
    toasts: [
      { id: 'a', kind: 'success', message: 'Login Successful...' },
      { id: 'b', kind: 'info', message: 'Session expired, please login to continue.' },
      { id: 'c', kind: 'error', message: 'Passwords do not match' },
    ],
  },
  play: async ({ canvasElement }) => {
    // Newest lowest, the stack growing up from the bottom edge.
    const first = toastOf(canvasElement, 'Login Successful...').getBoundingClientRect();
    const last = toastOf(canvasElement, 'Passwords do not match').getBoundingClientRect();
    await expect(last.top).toBeGreaterThan(first.bottom - 1);
    await expect(window.innerHeight - last.bottom).toBeLessThanOrEqual(16 + 1);
    await expect(within(canvasElement).getAllByRole('button', { name: 'Close' })).toHaveLength(3);
  },
};

export const LongMessage: Story = {
  args: {
    toasts: [
      {
        id: 'l',
        kind: 'error',
        message:
          'The server could not save the product because the uploaded image is larger than the allowed size; choose a smaller jpg, jpeg or png file and try again.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const toast = toastOf(canvasElement, /The server could not save/);
    await expect(toast.getBoundingClientRect().width).toBeLessThanOrEqual(384);
    await expect(toast.scrollWidth).toBeLessThanOrEqual(toast.clientWidth);
  },
};

export const ClosesAfterItsDuration: Story = {
  args: { duration: 300, toasts: [{ id: 't', kind: 'success', message: 'Order added successfully' }] },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('Order added successfully')).toBeVisible();
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledWith('t'), { timeout: 2000 });
  },
};

export const FiveSecondsByDefault: Story = {
  render: function Render(args) {
    const [toasts, setToasts] = useState<ToastMessage[]>([]);
    return (
      <div className="p-6">
        <Button onClick={() => setToasts((list) => [...list, { id: String(list.length), kind: 'info', message: 'Saved' }])}>
          Show toast
        </Button>
        <Toaster
          toasts={toasts}
          onDismiss={(id) => {
            setToasts((list) => list.filter((toast) => toast.id !== id));
            args.onDismiss(id);
          }}
        />
      </div>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await expect(canvas.getByText('Saved')).toBeVisible();
    // Still there after 1.5 s (the default is 5000 ms), then Close dismisses it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await clickWhenClickable(canvas.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByText('Saved')).toBeNull());
    await expect(args.onDismiss).toHaveBeenCalledWith('0');
  },
};
