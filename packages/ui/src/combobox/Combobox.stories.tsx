import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Combobox } from './Combobox';

const CATEGORIES = ['Cables', 'Docking stations', 'Docks', 'Laptops', 'Monitors'];

/** The text as state, suggestions filtered from it as a caller would (here: contains, any case). */
function Controlled(props: { error?: string; hint?: string; initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(props.initial ?? '');
  const wanted = value.trim().toLowerCase();
  const suggestions = CATEGORIES.filter((name) => name.toLowerCase().includes(wanted));
  return (
    <Combobox
      label="Category"
      name="category"
      listLabel="Categories"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
      suggestions={suggestions}
      error={props.error}
      hint={props.hint}
      required
    />
  );
}

const meta = {
  title: 'Design system/Form fields/Combobox',
  component: Controlled,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="min-h-80 max-w-sm">
        <Story />
      </div>
    ),
  ],
  args: { onChange: fn() },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: /Category/ });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
  },
};

export const SuggestsAsYouType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Category/ });
    await userEvent.type(input, 'dock');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = canvas.getByRole('listbox', { name: 'Categories' });
    await expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Docking stations', 'Docks']);
    await expect(args.onChange).toHaveBeenLastCalledWith('dock');
  },
};

export const PickedWithTheKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Category/ });
    await userEvent.type(input, 'lap');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', canvas.getByRole('option', { name: 'Laptops' }).id);
    await expect(canvas.getByRole('option', { name: 'Laptops' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveValue('Laptops');
    await expect(args.onChange).toHaveBeenLastCalledWith('Laptops');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  },
};

export const PickedWithAClick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Category/ });
    await userEvent.type(input, 'mon');
    await userEvent.click(canvas.getByRole('option', { name: 'Monitors' }));
    await expect(input).toHaveValue('Monitors');
    await expect(input).toHaveFocus();
  },
};

export const EscapeKeepsWhatWasTyped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Category/ });
    await userEvent.type(input, 'Dock');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('Dock');
  },
};

export const NewValueNoSuggestions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: /Category/ });
    await userEvent.type(input, 'Printers');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('Printers');
  },
};

export const WithError: Story = {
  args: { error: 'Please enter a category', hint: 'Pick one of your categories or type a new one.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: /Category/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Pick one of your categories or type a new one. Please enter a category');
  },
};
