import type { CreditNote, Invoice, InvoiceSummary, Page, Payment, PaymentMethod } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';
import type { OrderLineBody } from '../../documents/pricing';

/** The invoice calls (docs/decisions/0043, 0044). Only sagas call these. */
const INVOICES = '/api/invoices';
const one = (id: string) => `${INVOICES}/${encodeURIComponent(id)}`;

export interface InvoiceBody {
  customerId: string;
  lines?: OrderLineBody[];
  notes?: string;
}

export interface CreditNoteBody {
  lines?: { line: number; quantity: number }[];
  reason?: string;
}

export interface PaymentBody {
  amountCents: number;
  date: string;
  method: PaymentMethod;
  reference?: string;
}

/** The list's one filter of the screen, as the call's parameters: a draft, a payment status, or credited. */
function filterParams(filter: string): Record<string, string> {
  if (filter === '') return {};
  if (filter === 'draft') return { status: 'draft' };
  if (filter === 'credited') return { credited: 'true' };
  return { paymentStatus: filter };
}

/**
 * A page of invoices as the paged list reads it: the call pages by offset, so a page's cursors are offsets (`next`
 * the offset after it, `prev` its own, which `before` steps back from).
 */
export async function getInvoicePage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<InvoiceSummary>> {
  const { sort: _sort, dir: _dir, after, before, skip, status, limit, ...rest } = params;
  const size = Number(limit);
  const offset = after !== undefined ? Number(after) : before !== undefined ? Math.max(0, Number(before) - size) : Number(skip ?? 0);
  const query = { ...rest, ...filterParams(String(status ?? '')), limit: size, offset };
  const { data } = await apiClient.get<{ items: InvoiceSummary[]; total: number }>(INVOICES, { params: query, signal });
  return {
    items: data.items,
    total: data.total,
    totalExact: true,
    next: offset + size < data.total ? String(offset + size) : null,
    prev: offset > 0 ? String(offset) : null,
  };
}

export async function getInvoice(id: string): Promise<Versioned<Invoice>> {
  return versioned(await apiClient.get<Invoice>(one(id)));
}

export async function createInvoice(body: InvoiceBody): Promise<Invoice> {
  return (await apiClient.post<Invoice>(INVOICES, body)).data;
}

export async function updateInvoice(id: string, body: InvoiceBody, etag: string | null): Promise<Versioned<Invoice>> {
  return versioned(await apiClient.patch<Invoice>(one(id), body, { headers: ifMatch(etag) }));
}

export async function deleteInvoice(id: string, etag: string | null): Promise<void> {
  await apiClient.delete(one(id), { headers: ifMatch(etag) });
}

export async function issueInvoice(id: string, etag: string | null): Promise<Versioned<Invoice>> {
  return versioned(await apiClient.post<Invoice>(`${one(id)}/issue`, undefined, { headers: ifMatch(etag) }));
}

export async function sendInvoice(id: string): Promise<Versioned<Invoice>> {
  return versioned(await apiClient.post<Invoice>(`${one(id)}/send`));
}

export async function listCreditNotes(id: string): Promise<CreditNote[]> {
  return (await apiClient.get<CreditNote[]>(`${one(id)}/credit-notes`)).data;
}

export async function createCreditNote(id: string, body: CreditNoteBody, key: string): Promise<CreditNote> {
  return (await apiClient.post<CreditNote>(`${one(id)}/credit-notes`, body, { headers: { 'Idempotency-Key': key } })).data;
}

export async function listPayments(id: string): Promise<Payment[]> {
  return (await apiClient.get<Payment[]>(`${one(id)}/payments`)).data;
}

export async function createPayment(id: string, body: PaymentBody, key: string): Promise<Payment> {
  return (await apiClient.post<Payment>(`${one(id)}/payments`, body, { headers: { 'Idempotency-Key': key } })).data;
}

/** The PDF's address (a download of its own; the session cookie signs it in). */
export function invoicePdfHref(id: string): string {
  return `${apiClient.defaults.baseURL ?? ''}${one(id)}/pdf`;
}
