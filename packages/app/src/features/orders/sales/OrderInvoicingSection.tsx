import { useEffect } from 'react';
import type { OrderLineAnswer } from '@inventory/contract/rules';
import { Button, Card } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { selectOffers } from '../../../membership/selectors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { orderInvoiceRequested, orderInvoicingRequested, selectOrderInvoicing } from './orderInvoicingSlice';

/**
 * The order's invoicing (0044): per line what is invoiced (drafts included) of what was ordered and shipped, the
 * invoices made of it, and for who may write invoices "Invoice what was sent" and "Invoice all", each making a draft
 * of what is left on that basis and opening it.
 */
export function OrderInvoicingSection({ orderId, lines, shippedCount }: { orderId: string; lines: OrderLineAnswer[]; shippedCount: number }) {
  const dispatch = useAppDispatch();
  const { invoicing, making, orderId: shownFor } = useAppSelector(selectOrderInvoicing);
  const mayRead = useAppSelector(selectOffers('invoices:read'));
  const mayWrite = useAppSelector(selectOffers('invoices:write'));

  // Again after each shipment (shippedCount changes): what shipped may now be invoiced.
  useEffect(() => {
    if (mayRead) dispatch(orderInvoicingRequested(orderId));
  }, [dispatch, orderId, mayRead, shippedCount]);

  if (!mayRead || !invoicing || shownFor !== orderId) return null;
  const toInvoiceShipped = invoicing.lines.reduce((sum, line) => sum + line.toInvoiceShipped, 0);
  const toInvoiceAll = invoicing.lines.reduce((sum, line) => sum + line.toInvoiceAll, 0);
  const nameOf = (lineId: string) => lines.find((line) => line._id === lineId)?.description ?? '';
  return (
    <Card title="Invoicing">
      <div className="flex flex-col gap-3 text-ink">
        <ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm">
          {invoicing.lines.map((line, i) => (
            <li key={line.lineId}>
              Line {i + 1} ({nameOf(line.lineId)}): {line.invoiced} of {line.ordered} invoiced, {line.shipped} shipped
              {line.returned > 0 ? `, ${line.returned} returned` : ''}
            </li>
          ))}
        </ul>
        {invoicing.invoices.length > 0 ? (
          <p className="m-0 flex flex-wrap gap-2 text-sm">
            <span>Invoices:</span>
            {invoicing.invoices.map((invoice) => (
              <Link key={invoice._id} to={`/invoices/${invoice._id}`} className="font-medium text-brand-600 underline">
                {invoice.number ?? 'Draft'}
              </Link>
            ))}
          </p>
        ) : null}
        {mayWrite ? (
          <div className="flex flex-wrap gap-3">
            <Button disabled={toInvoiceShipped === 0} loading={making === 'shipped'} onClick={() => dispatch(orderInvoiceRequested({ orderId, basis: 'shipped' }))}>
              Invoice what was sent
            </Button>
            <Button variant="secondary" disabled={toInvoiceAll === 0} loading={making === 'all'} onClick={() => dispatch(orderInvoiceRequested({ orderId, basis: 'all' }))}>
              Invoice all
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
