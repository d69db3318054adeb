import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea, TextField } from './TextField';

const meta = {
  title: 'Design system/Form fields/TextField',
  component: TextField,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
  args: { label: 'Email', name: 'email', type: 'email', autoComplete: 'email', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await expect(input).toHaveAttribute('name', 'email');
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'jane@shop.com');
    await expect(input).toHaveValue('jane@shop.com');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  args: { label: 'Password', name: 'password', type: 'password', autoComplete: 'new-password', hint: 'At least 6 characters.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAccessibleDescription('At least 6 characters.');
  },
};

export const WithError: Story = {
  args: { error: 'Please enter a valid email', defaultValue: 'jane@', hint: 'We never share it.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('We never share it. Please enter a valid email');
    await expect(input).toHaveClass('border-danger');
  },
};

export const Required: Story = {
  args: { label: 'Name', name: 'name', type: 'text', required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Name/ });
    await expect(input).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'jane@shop.com', hint: 'Email cannot be changed.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await expect(input).toBeDisabled();
    await expect(input).toHaveAccessibleDescription('Email cannot be changed.');
  },
};

export const NumberInput: Story = {
  args: { label: 'Quantity', name: 'quantity', type: 'number', min: 0, step: 1, placeholder: '0' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.type(input, '12');
    await expect(input).toHaveValue(12);
  },
};

export const LongText: Story = {
  args: {
    label: 'A very long label that explains exactly what the shop keeper must type into this particular field',
    name: 'long',
    type: 'text',
    defaultValue: 'A value so long that it cannot fit in the input and has to scroll sideways inside it without breaking the layout',
    error: 'A long error message that wraps onto several lines so the field stays readable on a narrow column.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox');
    await expect(input.getBoundingClientRect().width).toBeLessThanOrEqual(384);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('');
    return (
      <>
        <TextField {...args} label="Subject" name="subject" type="text" value={value} onChange={(e) => setValue(e.target.value)} />
        <p className="mt-2 text-sm text-ink-muted" data-testid="echo">
          {value.length} characters
        </p>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Subject'), 'Broken mouse');
    await expect(canvas.getByTestId('echo')).toHaveTextContent('12 characters');
  },
};

export const MultiLine: Story = {
  render: () => <TextArea label="Message" name="message" hint="Tell us what went wrong." rows={5} />,
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(area.tagName).toBe('TEXTAREA');
    await expect(area).toHaveAccessibleDescription('Tell us what went wrong.');
    await userEvent.type(area, 'Line one{enter}Line two');
    await expect(area).toHaveValue('Line one\nLine two');
  },
};

export const MultiLineWithError: Story = {
  render: () => <TextArea label="Message" name="message" error="Message is required" />,
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(area).toHaveAccessibleDescription('Message is required');
  },
};
