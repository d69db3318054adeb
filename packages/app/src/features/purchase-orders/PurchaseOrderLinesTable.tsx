import { MAX_PURCHASE_ORDER_LINES, purchaseOrderLineAmountCents, toCents, type PurchaseOrderLineAnswer } from '@inventory/contract/rules';
import { DataTable, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';

export interface PurchaseOrderLinesTableProps {
  lines: PurchaseOrderLineAnswer[];
  money: (cents: number) => string;
}

/**
 * A purchase order's lines: the product, what was ordered, received and is outstanding, the unit cost and amount (not
 * to roles whose answers carry no costs, 0047).
 */
export function PurchaseOrderLinesTable({ lines, money }: PurchaseOrderLinesTableProps) {
  const costed = lines.some((line) => line.unitCost !== undefined);
  const columns: DataTableColumn<PurchaseOrderLineAnswer>[] = [
    { key: 'number', header: '#', cell: (_line, index) => index + 1, className: 'hidden md:table-cell' },
    {
      key: 'product',
      header: 'Product',
      sticky: true,
      cell: (line) =>
        line.product ? (
          <Link to={`/product-detail/${line.product._id}`} className="font-medium text-brand-600 underline">
            {line.product.name}
          </Link>
        ) : (
          'Deleted product'
        ),
    },
    { key: 'sku', header: 'SKU', cell: (line) => <span className="whitespace-nowrap">{line.product?.sku ?? ''}</span> },
    { key: 'quantity', header: 'Ordered', cell: (line) => line.quantity },
    { key: 'received', header: 'Received', cell: (line) => line.received },
    { key: 'outstanding', header: 'Outstanding', cell: (line) => line.outstanding },
  ];
  if (costed) {
    columns.push(
      { key: 'unitCost', header: 'Unit cost', cell: (line) => (line.unitCost == null ? '—' : money(toCents(line.unitCost))) },
      {
        key: 'amount',
        header: 'Amount',
        cell: (line) => (line.unitCost == null ? '—' : money(purchaseOrderLineAmountCents({ quantity: line.quantity, unitCostCents: toCents(line.unitCost) })!)),
      },
    );
  }
  return (
    <DataTable
      caption="Purchase order lines"
      columns={columns}
      rows={lines}
      getRowId={(line) => line._id}
      pageSize={MAX_PURCHASE_ORDER_LINES}
      emptyMessage="No lines"
    />
  );
}
