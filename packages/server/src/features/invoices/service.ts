import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  billingNumber,
  billingSeries,
  dueDateOf,
  type Invoice,
  type InvoiceCreateBody,
  invoiceCustomerRefusal,
  type InvoiceLine,
  type InvoiceListQuery,
  type InvoicePage,
  invoiceTotals,
  type InvoiceUpdateBody,
  isoDate,
  type PaymentStatus,
} from '@inventory/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database, Db } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { nextSeriesNumber } from '../../db/sequences';
import { writeTransaction } from '../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import { mailsAbout } from '../../mail/mails-about';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy, createdBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';
import { resolveLines } from './lines';
import { type CustomerSnapshot, type InvoiceRow, type KeptTotals, lineColumns, mailState, toInvoiceLine, toInvoiceSummary, toLineAnswer } from './mapping';
import { billingNumbering, documentSettings, type DocumentSettings } from './store-documents';

export interface InvoiceServiceOptions {
  db: Db;
  now?: () => Date;
}

/** What a draft is made of: for a customer, lines, notes, and from an order the order and each line's order line. */
export interface DraftInput {
  customerId: string;
  lines: Parameters<typeof resolveLines>[2];
  notes: string;
  sourceOrderId: string | null;
  orderLineIds?: readonly (string | null)[];
}

export interface VersionedInvoice {
  invoice: Invoice;
  version: number;
}

const notFound = () => new HttpError(404, BILLING_MESSAGES.invoiceNotFound);

/** The contract's paymentStatusOf as a condition on the rows, on `today` (what is due: gross − credited − paid). */
function paymentStatusCondition(status: PaymentStatus, today: string) {
  const due = sql<number>`gross_cents - credited_cents - paid_cents`;
  return (eb: ExpressionBuilder<Database, 'invoices'>) => {
    const issued = eb('status', '=', 'issued');
    if (status === 'paid') return eb.and([issued, eb(due, '<=', 0)]);
    if (status === 'overdue') return eb.and([issued, eb(due, '>', 0), eb('due_date', '<', today)]);
    return eb.and([issued, eb(due, '>', 0), eb('due_date', '>=', today), eb('paid_cents', status === 'partly_paid' ? '>' : '=', 0)]);
  };
}

/** In a write transaction: the invoice of the store, locked (`for update` on PostgreSQL), or 404. */
export async function lockInvoice(trx: Kysely<Database>, storeId: string, id: string): Promise<InvoiceRow> {
  let query = trx.selectFrom('invoices').selectAll().where('id', '=', id).where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The customer an invoice is for: one of the store's, not archived (held `for key share` on PostgreSQL). */
async function customerFor(trx: Kysely<Database>, storeId: string, customerId: string): Promise<CustomerSnapshot> {
  let query = trx
    .selectFrom('customers')
    .select(['name', 'email', 'billing_address', 'tax_id', 'archived_at'])
    .where('id', '=', customerId)
    .where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forKeyShare();
  const customer = await query.executeTakeFirst();
  const refusal = invoiceCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archived_at } : null);
  if (refusal) throw new HttpError(refusal.status, refusal.message);
  return { name: customer!.name, email: customer!.email, address: customer!.billing_address, taxId: customer!.tax_id };
}

/** The kept totals and each line's columns, by the one rounding rule (contract invoiceTotals). */
function computed(lines: InvoiceLine[], settings: Pick<DocumentSettings, 'pricesIncludeTax' | 'currencyDecimals'>) {
  let totals;
  try {
    totals = invoiceTotals(lines, settings.pricesIncludeTax, { decimals: settings.currencyDecimals });
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(400, BILLING_MESSAGES.invoiceTotalTooHigh);
    throw error;
  }
  const kept: KeptTotals = { rates: totals.rates, netCents: totals.netCents, taxCents: totals.taxCents, grossCents: totals.grossCents };
  return {
    kept,
    columns: { net_cents: totals.netCents, tax_cents: totals.taxCents, gross_cents: totals.grossCents, totals: JSON.stringify(kept) },
    lineRows: lines.map((line, i) => lineColumns(line, i, totals.lines[i]!)),
  };
}

/**
 * Invoices by hand (docs/decisions/0043-invoices.md): drafts that change freely, issued with the next number of the
 * store's series in the issuing transaction, never changed afterwards. An invoice from an order will be made by
 * `createFromLines` with the order's lines and its `source_order_id`.
 */
