import { MAX_PRICE } from './constants';
import type { DocumentRate } from './document-totals';
import { type OrderLine, orderTotals } from './order-lines';
import type { OrderStatus } from './order-status';
import { SALES_MESSAGES } from './sales-messages';
import { type LineFulfilment, salesOrderStatus, type SalesOrderStatus } from './sales-order-status';

/**
 * How an order of several lines appears to every SPEC.md §7 order call (docs/decisions/0041-multi-line-orders-in-the-spec-calls.md):
 * one row whose Value (price × quantity) is the order's total. The server writes it on the order's row in the
 * transaction that changes its lines; the mocks keep it on their order the same way.
 */

export type SpecRowLine = Pick<OrderLine, 'productId' | 'description' | 'quantity' | 'unitPriceCents' | 'discountPercent' | 'taxRateId'> & LineFulfilment;

export interface SpecRow {
  name: string;
  priceCents: number;
  quantity: number;
  productId: string | null;
  status: OrderStatus;
}

/** The largest price a SPEC row shows, in cents: an order whose total is more is refused (400), never shown wrong. */
const MAX_ROW_CENTS = MAX_PRICE * 100;

/** The SPEC status (open, fulfilled, cancelled) of a sales status: partly shipped is still open, shipped is fulfilled. */
export function specStatusOf(status: SalesOrderStatus): OrderStatus {
  return status === 'shipped' ? 'fulfilled' : status === 'cancelled' ? 'cancelled' : 'open';
}

/**
 * The sales status of an order of lines from its stored SPEC status (which specStatusOf wrote with its lines) and
 * whether any of its lines has shipped: the one thing the row cannot tell, open from partly shipped. What the orders
 * list shows beside each order of lines, without reading its lines (docs/decisions/0046).
 */
export function salesStatusOfRow(status: OrderStatus, somethingShipped: boolean): SalesOrderStatus {
  if (status === 'fulfilled') return 'shipped';
  if (status === 'cancelled') return 'cancelled';
  return somethingShipped ? 'partly_shipped' : 'open';
}

/** The order's total with tax in cents, by orderTotals; a line naming a rate no longer among `rates` is untaxed. */
export function orderGrossCents(lines: readonly SpecRowLine[], rates: readonly DocumentRate[], pricesIncludeTax: boolean): number {
  const known = new Set(rates.map((rate) => rate._id));
  const taxed = lines.map((line) => ({ ...line, taxRateId: line.taxRateId !== null && known.has(line.taxRateId) ? line.taxRateId : null }));
  return orderTotals(taxed, rates, pricesIncludeTax).grossCents;
}

/**
 * The row: an order of one line whose total is exactly quantity × unit price (no discount, no tax) is that line as it
 * is (its name, unit price, quantity and product); any other is quantity 1 at the order's total, named after its
 * first line ("USB-C dock and 2 more"), with no product (its lines name theirs). Refused (400) past MAX_PRICE.
 */
export function specRowOfLines(
  lines: readonly SpecRowLine[],
  rates: readonly DocumentRate[],
  pricesIncludeTax: boolean,
): SpecRow | { refusal: { status: 400; message: string } } {
  const gross = orderGrossCents(lines, rates, pricesIncludeTax);
  const first = lines[0]!;
  const status = specStatusOf(salesOrderStatus(lines));
  if (lines.length === 1 && gross === first.quantity * first.unitPriceCents && first.unitPriceCents <= MAX_ROW_CENTS)
    return { name: first.description, priceCents: first.unitPriceCents, quantity: first.quantity, productId: first.productId, status };
  if (gross > MAX_ROW_CENTS) return { refusal: { status: 400, message: SALES_MESSAGES.orderTotalTooHighForList } };
  const more = lines.length - 1;
  return { name: more > 0 ? `${first.description} and ${more} more` : first.description, priceCents: gross, quantity: 1, productId: null, status };
}

/**
 * A SPEC.md edit of an order of lines: its SPEC fields follow from its lines, so sent back as they are they change
 * nothing; the first one changed is named in a 409 (null when none is).
 */
export function specEditOfLinesRefusal(
  row: { name: string; category: string; priceCents: number; quantity: number; productId: string | null },
  body: { name: string; category: string; priceCents: number; quantity: number; productId?: string | null },
): { status: 409; message: string } | null {
  const changed =
    body.name !== row.name
      ? 'name'
      : body.category !== row.category
        ? 'category'
        : body.priceCents !== row.priceCents
          ? 'price'
          : body.quantity !== row.quantity
            ? 'quantity'
            : body.productId !== undefined && body.productId !== row.productId
              ? 'product'
              : null;
  return changed ? { status: 409, message: SALES_MESSAGES.orderHasLines(changed) } : null;
}
