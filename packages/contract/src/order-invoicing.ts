import { BILLING_MESSAGES } from './billing-messages';

/**
 * What of an order may still be invoiced (docs/decisions/0044-invoices-from-orders.md). Per order line: what the
 * basis allows (`all`: ordered less cancelled; `shipped`: what has shipped), less what came back before it was billed
 * (a return; docs/decisions/0059-returned-units-are-not-invoiced.md), less what the order's invoices already bill,
 * drafts included, so two drafts never bill the same units; a deleted draft bills nothing, so its units are free
 * again. A credit note frees nothing: a billed unit stays billed (a credit note corrects money, a returned unit that
 * was billed among them; a unit credited and to be billed again is billed by hand).
 */

export const ORDER_INVOICE_BASES = ['all', 'shipped'] as const;
export type OrderInvoiceBasis = (typeof ORDER_INVOICE_BASES)[number];

/** An order line as this rule reads it. */
export interface InvoicingOrderLine {
  lineId: string;
  quantity: number;
  shipped: number;
  /** Shipped and returned (never more than shipped). */
  returned: number;
  cancelled: number;
}

/** Where one order line stands: what it allows on each basis, what is billed, and what may still be. */
export interface OrderLineInvoicing {
  lineId: string;
  /** Ordered less cancelled: what the order will bill in all. */
  ordered: number;
  shipped: number;
  /** Shipped and returned: not to be invoiced. */
  returned: number;
  /** On the order's invoices, drafts included. */
  invoiced: number;
  /** Still to invoice of everything ordered. */
  toInvoiceAll: number;
  /** Still to invoice of what has shipped. */
  toInvoiceShipped: number;
}

/** Each line's invoicing; `invoiced` is the quantity the order's invoices bill per order line id. */
export function orderLineInvoicing(lines: readonly InvoicingOrderLine[], invoiced: ReadonlyMap<string, number>): OrderLineInvoicing[] {
  return lines.map((line) => {
    const ordered = Math.max(0, line.quantity - line.cancelled);
    const billed = invoiced.get(line.lineId) ?? 0;
    // A unit that came back is neither to bill of the whole order nor of what was sent.
    const kept = Math.max(0, ordered - line.returned);
    const keptShipped = Math.max(0, line.shipped - line.returned);
    return {
      lineId: line.lineId,
      ordered,
      shipped: line.shipped,
      returned: line.returned,
      invoiced: billed,
      toInvoiceAll: Math.max(0, kept - billed),
      toInvoiceShipped: Math.max(0, Math.min(keptShipped, kept) - billed),
    };
  });
}

/**
 * The quantities of a new invoice of the order on `basis`: each line with something left, in the order's line order,
 * or a 409 when nothing is left on that basis.
 */
export function orderInvoiceQuantities(
  lines: readonly InvoicingOrderLine[],
  invoiced: ReadonlyMap<string, number>,
  basis: OrderInvoiceBasis,
): { lines: { lineId: string; quantity: number }[] } | { status: number; message: string } {
  const left = orderLineInvoicing(lines, invoiced)
    .map((line) => ({ lineId: line.lineId, quantity: basis === 'all' ? line.toInvoiceAll : line.toInvoiceShipped }))
    .filter((line) => line.quantity > 0);
  if (left.length === 0) return { status: 409, message: basis === 'all' ? BILLING_MESSAGES.orderFullyInvoiced : BILLING_MESSAGES.orderNothingShippedToInvoice };
  return { lines: left };
}

/**
 * The customer an order's invoice is for: the one the request names, else the order's; an order without one and a
 * request naming none is a 409 asking for one.
 */
export function orderInvoiceCustomer(orderCustomerId: string | null, requested: string | undefined): { customerId: string } | { status: number; message: string } {
  const customerId = requested ?? orderCustomerId;
  if (customerId === null) return { status: 409, message: BILLING_MESSAGES.orderWithoutCustomer };
  return { customerId };
}
