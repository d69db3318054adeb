import type { OrderLineAnswer, Shipment } from '@inventory/contract/rules';
import { Card } from '@inventory/ui';
import { formatDate } from '../../../dates/formatDateTime';
import { packingSlipHref } from './salesApi';

export interface ShipmentsSectionProps {
  orderId: string;
  shipments: Shipment[];
  lines: OrderLineAnswer[];
}

/** A shipment's day (YYYY-MM-DD) as the user reads dates, read at noon so no time zone moves it to another day. */
export const dayText = (day: string) => formatDate(`${day}T12:00:00`) || day;

/** What of each line a shipment or return took, "2 × USB-C dock". */
export function lineParts(
  parts: readonly { lineId: string; quantity: number }[],
  lines: readonly OrderLineAnswer[],
): string {
  const names = new Map(lines.map((line) => [line._id, line.description]));
  return parts.map((part) => `${part.quantity} × ${names.get(part.lineId) ?? ''}`).join(', ');
}

/** An order's shipments, oldest first: the day, carrier, tracking number, what left, and its packing slip. */
export function ShipmentsSection({ orderId, shipments, lines }: ShipmentsSectionProps) {
  return (
    <Card title="Shipments">
      {shipments.length === 0 ? (
        <p className="m-0 text-ink-muted">Nothing has shipped yet.</p>
      ) : (
        <ul aria-label="Shipments" className="m-0 flex list-none flex-col gap-3 p-0">
          {shipments.map((shipment, index) => (
            <li key={shipment._id} className="flex flex-col gap-1 border-b border-line pb-3 last:border-b-0">
              <p className="m-0 font-semibold text-ink">
                Shipment {index + 1} · {dayText(shipment.date)}
              </p>
              <p className="m-0 text-ink">{lineParts(shipment.lines, lines)}</p>
              {shipment.carrier || shipment.trackingNumber ? (
                <p className="m-0 text-sm text-ink-muted">
                  {[shipment.carrier, shipment.trackingNumber && `Tracking ${shipment.trackingNumber}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              ) : null}
              <a
                href={packingSlipHref(orderId, shipment._id)}
                target="_blank"
                rel="noreferrer"
                className="self-start font-medium text-brand-600 underline"
              >
                Packing slip<span className="sr-only"> of shipment {index + 1} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
