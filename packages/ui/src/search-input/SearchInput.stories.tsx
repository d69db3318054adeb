import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchInput } from './SearchInput';

const meta = {
  title: 'Design system/SearchInput',
  component: SearchInput,
  parameters: { layout: 'padded' },
  args: { value: '', onChange: fn(), placeholder: 'Search products', label: 'Search products' },
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('searchbox', { name: 'Search products' });
    await expect(input).toHaveAttribute('placeholder', 'Search products');
    await userEvent.type(input, 'a');
    await expect(args.onChange).toHaveBeenCalledWith('a');
  },
};

export const Typing: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('');
    return (
      <>
        <SearchInput {...args} value={value} onChange={setValue} />
        <p className="mt-2 text-sm text-ink-muted" data-testid="query">
          Query: {value}
        </p>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search products' }), 'Laptops');
    await expect(canvas.getByTestId('query')).toHaveTextContent('Query: Laptops');
  },
};
