import { addDays, creditNoteLines, creditNoteTotals, invoiceTotals, type InvoiceLine, type TaxRate } from '@inventory/contract';
import { demoUser, makeCustomer, mockDb, seedCustomers, seedTaxRates, storeIdForUser, type StateHook } from '@inventory/mocks';

/**
 * The mock state of invoices for the stories (the mocks have no seed of their own for them): Grace Hopper's invoices
 * in each state, their totals, credit notes and payments by the contract's rules, as the server keeps them. Only
 * stories import this file; each seed runs after a sign-in, in the signed-in user's active store.
 */

export const grace = makeCustomer({ _id: '29000000-0000-4000-8000-000000000c01', name: 'Grace Hopper', email: 'grace@example.com' });
export const DRAFT_ID = '29000000-0000-4000-8000-0000000000d1';
export const ISSUED_ID = '29000000-0000-4000-8000-0000000000e1';

type Kind = 'draft' | 'unpaid' | 'partly_paid_credited' | 'paid' | 'overdue';

function linesAt(rate: TaxRate): InvoiceLine[] {
  const taxRate = { _id: rate._id, name: rate.name, percent: rate.percent };
  return [
    { productId: null, description: 'ThinkPad T14', quantity: 1, unitPriceCents: 129900, discountPercent: 0, taxRateId: rate._id, taxRate },
    { productId: null, description: 'USB-C cable 2 m', quantity: 3, unitPriceCents: 1990, discountPercent: 10, taxRateId: rate._id, taxRate },
  ];
}

function seedInvoice(storeId: string, rate: TaxRate, id: string, kind: Kind, index: number): void {
  const lines = linesAt(rate);
  const totals = invoiceTotals(lines, false);
  const issued = kind !== 'draft';
  const day = `2026-0${1 + index}-10`;
  const at = `${day}T10:00:00.000Z`;
  const actor = { userId: demoUser._id, token: null };
  const invoice = {
    _id: id,
    storeId,
    status: issued ? ('issued' as const) : ('draft' as const),
    number: issued ? `INV-2026-00000${index}` : null,
    customerId: grace._id,
    customer: { name: grace.name, email: grace.email ?? '', address: '1 Compiler Lane', taxId: '' },
    issueDate: issued ? day : null,
    // Due on the seller's 14 days of payment terms: the overdue one's due date long past, the others' far ahead.
    dueDate: issued ? (kind === 'overdue' ? addDays(day, 14) : '2099-12-31') : null,
    currency: { symbol: '$', decimals: 2 },
    pricesIncludeTax: false,
    lines,
    lineTotals: totals.lines,
    totals: { rates: totals.rates, netCents: totals.netCents, taxCents: totals.taxCents, grossCents: totals.grossCents },
    notes: '',
    seller: issued ? { legalName: 'Demo Store Ltd', address: '', taxId: '', bankDetails: '', footerText: '', paymentTermsDays: 14 } : null,
    creditNotes: [] as (typeof mockDb.invoices)[number]['creditNotes'],
    credited: [] as (typeof mockDb.invoices)[number]['credited'],
    creditedCents: 0,
    payments: [] as (typeof mockDb.invoices)[number]['payments'],
    paidCents: kind === 'paid' ? totals.grossCents : 0,
    mails: issued ? [{ status: kind === 'partly_paid_credited' ? ('failed' as const) : ('sent' as const), to: grace.email ?? '', attempts: kind === 'partly_paid_credited' ? 5 : 1, sentAt: kind === 'partly_paid_credited' ? null : at, lastError: kind === 'partly_paid_credited' ? 'Mailbox unavailable' : null }] : [],
    sourceOrderId: null,
    orderLineIds: [],
    version: 1,
    createdAt: at,
    updatedAt: at,
    creator: actor,
    changer: actor,
  };
  if (kind === 'paid') invoice.payments.push({ _id: `${id.slice(0, -2)}f1`, invoiceId: id, amountCents: totals.grossCents, date: day, method: 'card', reference: '', createdAt: at });
  if (kind === 'partly_paid_credited') {
    const taken = creditNoteLines(lines, totals.lines, [], [{ line: 2, quantity: 3 }]);
    if (!('lines' in taken)) throw new Error(taken.message);
    const note = creditNoteTotals(taken.lines, false, { decimals: 2 });
    invoice.creditNotes.push({
      _id: '29000000-0000-4000-8000-0000000000f2',
      number: 'CN-2026-000001',
      invoiceId: id,
      issueDate: day,
      reason: 'Cables not needed',
      lines: taken.lines.map((line, i) => ({ ...line, unitPrice: line.unitPriceCents / 100, netCents: note.lines[i]!.netCents, taxCents: note.lines[i]!.taxCents, grossCents: note.lines[i]!.grossCents })),
      totals: { rates: note.rates, netCents: note.netCents, taxCents: note.taxCents, grossCents: note.grossCents },
      createdAt: at,
    });
    invoice.credited.push(...taken.lines.map((line, i) => ({ line: line.invoiceLine, quantity: line.quantity, amountCents: line.amountCents, ...note.lines[i]! })));
    invoice.creditedCents = note.grossCents;
    invoice.payments.push({ _id: '29000000-0000-4000-8000-0000000000f3', invoiceId: id, amountCents: 50000, date: day, method: 'bank_transfer', reference: 'Transfer 118', createdAt: at });
    invoice.paidCents = 50000;
  }
  mockDb.invoices.push(invoice);
}

/** Seeds the signed-in user's store with Grace Hopper, VAT 20 % and the invoices of `kinds` (the first is DRAFT_ID or ISSUED_ID). */
export function seedInvoices(kinds: readonly Kind[]): void {
  seedCustomers([grace], demoUser._id);
  const [rate] = seedTaxRates([{ name: 'VAT', percent: 20, isDefault: true }], demoUser._id);
  const storeId = storeIdForUser(demoUser._id);
  kinds.forEach((kind, i) => seedInvoice(storeId, rate!, i === 0 ? (kind === 'draft' ? DRAFT_ID : ISSUED_ID) : `29000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, kind, i + 1));
}

/** Story state hook: after `signIn`, the store's invoices of `kinds`. */
export function withInvoices(signIn: StateHook, kinds: readonly Kind[]): StateHook {
  return () => {
    const cleanup = signIn();
    seedInvoices(kinds);
    return cleanup;
  };
}
