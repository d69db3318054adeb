import { cn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { formatDate } from '../../dates/formatDateTime';
import type { ReorderRow } from './reorderSlice';

export interface CountedReorderTableProps {
  rows: ReorderRow[];
  /** The products chosen for "Order these"; null when the role may not order. */
  chosen: string[] | null;
  onToggle: (ids: string[], chosen: boolean) => void;
}

const dayText = (day: string) => formatDate(`${day}T12:00:00`) || day;

const HEADERS = ['Name', 'SKU', 'Quantity', 'Reorder point', 'On order', 'To order'];

/**
 * What is low counting what is on order: each product's stock, reorder point, what is on order (and when the earliest
 * of it is expected) and what still brings it above its point; with a checkbox per row when the role may order.
 */
export function CountedReorderTable({ rows, chosen, onToggle }: CountedReorderTableProps) {
  const all = rows.map((row) => row.product._id);
  const allChosen = chosen !== null && all.length > 0 && all.every((id) => chosen.includes(id));
  return (
    <div className="overflow-x-auto rounded-md border border-line">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Products to reorder</caption>
        <thead className="bg-surface-muted">
          <tr>
            {chosen !== null ? (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Choose every product shown"
                  checked={allChosen}
                  onChange={(event) => onToggle(all, event.target.checked)}
                  className="size-5 accent-brand-600"
                />
              </th>
            ) : null}
            {HEADERS.map((header, i) => (
              <th
                key={header}
                scope="col"
                className={cn(
                  'px-4 py-3 font-semibold text-ink',
                  i >= 2 && 'text-right',
                  i === 0 && 'sticky left-0 z-[1] bg-surface-muted',
                )}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.product._id} className="border-t border-line">
              {chosen !== null ? (
                <td className="px-4 py-3">
                  {/* Under a finger the whole 44 px box around the checkbox toggles it. */}
                  <label className="contents pointer-coarse:-m-3 pointer-coarse:inline-flex pointer-coarse:size-11 pointer-coarse:items-center pointer-coarse:justify-center">
                  <input
                    type="checkbox"
                    aria-label={`Choose ${row.product.name}`}
                    checked={chosen.includes(row.product._id)}
                    onChange={(event) => onToggle([row.product._id], event.target.checked)}
                    className="size-5 accent-brand-600"
                  />
                  </label>
                </td>
              ) : null}
              <td className="sticky left-0 z-[1] bg-surface px-4 py-3">
                <Link
                  to={`/product-detail/${row.product._id}`}
                  className="font-medium text-brand-600 underline max-md:inline-block max-md:w-36 max-md:[overflow-wrap:anywhere]"
                >
                  {row.product.name}
                </Link>
              </td>
              <td className="px-4 py-3">{row.product.sku}</td>
              <td className="px-4 py-3 text-right">{row.quantity}</td>
              <td className="px-4 py-3 text-right">{row.reorderPoint}</td>
              <td className="px-4 py-3 text-right">
                {row.onOrder.quantity}
                {row.onOrder.quantity > 0 && row.onOrder.expectedDate ? (
                  <span className="block text-xs text-ink-muted">by {dayText(row.onOrder.expectedDate)}</span>
                ) : null}
              </td>
              <td className="px-4 py-3 text-right font-semibold">{row.shortfall}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
