import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './Select';

const options = [
  { value: 'laptops', label: 'Laptops' },
  { value: 'monitors', label: 'Monitors' },
  { value: 'accessories', label: 'Accessories' },
];

const meta = {
  title: 'Design system/Form fields/Select',
  component: Select,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
  args: { label: 'Category', name: 'category', options, placeholder: 'Choose a category', onChange: fn() },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'monitors');
    await expect(select).toHaveValue('monitors');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { error: 'Category is required', hint: 'Used for the SKU prefix.' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Used for the SKU prefix. Category is required');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'laptops' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Category' });
    await expect(select).toBeDisabled();
    await expect(select).toHaveValue('laptops');
  },
};