export function createInvoiceService({ db, now = () => new Date() }: InvoiceServiceOptions) {
  async function answer(reader: Kysely<Database>, row: InvoiceRow): Promise<VersionedInvoice> {
    const [lines, mails, audit] = await Promise.all([
      reader.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', row.id).orderBy('position').execute(),
      mailsAbout(reader as Db, row.store_id, row.id),
      auditOf(reader, row),
    ]);
    const summary = toInvoiceSummary(row, isoDate(now()), mailState(mails));
    return { invoice: { ...summary, lines: lines.map(toLineAnswer), ...audit }, version: Number(row.version) };
  }

  /** The lines written again in order; `orderLineIds[i]` is the order line line i bills (0044), null by hand. */
  async function writeLines(trx: Kysely<Database>, invoiceId: string, lineRows: ReturnType<typeof computed>['lineRows'], orderLineIds: readonly (string | null)[] = []) {
    await trx.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
    if (lineRows.length > 0)
      await trx.insertInto('invoice_lines').values(lineRows.map((line, i) => ({ ...line, invoice_id: invoiceId, order_line_id: orderLineIds[i] ?? null }))).execute();
  }

  /**
   * A draft of `lines` for a customer. From an order (0044), `input` is a function run in the transaction right after
   * the store's lock: it locks the order, decides what is left to invoice and names each line's order line, so two
   * drafts of the same order queue on the order's row and the second sees the first's lines.
   */
  async function createFromLines(store: StoreContext, input: DraftInput | ((trx: Kysely<Database>) => Promise<DraftInput>)) {
    const at = now();
    return writeTransaction(db, async (trx) => {
      await lockStore(trx, store.storeId);
      const draft = typeof input === 'function' ? await input(trx) : input;
      const customer = await customerFor(trx, store.storeId, draft.customerId);
      const settings = await documentSettings(trx, store.storeId);
      const lines = await resolveLines(trx, store.storeId, draft.lines);
      const { columns, lineRows } = computed(lines, settings);
      const row = await trx
        .insertInto('invoices')
        .values({
          id: randomUUID(),
          store_id: store.storeId,
          customer_id: draft.customerId,
          customer: JSON.stringify(customer),
          status: 'draft',
          number: null,
          number_series: null,
          number_text: null,
          issue_date: null,
          due_date: null,
          currency_symbol: settings.currencySymbol,
          currency_decimals: settings.currencyDecimals,
          prices_include_tax: settings.pricesIncludeTax ? 1 : 0,
          seller: null,
          notes: draft.notes,
          source_order_id: draft.sourceOrderId,
          issued_at: null,
          ...columns,
          ...createdBy(store.actor, at),
          version: 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeLines(trx, row.id, lineRows, draft.orderLineIds);
      return answer(trx, row);
    });
  }

  return {
    createFromLines,

    async create(store: StoreContext, body: InvoiceCreateBody): Promise<VersionedInvoice> {
      return createFromLines(store, { customerId: body.customerId, lines: body.lines, notes: body.notes ?? '', sourceOrderId: null });
    },

    async get(storeId: string, id: string): Promise<VersionedInvoice> {
      const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!row) throw notFound();
      return answer(db, row);
    },

    /** Newest first; by status, customer, or part of the number. */
    async list(storeId: string, query: InvoiceListQuery): Promise<InvoicePage> {
      let rows = db.selectFrom('invoices').where('store_id', '=', storeId);
      if (query.status) rows = rows.where('status', '=', query.status);
      if (query.customerId) rows = rows.where('customer_id', '=', query.customerId);
      if (query.credited) rows = rows.where('credited_cents', '>', 0);
      if (query.paymentStatus) rows = rows.where(paymentStatusCondition(query.paymentStatus, isoDate(now())));
      // Numbers are letters, digits and dashes only, so nothing else of the search can match (and no LIKE wildcard passes).
      const q = (query.q ?? '').toUpperCase().replace(/[^A-Z0-9-]/g, '');
      if (q !== '') rows = rows.where(sql<string>`upper(number_text)`, 'like', `%${q}%`);
      const [items, count] = await Promise.all([
        rows.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
        rows.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const today = isoDate(now());
      const mails = await lastMails(storeId, items.map((row) => row.id));
      return {
        items: items.map((row) => toInvoiceSummary(row, today, mails.get(row.id) ?? null)),
        total: Number(count.n),
        limit: query.limit,
        offset: query.offset,
      };
    },

    /** A draft's customer, lines or notes, at the version read (If-Match); an issued invoice never changes (409). */
    async update(store: StoreContext, id: string, body: InvoiceUpdateBody, ifMatch: IfMatch): Promise<VersionedInvoice> {
      return writeTransaction(db, async (trx) => {
        await lockStore(trx, store.storeId);
        const row = await lockInvoice(trx, store.storeId, id);
        if (row.status !== 'draft') throw new HttpError(409, BILLING_MESSAGES.invoiceIssuedLocked);
        checkIfMatch(ifMatch, Number(row.version));
        if (body.lines !== undefined && row.source_order_id !== null) throw new HttpError(409, BILLING_MESSAGES.invoiceFromOrderLinesLocked);
        const customer = body.customerId === undefined ? null : await customerFor(trx, store.storeId, body.customerId);
        const settings = await documentSettings(trx, store.storeId);
        const kept = body.lines === undefined ? await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position').execute() : [];
        const lines = body.lines === undefined ? kept.map(toInvoiceLine) : await resolveLines(trx, store.storeId, body.lines);
        const { columns, lineRows } = computed(lines, settings);
        const written = await trx
          .updateTable('invoices')
          .set({
            ...(customer ? { customer_id: body.customerId!, customer: JSON.stringify(customer) } : {}),
            ...(body.notes === undefined ? {} : { notes: body.notes }),
            currency_symbol: settings.currencySymbol,
            currency_decimals: settings.currencyDecimals,
            prices_include_tax: settings.pricesIncludeTax ? 1 : 0,
            ...columns,
            ...changedBy(store.actor, now()),
            version: Number(row.version) + 1,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeLines(trx, id, lineRows, kept.map((line) => line.order_line_id));
        return answer(trx, written);
      });
    },

    /** A draft is deleted; an issued invoice stays (409): a credit note cancels it. */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<void> {
      await writeTransaction(db, async (trx) => {
        await lockStore(trx, store.storeId);
        const row = await lockInvoice(trx, store.storeId, id);
        if (row.status !== 'draft') throw new HttpError(409, BILLING_MESSAGES.invoiceIssuedLocked);
        checkIfMatch(ifMatch, Number(row.version));
        await trx.deleteFrom('invoices').where('id', '=', id).execute();
      });
    },

    /**
     * Issue a draft: the next number of the store's series is taken FIRST in the transaction (the lock order of
     * db/sequences.ts), then the invoice and its customer are checked and the invoice is written with its number, dates,
     * the store's details as printed and its totals. Anything refused after the number rolls it back with the rest, so
     * a failed issue consumes no number.
     */
    async issue(store: StoreContext, id: string, ifMatch: IfMatch): Promise<VersionedInvoice> {
      return writeTransaction(db, async (trx) => {
        const at = now();
        const issueDate = isoDate(at);
        const year = at.getUTCFullYear();
        const numbering = await billingNumbering(trx, store.storeId);
        const series = billingSeries('invoice', numbering.withYear, year) as 'invoice' | `invoice:${number}`;
        const number = await nextSeriesNumber(trx, store.storeId, series);
        await lockStore(trx, store.storeId);
        const row = await lockInvoice(trx, store.storeId, id);
        if (row.status !== 'draft') throw new HttpError(409, BILLING_MESSAGES.invoiceAlreadyIssued);
        checkIfMatch(ifMatch, Number(row.version));
        if (row.customer_id === null) throw new HttpError(409, BILLING_MESSAGES.invoiceCustomerGone);
        const customer = await customerFor(trx, store.storeId, row.customer_id);
        const kept = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position').execute();
        const lines = kept.map(toInvoiceLine);
        if (lines.length === 0) throw new HttpError(409, BILLING_MESSAGES.invoiceLinesRequired);
        const settings = await documentSettings(trx, store.storeId);
        const { columns, lineRows } = computed(lines, settings);
        const { currencySymbol, currencyDecimals, pricesIncludeTax, ...seller } = settings;
        const written = await trx
          .updateTable('invoices')
          .set({
            status: 'issued',
            number,
            number_series: series,
            number_text: billingNumber(numbering.invoicePrefix, numbering.withYear ? year : null, number),
            issue_date: issueDate,
            due_date: dueDateOf(issueDate, settings.paymentTermsDays),
            customer: JSON.stringify(customer),
            currency_symbol: currencySymbol,
            currency_decimals: currencyDecimals,
            prices_include_tax: pricesIncludeTax ? 1 : 0,
            seller: JSON.stringify(seller),
            issued_at: at.toISOString(),
            ...columns,
            ...changedBy(store.actor, at),
            version: Number(row.version) + 1,
          })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeLines(trx, id, lineRows, kept.map((line) => line.order_line_id));
        return answer(trx, written);
      });
    },
  };

  /** The last mail of each invoice of `ids`. */
  async function lastMails(storeId: string, ids: string[]): Promise<Map<string, Invoice['mail']>> {
    const byInvoice = new Map<string, Invoice['mail']>();
    if (ids.length === 0) return byInvoice;
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['about_id', 'to_address', 'status', 'attempts', 'sent_at', 'last_error'])
      .where('store_id', '=', storeId)
      .where('about_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows)
      byInvoice.set(row.about_id!, {
        status: row.status === 'sending' ? 'pending' : (row.status as 'pending' | 'sent' | 'failed'),
        to: row.to_address,
        attempts: row.attempts,
        sentAt: row.sent_at,
        lastError: row.last_error,
      });
    return byInvoice;
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
