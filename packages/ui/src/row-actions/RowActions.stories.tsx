import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RowActions } from './RowActions';

const meta = {
  title: 'Design system/RowActions',
  component: RowActions,
  parameters: { layout: 'centered' },
  args: {
    itemLabel: 'Dell XPS 13',
    viewHref: '/product-detail/p1',
    editHref: '/edit-product/p1',
    onDelete: fn(),
  },
} satisfies Meta<typeof RowActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LinksAndDelete: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'View Dell XPS 13' })).toHaveAttribute('href', '/product-detail/p1');
    await expect(canvas.getByRole('link', { name: 'Edit Dell XPS 13' })).toHaveAttribute('href', '/edit-product/p1');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Dell XPS 13' }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};

export const Callbacks: Story = {
  args: { viewHref: undefined, editHref: undefined, onView: fn(), onEdit: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'View Dell XPS 13' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Dell XPS 13' }));
    await expect(args.onView).toHaveBeenCalledTimes(1);
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
  },
};

export const CustomLink: Story = {
  args: {
    renderLink: ({ href, className, children }) => (
      <a href={`#${href}`} data-router-link="" className={className}>
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement).getByRole('link', { name: 'View Dell XPS 13' });
    await expect(view).toHaveAttribute('href', '#/product-detail/p1');
    await expect(view).toHaveAttribute('data-router-link');
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'View Dell XPS 13' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Delete Dell XPS 13' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};
