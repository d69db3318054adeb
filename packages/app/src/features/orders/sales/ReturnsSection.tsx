import { RETURN_REASON_LABELS, type OrderLineAnswer, type OrderReturn } from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { formatDateTime } from '../../../dates/formatDateTime';

export interface ReturnsSectionProps {
  returns: OrderReturn[];
  lines: OrderLineAnswer[];
}

/** An order's returns, oldest first: when, and per line how many came back, why, and whether they went back to stock. */
export function ReturnsSection({ returns, lines }: ReturnsSectionProps) {
  const names = new Map(lines.map((line) => [line._id, line.description]));
  return (
    <Card title="Returns">
      {returns.length === 0 ? (
        <p className="m-0 text-ink-muted">Nothing has been returned.</p>
      ) : (
        <ul aria-label="Returns" className="m-0 flex list-none flex-col gap-3 p-0">
          {returns.map((taken, index) => (
            <li key={taken._id} className="flex flex-col gap-1 border-b border-line pb-3 last:border-b-0">
              <p className="m-0 font-semibold text-ink">
                Return {index + 1} · {formatDateTime(taken.createdAt)}
              </p>
              <ul className="m-0 flex list-none flex-col gap-0.5 p-0 text-ink">
                {taken.lines.map((part, i) => (
                  <li key={i}>
                    {part.quantity} × {names.get(part.lineId) ?? ''}: {RETURN_REASON_LABELS[part.reason]},{' '}
                    {part.restock ? 'back to stock' : 'not back to stock'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
