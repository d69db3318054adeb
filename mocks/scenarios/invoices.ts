import { BILLING_MESSAGES, type CreditNote, type Invoice, type InvoicePage, MESSAGES, type Payment, SALES_MESSAGES } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { join } from './stores';
import { etagOf, UNKNOWN_UUID } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const INVOICES = '/api/invoices';
const SETTINGS = {
  legalName: 'Byte Shop Ltd',
  address: '12 Market Street\nLeeds',
  taxId: 'GB123456789',
  paymentTermsDays: 14,
  bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
  footerText: 'Thank you.',
  currencySymbol: '£',
  currencyDecimals: 2,
  pricesIncludeTax: false,
};
const ODOO_LINES = [
  { description: 'Widget', quantity: 1, unitPrice: 55.55 },
  { description: 'Gadget', quantity: 1, unitPrice: 11.11 },
];

/** A store with settings, a default 23 % rate and a customer; answers the customer's id and the rate's. */
async function billingStore(client: ScenarioClient, tag: string) {
  await register(client, tag);
  expect((await client.put('/api/stores/active/settings', SETTINGS)).status).toBe(200);
  const rate = await client.post<{ _id: string }>('/api/tax-rates', { name: 'Standard', percent: 23, isDefault: true });
  expect(rate.status).toBe(201);
  const customer = await client.post<{ _id: string }>('/api/customers', { name: 'Grace Hopper', email: 'grace@example.com' });
  expect(customer.status).toBe(201);
  return { customerId: customer.body._id, rateId: rate.body._id };
}

async function issued(client: ScenarioClient, customerId: string, lines: unknown[] = ODOO_LINES): Promise<Invoice> {
  const draft = await client.post<Invoice>(INVOICES, { customerId, lines });
  expect(draft.status).toBe(201);
  const answer = await client.post<Invoice>(`${INVOICES}/${draft.body._id}/issue`);
  expect(answer.status).toBe(200);
  return answer.body;
}

