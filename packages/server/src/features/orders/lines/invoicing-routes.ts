import { MESSAGES, orderInvoiceSchema } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { setEtag } from '../../../http/etag';
import { parse } from '../../../http/errors';
import { pathId } from '../../../http/path-id';
import { requireStore, type StoreAccessDeps, storeOf } from '../../../stores/access';
import type { OrderInvoicingService } from './invoicing-service';

export interface InvoicingRoutesOptions {
  invoicing: OrderInvoicingService;
  access: StoreAccessDeps;
}

/** /api/orders/{id}/invoices and /invoicing (0044): a draft of the order, and what of it is invoiced. */
export async function orderInvoicingRoutes(app: FastifyInstance, { invoicing, access }: InvoicingRoutesOptions) {
  app.post('/api/orders/:id/invoices', { preHandler: requireStore(access, 'invoices:write') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    const body = parse(orderInvoiceSchema, request.body ?? {});
    const { invoice, version } = await invoicing.invoice(storeOf(request), id, body);
    return setEtag(reply.status(201), version).send(invoice);
  });

  app.get('/api/orders/:id/invoicing', { preHandler: requireStore(access, 'invoices:read') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    return reply.header('cache-control', 'private, no-store').send(await invoicing.invoicing(storeOf(request).storeId, id));
  });
}
