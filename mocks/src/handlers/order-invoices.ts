import {
  firstIssueMessage,
  MESSAGES,
  orderInvoiceCustomer,
  orderInvoiceQuantities,
  orderInvoiceSchema,
  orderLineInvoicing,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb } from '../db';
import { api, errorResponse, readJsonBody } from '../http';
import { requireStore } from '../store-auth';
import { makeDraft } from './invoices';
import { linesOf, ownOrder } from './sales-orders';

/**
 * Invoices made from an order, as the server's orders/lines/invoicing-service (0044): what may be invoiced is the
 * contract's rule (orderInvoiceQuantities) on what the order's invoices bill per line, drafts included.
 */

const notFound = () => errorResponse(404, MESSAGES.orderNotFound);

function invoicedByLine(orderId: string): Map<string, number> {
  const invoiced = new Map<string, number>();
  for (const invoice of mockDb.invoices.filter((i) => i.sourceOrderId === orderId))
    invoice.lines.forEach((line, i) => {
      const lineId = invoice.orderLineIds?.[i];
      if (lineId) invoiced.set(lineId, (invoiced.get(lineId) ?? 0) + line.quantity);
    });
  return invoiced;
}

const ruleLine = (line: ReturnType<typeof linesOf>[number]) => ({ lineId: line._id, quantity: line.quantity, shipped: line.shipped, returned: line.returned, cancelled: line.cancelled });

export const orderInvoiceHandlers = [
  http.get(api('/orders/:id/invoicing'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const order = ownOrder(params.id as string, auth.store._id);
    if (!order) return notFound();
    const invoices = mockDb.invoices
      .filter((invoice) => invoice.sourceOrderId === order._id)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : 1));
    return HttpResponse.json(
      {
        lines: orderLineInvoicing(linesOf(order).map(ruleLine), invoicedByLine(order._id)),
        invoices: invoices.map((invoice) => ({ _id: invoice._id, number: invoice.number, status: invoice.status, grossCents: invoice.totals.grossCents, createdAt: invoice.createdAt })),
      },
      { headers: { 'cache-control': 'private, no-store' } },
    );
  }),

  http.post(api('/orders/:id/invoices'), async ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:write');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = orderInvoiceSchema.safeParse(read.body ?? {});
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const order = ownOrder(params.id as string, auth.store._id);
    if (!order) return notFound();
    const customer = orderInvoiceCustomer(order.customerId ?? null, parsed.data.customerId);
    if ('status' in customer) return errorResponse(customer.status, customer.message);
    const lines = linesOf(order);
    const decided = orderInvoiceQuantities(lines.map(ruleLine), invoicedByLine(order._id), parsed.data.basis);
    if ('status' in decided) return errorResponse(decided.status, decided.message);
    const byId = new Map(lines.map((line) => [line._id, line]));
    return makeDraft(auth.store._id, auth.actor, {
      customerId: customer.customerId,
      lines: decided.lines.map(({ lineId, quantity }) => {
        const line = byId.get(lineId)!;
        return { productId: line.productId, description: line.description, quantity, unitPriceCents: line.unitPriceCents, discountPercent: line.discountBp / 100, taxRateId: line.taxRateId, taxRateRequested: line.taxRateId };
      }),
      notes: parsed.data.notes ?? '',
      sourceOrderId: order._id,
      orderLineIds: decided.lines.map((entry) => entry.lineId),
    });
  }),
];
