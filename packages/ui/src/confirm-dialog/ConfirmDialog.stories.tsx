import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** The dialog opened from a button, as a screen uses it; closing returns focus to that button. */
function WithTrigger(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="p-6">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onConfirm={() => {
          setOpen(false);
          props.onConfirm();
        }}
        onCancel={() => {
          setOpen(false);
          props.onCancel();
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Design system/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    title: 'Delete Product',
    message: 'Are you sure you want to delete this product.',
    confirmLabel: 'Delete',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const DeleteProduct: Story = {
  play: async ({ canvasElement, args }) => {
    const screen = body(canvasElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Product' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this product.');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    // The dialog takes pointer events once its layer is the top one (Radix turns them off outside it as it opens);
    // on a loaded machine the click came before that.
    await waitFor(() => expect(getComputedStyle(confirm).pointerEvents).not.toBe('none'));
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const DeleteOrder: Story = {
  args: { title: 'Delete Order', message: 'Are you sure you want to delete this Order.' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete Order' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this Order.');
  },
};

export const CancelClosesAndCallsNothingElse: Story = {
  render: (args) => <WithTrigger {...args} />,
  play: async ({ canvasElement, args }) => {
    const screen = body(canvasElement);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const EscapeCancels: Story = {
  render: (args) => <WithTrigger {...args} />,
  play: async ({ canvasElement, args }) => {
    const screen = body(canvasElement);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const FocusIsTrapped: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
  },
};

export const Confirming: Story = {
  args: { confirming: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
  },
};

export const PrimaryTone: Story = {
  args: {
    tone: 'primary',
    title: 'Save changes?',
    message: 'Your profile will be updated.',
    confirmLabel: 'Save',
    cancelLabel: 'Keep editing',
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Save changes?' });
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveClass('bg-brand-600');
    await expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toBeVisible();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(body(canvasElement).queryByRole('alertdialog')).toBeNull();
  },
};