export const invoiceScenarios: Scenario[] = [
  {
    name: 'invoices from an order: what shipped, drafts counted, the order without a customer refused (0044)',
    async run(client) {
      const { customerId, rateId } = await billingStore(client, 'bill-order');
      const order = await client.post<{ _id: string; lines: { _id: string }[] }>('/api/orders', {
        customerId,
        lines: [{ description: 'Widget', quantity: 3, unitPrice: 55.55, taxRateId: rateId }, { description: 'Setup', quantity: 1, unitPrice: 11.11, taxRateId: null }],
      });
      expect(order.status).toBe(201);
      const base = `/api/orders/${order.body._id}`;
      expect((await client.post(`${base}/invoices`, { basis: 'shipped' })).status).toBe(409);
      expect((await client.post(`${base}/shipments`, { lines: [{ lineId: order.body.lines[0]!._id, quantity: 2 }] })).status).toBe(201);
      const draft = await client.post<Invoice>(`${base}/invoices`, { basis: 'shipped' });
      expect(draft.status).toBe(201);
      expect(draft.body.sourceOrderId).toBe(order.body._id);
      expect(draft.body.lines.map((line) => [line.description, line.quantity, line.taxRateId])).toEqual([['Widget', 2, rateId]]);
      const rest = await client.post<Invoice>(`${base}/invoices`, { basis: 'all' });
      expect(rest.body.lines.map((line) => line.quantity)).toEqual([1, 1]);
      const invoicing = await client.get<{ lines: { invoiced: number; toInvoiceAll: number }[]; invoices: unknown[] }>(`${base}/invoicing`);
      expect(invoicing.status).toBe(200);
      expect(invoicing.body.lines.map((line) => [line.invoiced, line.toInvoiceAll])).toEqual([[3, 0], [1, 0]]);
      expect(invoicing.body.invoices).toHaveLength(2);
      const bare = await client.post<{ _id: string }>('/api/orders', { lines: [{ description: 'Cable', quantity: 1, unitPrice: 4 }] });
      expectMessage(await client.post(`/api/orders/${bare.body._id}/invoices`, { basis: 'all' }), 409, BILLING_MESSAGES.orderWithoutCustomer);
    },
  },
  {
    name: 'invoices from an order: a unit returned before it was billed is not billed (0059)',
    async run(client) {
      const { customerId } = await billingStore(client, 'bill-return');
      const order = await client.post<{ _id: string; lines: { _id: string }[] }>('/api/orders', {
        customerId,
        lines: [{ description: 'Dock', quantity: 3, unitPrice: 249, taxRateId: null }, { description: 'Cable', quantity: 1, unitPrice: 12.5, taxRateId: null }],
      });
      expect(order.status).toBe(201);
      const base = `/api/orders/${order.body._id}`;
      const [dock, cable] = order.body.lines;
      expect((await client.post(`${base}/shipments`, { lines: [{ lineId: dock!._id, quantity: 2 }, { lineId: cable!._id, quantity: 1 }] })).status).toBe(201);
      expect((await client.post(`${base}/returns`, { lines: [{ lineId: dock!._id, quantity: 1, reason: 'not_wanted' }, { lineId: cable!._id, quantity: 1, reason: 'damaged' }] })).status).toBe(201);
      const invoicing = await client.get<{ lines: { ordered: number; shipped: number; returned: number; toInvoiceAll: number; toInvoiceShipped: number }[] }>(`${base}/invoicing`);
      expect(invoicing.body.lines.map(({ ordered, shipped, returned, toInvoiceAll, toInvoiceShipped }) => [ordered, shipped, returned, toInvoiceAll, toInvoiceShipped])).toEqual([
        [3, 2, 1, 2, 1],
        [1, 1, 1, 0, 0],
      ]);
      const sent = await client.post<Invoice>(`${base}/invoices`, { basis: 'shipped' });
      expect(sent.status).toBe(201);
      expect(sent.body.lines.map((line) => [line.description, line.quantity])).toEqual([['Dock', 1]]);
      expectMessage(await client.post(`${base}/invoices`, { basis: 'shipped' }), 409, BILLING_MESSAGES.orderNothingShippedToInvoice);
      const rest = await client.post<Invoice>(`${base}/invoices`, { basis: 'all' });
      expect(rest.body.lines.map((line) => [line.description, line.quantity])).toEqual([['Dock', 1]]);
    },
  },
  {
    name: 'invoices: every route answers 401 when signed out',
    async run(client) {
      const one = `${INVOICES}/${UNKNOWN_UUID}`;
      for (const response of [
        await client.get(INVOICES),
        await client.post(INVOICES, { customerId: UNKNOWN_UUID, lines: ODOO_LINES }),
        await client.get(one),
        await client.patch(one, { notes: 'x' }),
        await client.delete(one),
        await client.post(`${one}/issue`),
        await client.post(`${one}/credit-notes`, {}),
        await client.get(`${one}/credit-notes`),
        await client.post(`${one}/payments`, { amountCents: 1, date: '2026-01-01', method: 'cash' }),
        await client.get(`${one}/payments`),
        await client.get(`${one}/pdf`),
        await client.post(`${one}/send`),
        await client.get(`${INVOICES}/numbering`),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'invoices: a draft totals by the one rule (Odoo case 15.33), changes at its version, is deleted; bad input 400',
    async run(client) {
      const { customerId, rateId } = await billingStore(client, 'ines');
      const made = await client.post<Invoice>(INVOICES, { customerId, lines: ODOO_LINES, notes: 'Thanks' });
      expect(made.status).toBe(201);
      expect(etagOf(made)).toMatch(/^"1(-\w+)?"$/);
      expect(made.body).toMatchObject({
        number: null,
        status: 'draft',
        paymentStatus: null,
        customer: { _id: customerId, name: 'Grace Hopper', email: 'grace@example.com' },
        currency: { symbol: '£', decimals: 2 },
        totals: { netCents: 6666, taxCents: 1533, grossCents: 8199, rates: [{ taxRateId: rateId, name: 'Standard', percent: 23, netCents: 6666, taxCents: 1533, grossCents: 8199 }] },
        amountDueCents: 8199,
        notes: 'Thanks',
        seller: null,
        mail: null,
        version: 1,
      });
      expect(made.body.lines.map((line) => [line.unitPrice, line.taxCents, line.taxRate?.name])).toEqual([[55.55, 1278, 'Standard'], [11.11, 255, 'Standard']]);
      const id = made.body._id;
      expectMessage(await client.patch(`${INVOICES}/${id}`, { notes: 'x' }, { headers: { 'if-match': '"9"' } }), 409, MESSAGES.editConflict);
      const changed = await client.patch<Invoice>(`${INVOICES}/${id}`, { lines: [{ description: 'Cable', quantity: 2, unitPrice: 10, discountPercent: 50, taxRateId: null }] }, { headers: { 'if-match': '"1"' } });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ version: 2, totals: { netCents: 1000, taxCents: 0, grossCents: 1000, rates: [{ taxRateId: 'no-tax', name: 'No tax' }] } });
      expect((await client.get<Invoice>(`${INVOICES}/${id}`)).body).toEqual(changed.body);

      expectMessage(await client.post(INVOICES, { customerId, lines: [] }), 400, SALES_MESSAGES.linesRequired);
      expectMessage(await client.post(INVOICES, { customerId: UNKNOWN_UUID, lines: ODOO_LINES }), 404, BILLING_MESSAGES.invoiceCustomerInvalid);
      expectMessage(await client.post(INVOICES, { customerId, lines: [{ description: 'x', quantity: 1, unitPrice: 1, taxRateId: UNKNOWN_UUID }] }), 400, SALES_MESSAGES.onLine(1, SALES_MESSAGES.lineTaxRateUnknown));
      expectMessage(await client.get(`${INVOICES}?limit=500`), 400, MESSAGES.invalidListQuery);
      expectMessage(await client.get(`${INVOICES}/${UNKNOWN_UUID}`), 404, BILLING_MESSAGES.invoiceNotFound);

      const gone = await client.delete(`${INVOICES}/${id}`, { headers: { 'if-match': '"2"' } });
      expect(gone).toMatchObject({ status: 200, body: { message: BILLING_MESSAGES.invoiceDeleted } });
      expectMessage(await client.get(`${INVOICES}/${id}`), 404, BILLING_MESSAGES.invoiceNotFound);
    },
  },
  {
    name: 'invoices: issuing numbers the series; the issued invoice never changes; the list filters and finds by number',
    async run(client) {
      const { customerId } = await billingStore(client, 'ivan');
      const numbering = await client.put(`${INVOICES}/numbering`, { invoicePrefix: 'BS', creditNotePrefix: 'BSC', withYear: false });
      expect(numbering).toMatchObject({ status: 200, body: { invoicePrefix: 'BS', creditNotePrefix: 'BSC', withYear: false } });
      expect((await client.get(`${INVOICES}/numbering`)).body).toEqual(numbering.body);
      const first = await issued(client, customerId);
      expect(first).toMatchObject({ number: 'BS-000001', status: 'issued', paymentStatus: 'unpaid', seller: { legalName: 'Byte Shop Ltd', paymentTermsDays: 14 }, version: 2 });
      expect(Date.parse(`${first.dueDate}T00:00:00Z`) - Date.parse(`${first.issueDate}T00:00:00Z`)).toBe(14 * 86_400_000);
      expectMessage(await client.post(`${INVOICES}/${first._id}/issue`), 409, BILLING_MESSAGES.invoiceAlreadyIssued);
      expectMessage(await client.patch(`${INVOICES}/${first._id}`, { notes: 'x' }), 409, BILLING_MESSAGES.invoiceIssuedLocked);
      expectMessage(await client.delete(`${INVOICES}/${first._id}`), 409, BILLING_MESSAGES.invoiceIssuedLocked);

      // A refused issue takes no number: the next one is 2.
      const other = await client.post<{ _id: string }>('/api/customers', { name: 'Ada' });
      const doomed = await client.post<Invoice>(INVOICES, { customerId: other.body._id, lines: ODOO_LINES });
      expect((await client.delete(`/api/customers/${other.body._id}`)).status).toBe(200);
      expectMessage(await client.post(`${INVOICES}/${doomed.body._id}/issue`), 409, BILLING_MESSAGES.invoiceCustomerGone);
      const second = await issued(client, customerId);
      expect(second.number).toBe('BS-000002');

      const all = await client.get<InvoicePage>(INVOICES);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
      expect(all.body.items.map((item) => item._id)).toEqual([second._id, doomed.body._id, first._id]);
      expect(all.body.items[1]!.customer._id).toBeNull();
      const drafts = await client.get<InvoicePage>(`${INVOICES}?status=draft`);
      expect(drafts.body.items.map((item) => item._id)).toEqual([doomed.body._id]);
      const found = await client.get<InvoicePage>(`${INVOICES}?q=bs-000002`);
      expect(found.body.items.map((item) => item.number)).toEqual(['BS-000002']);
      const mine = await client.get<InvoicePage>(`${INVOICES}?customerId=${customerId}&limit=1&offset=1`);
      expect(mine.body).toMatchObject({ total: 2, items: [{ _id: first._id }] });
    },
  },
  {
    name: 'invoices: credit notes line by line never exceed what is left and reduce what is due; payments set the status',
    async run(client) {
      const { customerId } = await billingStore(client, 'celia');
      const invoice = await issued(client, customerId, [
        { description: 'Widget', quantity: 3, unitPrice: 9.99, discountPercent: 12.5 },
        { description: 'Cable', quantity: 2, unitPrice: 10 },
      ]);
      const path = `${INVOICES}/${invoice._id}`;
      expect(invoice.number).toMatch(/^INV-\d{4}-000001$/);
      const part = await client.post<CreditNote>(`${path}/credit-notes`, { lines: [{ line: 1, quantity: 1 }], reason: 'Broken' });
      expect(part.status).toBe(201);
      expect(part.body).toMatchObject({ number: expect.stringMatching(/^CN-\d{4}-000001$/), invoiceId: invoice._id, reason: 'Broken', lines: [{ invoiceLine: 1, quantity: 1, netCents: 874, taxCents: 201 }], totals: { netCents: 874, taxCents: 201, grossCents: 1075 } });
      expectMessage(await client.post(`${path}/credit-notes`, { lines: [{ line: 1, quantity: 3 }] }), 409, BILLING_MESSAGES.creditTooMuch(1, 2));
      expectMessage(await client.post(`${path}/credit-notes`, { lines: [{ line: 5, quantity: 1 }] }), 400, BILLING_MESSAGES.creditLineUnknown(5));
      const credited = (await client.get<Invoice>(path)).body;
      expect(credited).toMatchObject({ creditedCents: 1075, amountDueCents: invoice.totals.grossCents - 1075, paymentStatus: 'unpaid' });

      expectMessage(await client.post(`${path}/payments`, { amountCents: credited.amountDueCents + 1, date: '2026-03-01', method: 'card' }), 409, BILLING_MESSAGES.paymentTooMuch(`£${((credited.amountDueCents) / 100).toFixed(2)}`));
      expectMessage(await client.post(`${path}/payments`, { amountCents: 100, date: '2026-02-30', method: 'card' }), 400, BILLING_MESSAGES.paymentDateInvalid);
      const paid = await client.post<Payment>(`${path}/payments`, { amountCents: 1000, date: '2026-03-01', method: 'bank_transfer', reference: ' TX1 ' });
      expect(paid).toMatchObject({ status: 201, body: { invoiceId: invoice._id, amountCents: 1000, date: '2026-03-01', method: 'bank_transfer', reference: 'TX1' } });
      expect((await client.get<Invoice>(path)).body.paymentStatus).toBe('partly_paid');
      const partly = await client.get<InvoicePage>(`${INVOICES}?paymentStatus=partly_paid`);
      expect(partly.body.items.map((item) => item._id)).toEqual([invoice._id]);
      expect((await client.get<InvoicePage>(`${INVOICES}?paymentStatus=unpaid`)).body.total).toBe(0);
      expect((await client.post(`${path}/payments`, { amountCents: credited.amountDueCents - 1000, date: '2026-02-01', method: 'cash' })).status).toBe(201);
      expect((await client.get<Invoice>(path)).body).toMatchObject({ paymentStatus: 'paid', amountDueCents: 0 });
      expect((await client.get<InvoicePage>(`${INVOICES}?paymentStatus=paid`)).body.items.map((item) => item._id)).toEqual([invoice._id]);
      expect((await client.get<Payment[]>(`${path}/payments`)).body.map((payment) => payment.date)).toEqual(['2026-02-01', '2026-03-01']);
      expectMessage(await client.post(`${path}/payments`, { amountCents: 1, date: '2026-03-03', method: 'cash' }), 409, BILLING_MESSAGES.paymentNothingDue);

      const rest = await client.post<CreditNote>(`${path}/credit-notes`, {});
      expect(rest.body.lines.map((line) => [line.invoiceLine, line.quantity])).toEqual([[1, 2], [2, 2]]);
      for (const key of ['netCents', 'taxCents', 'grossCents'] as const) expect(part.body.totals[key] + rest.body.totals[key]).toBe(invoice.totals[key]);
      expectMessage(await client.post(`${path}/credit-notes`, {}), 409, BILLING_MESSAGES.creditNothingLeft);
      expect((await client.get<CreditNote[]>(`${path}/credit-notes`)).body.map((note) => note._id)).toEqual([part.body._id, rest.body._id]);

      const draft = await client.post<Invoice>(INVOICES, { customerId, lines: ODOO_LINES });
      expectMessage(await client.post(`${INVOICES}/${draft.body._id}/credit-notes`, {}), 409, BILLING_MESSAGES.invoiceNotIssued);
      expectMessage(await client.post(`${INVOICES}/${draft.body._id}/payments`, { amountCents: 1, date: '2026-03-03', method: 'cash' }), 409, BILLING_MESSAGES.invoiceNotIssued);
    },
  },
  {
    name: 'invoices: the PDF downloads; mailing goes to the customer and shows on the invoice; drafts are not mailed',
    async run(client) {
      const { customerId } = await billingStore(client, 'pablo');
      const invoice = await issued(client, customerId);
      const pdf = await client.get(`${INVOICES}/${invoice._id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
      const sent = await client.post<Invoice>(`${INVOICES}/${invoice._id}/send`);
      expect(sent.status).toBe(200);
      expect(sent.body.mail).toMatchObject({ to: 'grace@example.com', status: expect.stringMatching(/^(pending|sent)$/) });
      const draft = await client.post<Invoice>(INVOICES, { customerId, lines: ODOO_LINES });
      expectMessage(await client.post(`${INVOICES}/${draft.body._id}/send`), 409, BILLING_MESSAGES.invoiceNotIssued);
      expect((await client.get(`${INVOICES}/${draft.body._id}/pdf`)).status).toBe(200);
    },
  },
  {
    name: 'invoices: staff prepare drafts, only owners and managers issue; viewers read',
    async run(owner, ctx) {
      const { customerId } = await billingStore(owner, 'olga');
      const staff = (await join(owner, ctx, 'staff', 'sam')).client;
      const draft = await staff.post<Invoice>(INVOICES, { customerId, lines: ODOO_LINES });
      expect(draft.status).toBe(201);
      expect((await staff.post(`${INVOICES}/${draft.body._id}/issue`)).status).toBe(403);
      const viewer = (await join(owner, ctx, 'viewer', 'vera')).client;
      expect((await viewer.get(`${INVOICES}/${draft.body._id}`)).status).toBe(200);
      expect((await viewer.post(INVOICES, { customerId, lines: ODOO_LINES })).status).toBe(403);
      expect((await staff.put(`${INVOICES}/numbering`, { invoicePrefix: 'X', creditNotePrefix: 'Y', withYear: true })).status).toBe(403);
    },
  },
];
