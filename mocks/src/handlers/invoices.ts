import {
  BILLING_MESSAGES,
  billingNumber,
  billingNumberingSchema,
  billingSeries,
  creditNoteCreateSchema,
  creditNoteLines,
  creditNoteTotals,
  dueDateOf,
  firstIssueMessage,
  formatMoneyIn,
  fromCents,
  idParamsSchema,
  invoiceCreateSchema,
  invoiceCustomerRefusal,
  type InvoiceLine,
  invoiceListQuerySchema,
  invoiceTotals,
  invoiceUpdateSchema,
  isoDate,
  MESSAGES,
  type OrderLine,
  paymentCreateSchema,
  paymentRefusal,
  SALES_MESSAGES,
  taxRateOfNewLine,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, newUuid, notifyMockDbChange, type StoredActor } from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody } from '../http';
import { invoicesOf, nextSeriesNumber, numberingOf, type StoredInvoice, toInvoice, toInvoiceSummary } from '../invoices';
import { requireStore } from '../store-auth';
import { storeSettingsAnswer, taxRatesOf } from '../store-settings';
import { FAKE_PDF } from '../fake-pdf';

/**
 * The invoice routes with the server's behaviour (features/invoices): every rule is the contract's (totals, payment
 * status, what may be credited or paid, numbers); the mock keeps the rows. The PDF is a small fixed file: the server's
 * tests read the real one.
 */

const notFound = () => errorResponse(404, BILLING_MESSAGES.invoiceNotFound);

const validId = (id: unknown) => idParamsSchema.safeParse({ id }).success;

function ownInvoice(id: unknown, storeId: string): StoredInvoice | undefined {
  if (!validId(id)) return undefined;
  return mockDb.invoices.find((invoice) => invoice._id === id && invoice.storeId === storeId);
}

/** A JSON body parsed by `schema` as the server's `parse` does: the value, or the 400 to answer. */
async function bodyOf<T>(request: Request, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof firstIssueMessage>[0] } }, empty?: unknown): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  const read = await readJsonBody(request);
  if (!read.ok) return read;
  const parsed = schema.safeParse(read.body ?? empty);
  if (!parsed.success) return { ok: false, response: errorResponse(400, firstIssueMessage(parsed.error)) };
  return { ok: true, data: parsed.data };
}

function invoiceResponse(stored: StoredInvoice, status = 200): Response {
  return HttpResponse.json(toInvoice(stored), { status, headers: { ETag: etag(stored.version) } });
}

type Refusal = { status: number; message: string };
const refused = (refusal: Refusal) => errorResponse(refusal.status, refusal.message);

/** The customer an invoice is for, as the server's customerFor: the store's, not archived. */
function customerFor(storeId: string, customerId: string): StoredInvoice['customer'] | Refusal {
  const customer = mockDb.customers.find((c) => c._id === customerId && c.storeId === storeId);
  const refusal = invoiceCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archivedAt ?? null } : null);
  if (refusal) return refusal;
  return { name: customer!.name, email: customer!.email ?? '', address: customer!.billingAddress ?? '', taxId: customer!.taxId ?? '' };
}

/** The lines as the server's resolveLines: the store's products (named when undescribed), its rates (or its default). */
function resolveLines(storeId: string, lines: (OrderLine & { taxRateRequested?: string | null })[]): InvoiceLine[] | Refusal {
  const rates = taxRatesOf(storeId);
  const defaultRate = rates.find((rate) => rate.isDefault)?._id ?? null;
  const resolved: InvoiceLine[] = [];
  for (const [i, line] of lines.entries()) {
    const product = line.productId === null ? null : mockDb.products.find((p) => p._id === line.productId && p.storeId === storeId);
    if (product === undefined) return { status: 400, message: SALES_MESSAGES.onLine(i + 1, SALES_MESSAGES.lineProductInvalid) };
    const rateId = taxRateOfNewLine(line.taxRateRequested, defaultRate);
    const rate = rateId === null ? null : rates.find((r) => r._id === rateId);
    if (rate === undefined) return { status: 400, message: SALES_MESSAGES.onLine(i + 1, SALES_MESSAGES.lineTaxRateUnknown) };
    resolved.push({
      productId: line.productId,
      description: line.description === '' && product ? product.name : line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountPercent: line.discountPercent,
      taxRateId: rate?._id ?? null,
      taxRate: rate ? { _id: rate._id, name: rate.name, percent: rate.percent } : null,
    });
  }
  return resolved;
}

