import { MAX_ORDER_LINES, toCents, type OrderLineAnswer } from '@inventory/contract/rules';
import { DataTable, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';

export interface OrderLinesTableProps {
  lines: OrderLineAnswer[];
  money: (cents: number) => string;
}

/** An order's lines: what each is, what was ordered, shipped, returned and is left to ship, and what it comes to. */
export function OrderLinesTable({ lines, money }: OrderLinesTableProps) {
  const columns: DataTableColumn<OrderLineAnswer>[] = [
    { key: 'number', header: '#', cell: (_line, index) => index + 1, className: 'hidden md:table-cell' },
    {
      key: 'description',
      header: 'Line',
      sticky: true,
      cell: (line) =>
        line.productId ? (
          <Link to={`/product-detail/${line.productId}`} className="font-medium text-brand-600 underline">
            {line.description}
          </Link>
        ) : (
          line.description
        ),
    },
    { key: 'quantity', header: 'Ordered', cell: (line) => line.quantity },
    { key: 'shipped', header: 'Shipped', cell: (line) => line.shipped },
    { key: 'returned', header: 'Returned', cell: (line) => line.returned },
    { key: 'outstanding', header: 'Outstanding', cell: (line) => line.outstanding },
    { key: 'unitPrice', header: 'Unit price', cell: (line) => money(toCents(line.unitPrice)) },
    { key: 'discount', header: 'Discount', cell: (line) => (line.discountPercent ? `${line.discountPercent} %` : '') },
    { key: 'amount', header: 'Amount', cell: (line) => money(toCents(line.amount)) },
  ];
  return (
    <DataTable
      caption="Order lines"
      columns={columns}
      rows={lines}
      getRowId={(line) => line._id}
      pageSize={MAX_ORDER_LINES}
      emptyMessage="No lines"
    />
  );
}
