import {
  type Invoice,
  MESSAGES,
  type OrderInvoiceBody,
  orderInvoiceCustomer,
  orderInvoiceQuantities,
  type OrderInvoicing,
  orderLineInvoicing,
  type OrderLine,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../../db';
import type { OrdersTable } from '../../../db/types';
import { HttpError } from '../../../http/errors';
import type { StoreContext } from '../../../stores/access';
import { asRuleLine, type LineState, linesOf, lockOrder } from './line-rows';

/** A draft as the invoices feature makes it (its createFromLines), given to this feature by the app's wiring. */
export interface OrderDraft {
  customerId: string;
  lines: (OrderLine & { taxRateRequested?: string | null })[];
  notes: string;
  sourceOrderId: string;
  orderLineIds: string[];
}
export type CreateDraft = (store: StoreContext, prepare: (trx: Kysely<Database>) => Promise<OrderDraft>) => Promise<{ invoice: Invoice; version: number }>;

export interface OrderInvoicingOptions {
  db: Db;
  createDraft: CreateDraft;
}

const notFound = () => new HttpError(404, MESSAGES.orderNotFound);

/** What the order's invoices bill per order line, drafts included (a deleted draft has no lines left). */
async function invoicedByLine(reader: Kysely<Database>, orderId: string): Promise<Map<string, number>> {
  const rows = await reader
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .select(['invoice_lines.order_line_id as lineId', (eb) => eb.fn.sum<number | string>('invoice_lines.quantity').as('quantity')])
    .where('invoices.source_order_id', '=', orderId)
    .where('invoice_lines.order_line_id', 'is not', null)
    .groupBy('invoice_lines.order_line_id')
    .execute();
  return new Map(rows.map((row) => [row.lineId!, Number(row.quantity)]));
}

/** An order line copied to an invoice line of `quantity`: product or text, price, discount and rate as the order has them. */
const invoiceLineOf = (line: LineState, quantity: number) => ({
  productId: line.productId,
  description: line.description,
  quantity,
  unitPriceCents: line.unitPriceCents,
  discountPercent: line.discountBp / 100,
  taxRateId: line.taxRateId,
  taxRateRequested: line.taxRateId,
});

/**
 * Invoices made from an order (docs/decisions/0044-invoices-from-orders.md). What may be invoiced is the contract's
 * rule (orderInvoiceQuantities); it runs in the invoice's transaction after the order's row is locked, on the lines
 * and invoiced quantities read after that lock, so two drafts of the same lines at once queue on the order and the
 * second is refused (or bills only what the first left).
 */
export function createOrderInvoicing({ db, createDraft }: OrderInvoicingOptions) {
  async function ownedOrder(reader: Kysely<Database>, storeId: string, id: string): Promise<Selectable<OrdersTable>> {
    const row = await reader.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  return {
    async invoicing(storeId: string, id: string): Promise<OrderInvoicing> {
      const order = await ownedOrder(db, storeId, id);
      const [lines, invoiced, invoices] = await Promise.all([
        linesOf(db, order),
        invoicedByLine(db, id),
        db
          .selectFrom('invoices')
          .select(['id', 'number_text', 'status', 'gross_cents', 'created_at'])
          .where('store_id', '=', storeId)
          .where('source_order_id', '=', id)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      ]);
      return {
        lines: orderLineInvoicing(lines.map(asRuleLine), invoiced),
        invoices: invoices.map((row) => ({
          _id: row.id,
          number: row.number_text,
          status: row.status as 'draft' | 'issued',
          grossCents: Number(row.gross_cents),
          createdAt: row.created_at,
        })),
      };
    },

    async invoice(store: StoreContext, id: string, body: OrderInvoiceBody) {
      return createDraft(store, async (trx) => {
        const order = await lockOrder(trx, store.storeId, id);
        if (!order) throw notFound();
        const customer = orderInvoiceCustomer(order.customer_id, body.customerId);
        if ('status' in customer) throw new HttpError(customer.status, customer.message);
        const lines = await linesOf(trx, order);
        const decided = orderInvoiceQuantities(lines.map(asRuleLine), await invoicedByLine(trx, id), body.basis);
        if ('status' in decided) throw new HttpError(decided.status, decided.message);
        const byId = new Map(lines.map((line) => [line.id, line]));
        return {
          customerId: customer.customerId,
          lines: decided.lines.map((entry) => invoiceLineOf(byId.get(entry.lineId)!, entry.quantity)),
          notes: body.notes ?? '',
          sourceOrderId: id,
          orderLineIds: decided.lines.map((entry) => entry.lineId),
        };
      });
    },
  };
}

export type OrderInvoicingService = ReturnType<typeof createOrderInvoicing>;