/** The invoice's figures from its lines at the store's current settings (as the server's `computed`). */
function recompute(stored: StoredInvoice, lines: InvoiceLine[]): Refusal | null {
  const { settings } = storeSettingsAnswer(stored.storeId);
  let totals;
  try {
    totals = invoiceTotals(lines, settings.pricesIncludeTax, { decimals: settings.currencyDecimals });
  } catch {
    return { status: 400, message: BILLING_MESSAGES.invoiceTotalTooHigh };
  }
  stored.lines = lines;
  stored.lineTotals = totals.lines;
  stored.totals = { rates: totals.rates, netCents: totals.netCents, taxCents: totals.taxCents, grossCents: totals.grossCents };
  stored.currency = { symbol: settings.currencySymbol, decimals: settings.currencyDecimals };
  stored.pricesIncludeTax = settings.pricesIncludeTax;
  return null;
}

function stamp(stored: StoredInvoice, actor: StoredActor, at: string) {
  stored.changer = actor;
  stored.updatedAt = at;
  stored.version += 1;
}

/** A new draft, as the server's createFromLines: by hand, or of an order with each line's order line (0044). */
export function makeDraft(
  storeId: string,
  actor: StoredActor,
  input: { customerId: string; lines: (OrderLine & { taxRateRequested?: string | null })[]; notes: string; sourceOrderId?: string; orderLineIds?: string[] },
): Response {
  const customer = customerFor(storeId, input.customerId);
  if ('message' in customer) return refused(customer);
  const lines = resolveLines(storeId, input.lines);
  if ('message' in lines) return refused(lines);
  const at = new Date().toISOString();
  const stored: StoredInvoice = {
    _id: newUuid(),
    storeId,
    status: 'draft',
    number: null,
    customerId: input.customerId,
    customer,
    issueDate: null,
    dueDate: null,
    currency: { symbol: '$', decimals: 2 },
    pricesIncludeTax: false,
    lines: [],
    lineTotals: [],
    totals: { rates: [], netCents: 0, taxCents: 0, grossCents: 0 },
    notes: input.notes,
    seller: null,
    creditNotes: [],
    credited: [],
    creditedCents: 0,
    payments: [],
    paidCents: 0,
    mails: [],
    sourceOrderId: input.sourceOrderId ?? null,
    orderLineIds: input.orderLineIds ?? [],
    version: 1,
    createdAt: at,
    updatedAt: at,
    creator: actor,
    changer: actor,
  };
  const problem = recompute(stored, lines);
  if (problem) return refused(problem);
  mockDb.invoices.push(stored);
  notifyMockDbChange();
  return invoiceResponse(stored, 201);
}

