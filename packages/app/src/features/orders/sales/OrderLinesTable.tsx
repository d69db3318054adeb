import { MAX_ORDER_LINES, toCents, type OrderLineAnswer } from '@inventory/contract/rules';
import { DataTable, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';

export interface OrderLinesTableProps {
  lines: OrderLineAnswer[];
  money: (cents: number) => string;
}

/** What a line is: a link to its product, or its text. */
function LineName({ line }: { line: OrderLineAnswer }) {
  return line.productId ? (
    <Link to={`/product-detail/${line.productId}`} className="font-medium text-brand-600 underline">
      {line.description}
    </Link>
  ) : (
    <>{line.description}</>
  );
}

/**
 * An order's lines: what each is, what was ordered, shipped, returned and is left to ship, and what it comes to. A
 * table from a tablet's width; on a phone, where its nine columns scrolled sideways, one stacked entry per line.
 */
export function OrderLinesTable({ lines, money }: OrderLinesTableProps) {
  const columns: DataTableColumn<OrderLineAnswer>[] = [
    { key: 'number', header: '#', cell: (_line, index) => index + 1, className: 'hidden md:table-cell' },
    { key: 'description', header: 'Line', sticky: true, cell: (line) => <LineName line={line} /> },
    { key: 'quantity', header: 'Ordered', cell: (line) => line.quantity },
    { key: 'shipped', header: 'Shipped', cell: (line) => line.shipped },
    { key: 'returned', header: 'Returned', cell: (line) => line.returned },
    { key: 'outstanding', header: 'Outstanding', cell: (line) => line.outstanding },
    { key: 'unitPrice', header: 'Unit price', cell: (line) => money(toCents(line.unitPrice)) },
    { key: 'discount', header: 'Discount', cell: (line) => (line.discountPercent ? `${line.discountPercent} %` : '') },
    { key: 'amount', header: 'Amount', cell: (line) => money(toCents(line.amount)) },
  ];
  return (
    <>
      <div className="max-md:hidden">
        <DataTable
          caption="Order lines"
          columns={columns}
          rows={lines}
          getRowId={(line) => line._id}
          pageSize={MAX_ORDER_LINES}
          emptyMessage="No lines"
        />
      </div>
      {/* Each fact one text ("Shipped 1"), so the status badge stays the page's only "Shipped". */}
      <ol aria-label="Order lines" className="m-0 flex list-none flex-col p-0 md:hidden">
        {lines.map((line, index) => (
          <li key={line._id} className="flex flex-col gap-1 border-b border-line py-3 first:pt-0 last:border-b-0">
            <div className="flex items-baseline justify-between gap-3">
              <p className="m-0 min-w-0 break-words text-ink">
                <span className="text-ink-muted">{`${index + 1}. `}</span>
                <LineName line={line} />
              </p>
              <span className="shrink-0 font-mono text-ink">{money(toCents(line.amount))}</span>
            </div>
            <p className="m-0 text-sm text-ink-muted">
              {`${line.quantity} × ${money(toCents(line.unitPrice))}${line.discountPercent ? ` · ${line.discountPercent} % off` : ''}`}
            </p>
            <p className="m-0 text-sm text-ink">
              {`Ordered ${line.quantity} · Shipped ${line.shipped} · Returned ${line.returned} · Outstanding ${line.outstanding}`}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
