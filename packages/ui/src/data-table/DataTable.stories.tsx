import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RowActions } from '../row-actions/RowActions';
import { SearchInput } from '../search-input/SearchInput';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';

interface Product {
  _id: string;
  name: string;
  category: string;
  price: number;
  quantity: number;
}

const names = ['Dell XPS 13 Developer Edition', 'Logitech MX Master 3S', 'Samsung Odyssey G9 49"', 'Apple Magic Keyboard', 'Cisco Catalyst 9200', 'HP LaserJet Pro', 'Lenovo ThinkPad X1 Carbon Gen 11', 'Anker USB-C Hub', 'Synology DS923+', 'Kingston 1TB NVMe', 'Razer BlackWidow V4', 'Netgear Nighthawk AX12'];
const categories = ['Laptops', 'Accessories', 'Monitors', 'Accessories', 'Networking', 'Printers', 'Laptops', 'Accessories', 'Storage', 'Storage', 'Accessories', 'Networking'];
const products: Product[] = names.map((name, i) => ({
  _id: `p${i + 1}`,
  name,
  category: categories[i] ?? 'Other',
  price: 25 + i * 37.5,
  quantity: i % 5 === 3 ? 0 : i + 1,
}));

const money = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const shorten = (text: string) => (text.length > 16 ? `${text.slice(0, 16)}...` : text);

const columns: DataTableColumn<Product>[] = [
  { key: 'sn', header: 's/n', cell: (_row, index) => index + 1, className: 'w-12' },
  { key: 'name', header: 'Name', cell: (row) => <span title={row.name}>{shorten(row.name)}</span> },
  { key: 'category', header: 'Category', cell: (row) => row.category },
  { key: 'price', header: 'Price', cell: (row) => money(row.price) },
  { key: 'quantity', header: 'Quantity', cell: (row) => row.quantity },
  { key: 'value', header: 'Value', cell: (row) => money(row.price * row.quantity) },
  {
    key: 'action',
    header: 'Action',
    cell: (row) => (
      <RowActions
        itemLabel={row.name}
        viewHref={`/product-detail/${row._id}`}
        editHref={`/edit-product/${row._id}`}
        onDelete={() => undefined}
      />
    ),
  },
];

const meta = {
  title: 'Design system/DataTable',
  component: DataTable<Product>,
  parameters: { layout: 'padded' },
  args: {
    columns,
    rows: products,
    getRowId: (row: Product) => row._id,
    emptyMessage: '-- No product found, please add a product...',
    caption: 'Inventory Items',
  },
} satisfies Meta<DataTableProps<Product>>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('row').slice(1);
const firstCells = (canvasElement: HTMLElement) =>
  bodyRows(canvasElement).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Inventory Items' })).toBeVisible();
    const headers = canvas.getAllByRole('columnheader').map((th) => th.textContent);
    await expect(headers).toEqual(['s/n', 'Name', 'Category', 'Price', 'Quantity', 'Value', 'Action']);
    await expect(firstCells(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    await expect(canvas.getByText('Dell XPS 13 Deve...')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View Dell XPS 13 Developer Edition' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  },
};

export const NextMovesToPageTwo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(firstCells(canvasElement)).toEqual(['6', '7', '8', '9', '10']);
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(firstCells(canvasElement)).toEqual(['11', '12']);
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('-- No product found, please add a product...')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading rows');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('-- No product found, please add a product...')).toBeNull();
  },
};

export const RefreshingRows: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading rows');
    await expect(bodyRows(canvasElement)).toHaveLength(5);
  },
};

export const ManyRows: Story = {
  args: {
    rows: Array.from({ length: 120 }, (_, i) => ({ ...products[i % products.length]!, _id: `m${i}` })),
    pageSize: 10,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bodyRows(canvasElement)).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Page 4' }));
    await expect(firstCells(canvasElement)[0]).toBe('31');
    const pages = canvas.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    await expect(pages).toEqual(['3', '4', '5']);
  },
};

export const ControlledPage: Story = {
  args: { page: 2, onPageChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(firstCells(canvasElement)).toEqual(['6', '7', '8', '9', '10']);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(3);
    // Controlled: the page only moves when the owner passes a new `page`.
    await expect(firstCells(canvasElement)).toEqual(['6', '7', '8', '9', '10']);
  },
};

export const WithSearch: Story = {
  render: function Render(args) {
    const [query, setQuery] = useState('');
    const rows = useMemo(() => {
      const q = query.trim().toLowerCase();
      return args.rows.filter((p) => p.name.toLowerCase().includes(q) || p.category.toLowerCase().includes(q));
    }, [args.rows, query]);
    return (
      <div className="flex flex-col gap-4">
        <SearchInput value={query} onChange={setQuery} placeholder="Search products" label="Search products" />
        <DataTable {...args} rows={rows} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search products' }), 'STORAGE');
    await expect(bodyRows(canvasElement)).toHaveLength(2);
    await userEvent.clear(canvas.getByRole('searchbox'));
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz');
    await expect(canvas.getByText('-- No product found, please add a product...')).toBeVisible();
  },
};