export const invoiceHandlers = [
  http.get(api('/invoices/numbering'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    return auth.ok ? HttpResponse.json(numberingOf(auth.store._id)) : auth.response;
  }),

  http.put(api('/invoices/numbering'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = billingNumberingSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    mockDb.billingNumbering[auth.store._id] = parsed.data;
    notifyMockDbChange();
    return HttpResponse.json(parsed.data);
  }),

  http.post(api('/invoices'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'invoices:write');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = invoiceCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    return makeDraft(auth.store._id, auth.actor, { customerId: parsed.data.customerId, lines: parsed.data.lines, notes: parsed.data.notes ?? '' });
  }),

  http.get(api('/invoices'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const parsed = invoiceListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const query = parsed.data;
    const q = (query.q ?? '').toUpperCase().replace(/[^A-Z0-9-]/g, '');
    const matching = invoicesOf(auth.store._id)
      .filter((invoice) => !query.status || invoice.status === query.status)
      .filter((invoice) => !query.customerId || invoice.customerId === query.customerId)
      .filter((invoice) => !query.credited || invoice.creditedCents > 0)
      .filter((invoice) => !query.paymentStatus || toInvoiceSummary(invoice).paymentStatus === query.paymentStatus)
      .filter((invoice) => q === '' || (invoice.number ?? '').toUpperCase().includes(q))
      .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a._id < b._id ? 1 : -1));
    const today = isoDate(new Date());
    return HttpResponse.json(
      {
        items: matching.slice(query.offset, query.offset + query.limit).map((invoice) => toInvoiceSummary(invoice, today)),
        total: matching.length,
        limit: query.limit,
        offset: query.offset,
      },
      { headers: { 'cache-control': 'private, no-store' } },
    );
  }),

  http.get(api('/invoices/:id'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id as string, auth.store._id);
    return stored ? invoiceResponse(stored) : notFound();
  }),

  http.patch(api('/invoices/:id'), async ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:write');
    if (!auth.ok) return auth.response;
    if (!validId(params.id)) return notFound();
    const parsed = await bodyOf(request, invoiceUpdateSchema);
    if (!parsed.ok) return parsed.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    if (stored.status !== 'draft') return errorResponse(409, BILLING_MESSAGES.invoiceIssuedLocked);
    if (isStaleEdit(request, stored.version)) return errorResponse(409, MESSAGES.editConflict);
    const body = parsed.data;
    if (body.lines !== undefined && (stored.sourceOrderId ?? null) !== null) return errorResponse(409, BILLING_MESSAGES.invoiceFromOrderLinesLocked);
    const customer = body.customerId === undefined ? null : customerFor(stored.storeId, body.customerId);
    if (customer && 'message' in customer) return refused(customer);
    const lines = body.lines === undefined ? stored.lines : resolveLines(stored.storeId, body.lines);
    if ('message' in lines) return refused(lines);
    const problem = recompute(stored, lines);
    if (problem) return refused(problem);
    if (customer) {
      stored.customerId = body.customerId!;
      stored.customer = customer;
    }
    if (body.notes !== undefined) stored.notes = body.notes;
    stamp(stored, auth.actor, new Date().toISOString());
    notifyMockDbChange();
    return invoiceResponse(stored);
  }),

  http.delete(api('/invoices/:id'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:write');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    if (stored.status !== 'draft') return errorResponse(409, BILLING_MESSAGES.invoiceIssuedLocked);
    if (isStaleEdit(request, stored.version)) return errorResponse(409, MESSAGES.editConflict);
    mockDb.invoices = mockDb.invoices.filter((invoice) => invoice !== stored);
    notifyMockDbChange();
    return HttpResponse.json({ message: BILLING_MESSAGES.invoiceDeleted });
  }),

  http.post(api('/invoices/:id/issue'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:issue');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    if (stored.status !== 'draft') return errorResponse(409, BILLING_MESSAGES.invoiceAlreadyIssued);
    if (isStaleEdit(request, stored.version)) return errorResponse(409, MESSAGES.editConflict);
    const customerKept = stored.customerId !== null && mockDb.customers.some((c) => c._id === stored.customerId);
    if (!customerKept) return errorResponse(409, BILLING_MESSAGES.invoiceCustomerGone);
    const customer = customerFor(stored.storeId, stored.customerId!);
    if ('message' in customer) return refused(customer);
    if (stored.lines.length === 0) return errorResponse(409, BILLING_MESSAGES.invoiceLinesRequired);
    const problem = recompute(stored, stored.lines);
    if (problem) return refused(problem);
    // Every check is made before the number is taken: a refused issue takes none (the server rolls it back).
    const at = new Date();
    const year = at.getUTCFullYear();
    const numbering = numberingOf(stored.storeId);
    const number = nextSeriesNumber(stored.storeId, billingSeries('invoice', numbering.withYear, year));
    const { settings } = storeSettingsAnswer(stored.storeId);
    stored.status = 'issued';
    stored.number = billingNumber(numbering.invoicePrefix, numbering.withYear ? year : null, number);
    stored.issueDate = isoDate(at);
    stored.dueDate = dueDateOf(stored.issueDate, settings.paymentTermsDays);
    stored.customer = customer;
    stored.seller = {
      legalName: settings.legalName,
      address: settings.address,
      taxId: settings.taxId,
      bankDetails: settings.bankDetails,
      footerText: settings.footerText,
      paymentTermsDays: settings.paymentTermsDays,
    };
    stamp(stored, auth.actor, at.toISOString());
    notifyMockDbChange();
    return invoiceResponse(stored);
  }),

  http.get(api('/invoices/:id/credit-notes'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    return stored ? HttpResponse.json(stored.creditNotes) : notFound();
  }),

  http.post(api('/invoices/:id/credit-notes'), async ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:issue');
    if (!auth.ok) return auth.response;
    if (!validId(params.id)) return notFound();
    const parsed = await bodyOf(request, creditNoteCreateSchema, {});
    if (!parsed.ok) return parsed.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    if (stored.status !== 'issued') return errorResponse(409, BILLING_MESSAGES.invoiceNotIssued);
    const taken = creditNoteLines(stored.lines, stored.lineTotals, stored.credited, parsed.data.lines ?? null);
    if ('message' in taken) return refused(taken);
    const totals = creditNoteTotals(taken.lines, stored.pricesIncludeTax, { decimals: stored.currency.decimals });
    const at = new Date();
    const year = at.getUTCFullYear();
    const numbering = numberingOf(stored.storeId);
    const number = nextSeriesNumber(stored.storeId, billingSeries('credit_note', numbering.withYear, year));
    const note = {
      _id: newUuid(),
      number: billingNumber(numbering.creditNotePrefix, numbering.withYear ? year : null, number),
      invoiceId: stored._id,
      issueDate: isoDate(at),
      reason: parsed.data.reason?.trim() ?? '',
      lines: taken.lines.map((line, i) => ({
        productId: line.productId,
        description: line.description,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPriceCents),
        discountPercent: line.discountPercent,
        taxRateId: line.taxRateId,
        taxRate: line.taxRate,
        netCents: totals.lines[i]!.netCents,
        taxCents: totals.lines[i]!.taxCents,
        grossCents: totals.lines[i]!.grossCents,
        invoiceLine: line.invoiceLine,
      })),
      totals: { rates: totals.rates, netCents: totals.netCents, taxCents: totals.taxCents, grossCents: totals.grossCents },
      createdAt: at.toISOString(),
    };
    stored.creditNotes.push(note);
    stored.credited.push(...taken.lines.map((line, i) => ({ line: line.invoiceLine, quantity: line.quantity, amountCents: line.amountCents, ...totals.lines[i]! })));
    stored.creditedCents = Math.min(stored.totals.grossCents, stored.creditedCents + totals.grossCents);
    notifyMockDbChange();
    return HttpResponse.json(note, { status: 201 });
  }),

  http.get(api('/invoices/:id/payments'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    const byDate = [...stored.payments].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
    return HttpResponse.json(byDate);
  }),

  http.post(api('/invoices/:id/payments'), async ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:issue');
    if (!auth.ok) return auth.response;
    if (!validId(params.id)) return notFound();
    const parsed = await bodyOf(request, paymentCreateSchema);
    if (!parsed.ok) return parsed.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    const money = { grossCents: stored.totals.grossCents, creditedCents: stored.creditedCents, paidCents: stored.paidCents };
    const refusal = paymentRefusal({ ...money, status: stored.status }, parsed.data.amountCents, (cents) => formatMoneyIn(cents, stored.currency));
    if (refusal) return refused(refusal);
    const payment = {
      _id: newUuid(),
      invoiceId: stored._id,
      amountCents: parsed.data.amountCents,
      date: parsed.data.date,
      method: parsed.data.method,
      reference: parsed.data.reference?.trim() ?? '',
      createdAt: new Date().toISOString(),
    };
    stored.payments.push(payment);
    stored.paidCents += payment.amountCents;
    notifyMockDbChange();
    return HttpResponse.json(payment, { status: 201 });
  }),

  http.get(api('/invoices/:id/pdf'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:read');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    return new HttpResponse(FAKE_PDF, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${stored.number ?? 'draft-invoice'}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  }),

  http.post(api('/invoices/:id/send'), ({ request, cookies, params }) => {
    const auth = requireStore(request, cookies, 'invoices:write');
    if (!auth.ok) return auth.response;
    const stored = ownInvoice(params.id, auth.store._id);
    if (!stored) return notFound();
    if (stored.status !== 'issued') return errorResponse(409, BILLING_MESSAGES.invoiceNotIssued);
    if (stored.customer.email.trim() === '') return errorResponse(409, BILLING_MESSAGES.invoiceNoEmail);
    const from = stored.seller?.legalName || auth.store.name;
    const at = new Date().toISOString();
    // The mock's outbox sends at once: the mail is sent as soon as it is written.
    mockDb.outbox.push({
      to: stored.customer.email,
      subject: `Invoice ${stored.number} from ${from}`,
      text: `Dear ${stored.customer.name},\n\nPlease find attached invoice ${stored.number} of ${stored.issueDate}.\n\n${from}`,
      attachments: [`${stored.number}.pdf`],
      sentAt: at,
    });
    stored.mails.push({ status: 'sent', to: stored.customer.email, attempts: 1, sentAt: at, lastError: null });
    notifyMockDbChange();
    return invoiceResponse(stored);
  }),
];
