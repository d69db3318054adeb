import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TextField } from '../text-field/TextField';
import { FormDialog } from './FormDialog';

function Example(props: { onSubmit: (name: string) => void; onCancel: () => void; error?: string; submitting?: boolean }) {
  const [name, setName] = useState('Docks');
  return (
    <FormDialog
      open
      title="Rename category"
      description="Every product in Docks takes the new name."
      submitLabel="Rename"
      onSubmit={() => props.onSubmit(name)}
      onCancel={props.onCancel}
      submitting={props.submitting}
    >
      <TextField label="New name" name="name" value={name} onChange={(event) => setName(event.target.value)} error={props.error} required />
    </FormDialog>
  );
}

const meta = {
  title: 'Design system/FormDialog',
  component: Example,
  args: { onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Rename category' });
    await expect(dialog).toHaveAccessibleDescription('Every product in Docks takes the new name.');
    const field = within(dialog).getByRole('textbox', { name: /New name/ });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.clear(field);
    await userEvent.type(field, 'Docking stations{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Docking stations');
  },
};

export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Rename category' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(2);
  },
};

export const WithFieldError: Story = {
  args: { error: 'Please enter a category' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByRole('textbox', { name: /New name/ })).toHaveAccessibleDescription('Please enter a category');
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /New name/ }), '{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
