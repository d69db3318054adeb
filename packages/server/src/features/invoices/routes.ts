import {
  BILLING_MESSAGES,
  billingNumberingSchema,
  creditNoteCreateSchema,
  invoiceCreateSchema,
  invoiceListQuerySchema,
  invoiceUpdateSchema,
  paymentCreateSchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ifMatchOf, setEtag } from '../../http/etag';
import { parse } from '../../http/errors';
import { pathId } from '../../http/path-id';
import { type Idempotency, type IdempotentRequest, type RememberedAnswer, sendAnswer } from '../../idempotency';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { CreditNoteService } from './credit-notes';
import type { InvoiceDocuments } from './documents';
import type { NumberingService } from './numbering';
import type { PaymentService } from './payments';
import type { InvoiceService } from './service';

export interface InvoiceRoutesOptions {
  invoices: InvoiceService;
  creditNotes: CreditNoteService;
  payments: PaymentService;
  documents: InvoiceDocuments;
  numbering: NumberingService;
  access: StoreAccessDeps;
  idempotency: Idempotency;
}

const invoiceId = (request: FastifyRequest) => pathId(request, BILLING_MESSAGES.invoiceNotFound);
const created = (body: unknown) => ({ status: 201, body, etag: null });

/**
 * Run a create under its Idempotency-Key. A retry racing the first request with the same key waits on the invoice's
 * lock and is then refused by the rules (the line is credited, nothing is due) before it reaches the key: it answers
 * the first request's answer too, not the refusal.
 */
async function once(idempotency: Idempotency, key: IdempotentRequest | null, create: () => Promise<RememberedAnswer>): Promise<RememberedAnswer> {
  try {
    return await idempotency.run(key, create);
  } catch (error) {
    const winner = key ? await idempotency.find(key) : null;
    if (winner) return winner;
    throw error;
  }
}

/**
 * /api/invoices (docs/decisions/0043-invoices.md): drafts by hand, issuing, credit notes, payments, the PDF and its
 * mail. Every member reads; staff prepare and mail; owners and managers issue, credit and record payments.
 */
export async function invoiceRoutes(app: FastifyInstance, { invoices, creditNotes, payments, documents, numbering, access, idempotency }: InvoiceRoutesOptions) {
  const read = requireStore(access, 'invoices:read');
  const write = requireStore(access, 'invoices:write');
  const issue = requireStore(access, 'invoices:issue');

  app.get('/api/invoices/numbering', { preHandler: read }, async (request) => numbering.get(storeOf(request).storeId));

  app.put('/api/invoices/numbering', { preHandler: requireStore(access, 'settings:update') }, async (request) => {
    const body = parse(billingNumberingSchema, request.body);
    return numbering.put(storeOf(request), body);
  });

  app.post('/api/invoices', { preHandler: write }, async (request, reply) => {
    const body = parse(invoiceCreateSchema, request.body);
    const { invoice, version } = await invoices.create(storeOf(request), body);
    return setEtag(reply.status(201), version).send(invoice);
  });

  app.get('/api/invoices', { preHandler: read }, async (request, reply) => {
    const query = parse(invoiceListQuerySchema, request.query);
    const page = await invoices.list(storeOf(request).storeId, query);
    return reply.header('cache-control', 'private, no-store').send(page);
  });

  app.get('/api/invoices/:id', { preHandler: read }, async (request, reply) => {
    const { invoice, version } = await invoices.get(storeOf(request).storeId, invoiceId(request));
    return setEtag(reply, version).send(invoice);
  });

  app.patch('/api/invoices/:id', { preHandler: write }, async (request, reply) => {
    const id = invoiceId(request);
    const body = parse(invoiceUpdateSchema, request.body);
    const { invoice, version } = await invoices.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(invoice);
  });

  app.delete('/api/invoices/:id', { preHandler: write }, async (request) => {
    await invoices.remove(storeOf(request), invoiceId(request), ifMatchOf(request));
    return { message: BILLING_MESSAGES.invoiceDeleted };
  });

  app.post('/api/invoices/:id/issue', { preHandler: issue }, async (request, reply) => {
    const { invoice, version } = await invoices.issue(storeOf(request), invoiceId(request), ifMatchOf(request));
    return setEtag(reply, version).send(invoice);
  });

  app.get('/api/invoices/:id/credit-notes', { preHandler: read }, async (request) => creditNotes.list(storeOf(request).storeId, invoiceId(request)));

  app.post('/api/invoices/:id/credit-notes', { preHandler: issue }, async (request, reply) => {
    const id = invoiceId(request);
    const body = parse(creditNoteCreateSchema, request.body ?? {});
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, { id, body });
    const answer = await once(idempotency, key, async () => {
      const made = await creditNotes.create(store, id, body, key ? (trx, note) => idempotency.remember(trx, key, created(note)) : undefined);
      return created(made);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/api/invoices/:id/payments', { preHandler: read }, async (request) => payments.list(storeOf(request).storeId, invoiceId(request)));

  app.post('/api/invoices/:id/payments', { preHandler: issue }, async (request, reply) => {
    const id = invoiceId(request);
    const body = parse(paymentCreateSchema, request.body);
    const store = storeOf(request);
    const key = idempotency.of(request, store.storeId, { id, body });
    const answer = await once(idempotency, key, async () => {
      const made = await payments.create(store, id, body, key ? (trx, payment) => idempotency.remember(trx, key, created(payment)) : undefined);
      return created(made);
    });
    return sendAnswer(reply, answer);
  });

  app.get('/api/invoices/:id/pdf', { preHandler: read }, async (request, reply) => {
    const { bytes, fileName } = await documents.pdf(storeOf(request).storeId, invoiceId(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  app.post('/api/invoices/:id/send', { preHandler: write }, async (request, reply) => {
    const { invoice, version } = await documents.send(storeOf(request), invoiceId(request));
    return setEtag(reply, version).send(invoice);
  });
}
