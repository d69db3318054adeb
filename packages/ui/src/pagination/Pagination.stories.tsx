import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, pageWindow } from './Pagination';

const meta = {
  title: 'Design system/Pagination',
  component: Pagination,
  parameters: { layout: 'centered' },
  args: { page: 1, pageCount: 5, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

const numbers = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

export const FirstPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await expect(numbers(canvasElement)).toEqual(['1', '2', '3']);
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 3 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(numbers(canvasElement)).toEqual(['2', '3', '4']);
    await userEvent.click(canvas.getByRole('button', { name: 'Prev' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 4' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(4);
  },
};

export const LastPage: Story = {
  args: { page: 5 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(numbers(canvasElement)).toEqual(['3', '4', '5']);
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const TwoPages: Story = {
  args: { page: 1, pageCount: 2 },
  play: async ({ canvasElement }) => {
    await expect(numbers(canvasElement)).toEqual(['1', '2']);
    await expect(pageWindow(7, 10, 3)).toEqual([6, 7, 8]);
  },
};

export const SinglePageShowsNothing: Story = {
  args: { pageCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

export const NextMovesToPageTwo: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(1);
    return (
      <Pagination
        {...args}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          args.onPageChange(next);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Prev' })).toBeEnabled();
    // Keyboard: focus Next and press Enter twice.
    canvas.getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await expect(canvas.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect(numbers(canvasElement)).toEqual(['3', '4', '5']);
  },
};
