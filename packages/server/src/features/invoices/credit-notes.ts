import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  billingNumber,
  billingSeries,
  type CreditNote,
  type CreditNoteCreateBody,
  creditNoteLines,
  creditNoteTotals,
  isoDate,
  NO_TAX_RATE,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import { nextSeriesNumber } from '../../db/sequences';
import type { CreditNoteLinesTable, CreditNotesTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { createdBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';
import { type KeptTotals, lineColumns, toInvoiceLine, toLineAnswer } from './mapping';
import { lockInvoice } from './service';
import { billingNumbering } from './store-documents';

export interface CreditNoteServiceOptions {
  db: Db;
  now?: () => Date;
}

function toCreditNote(row: Selectable<CreditNotesTable>, lines: Selectable<CreditNoteLinesTable>[]): CreditNote {
  return {
    _id: row.id,
    number: row.number_text,
    invoiceId: row.invoice_id,
    issueDate: row.issue_date,
    reason: row.reason,
    lines: lines.map((line) => ({ ...toLineAnswer(line), invoiceLine: Number(line.invoice_line) })),
    totals: { ...(JSON.parse(row.totals) as KeptTotals), netCents: Number(row.net_cents), taxCents: Number(row.tax_cents), grossCents: Number(row.gross_cents) },
    createdAt: row.created_at,
  };
}

/**
 * Credit notes (docs/decisions/0043-invoices.md): of an issued invoice, in whole or line by line, never more than
 * each line came to less what earlier notes took (the contract's creditNoteLines); their own series, its number taken
 * first in the transaction as an invoice's. The invoice's `credited_cents` follows in the same transaction.
 */
export function createCreditNoteService({ db, now = () => new Date() }: CreditNoteServiceOptions) {
  async function linesOf(reader: Kysely<Database>, ids: string[]) {
    if (ids.length === 0) return [];
    return reader.selectFrom('credit_note_lines').selectAll().where('credit_note_id', 'in', ids).orderBy('credit_note_id').orderBy('position').execute();
  }

  return {
    async list(storeId: string, invoiceId: string): Promise<CreditNote[]> {
      const invoice = await db.selectFrom('invoices').select('id').where('id', '=', invoiceId).where('store_id', '=', storeId).executeTakeFirst();
      if (!invoice) throw new HttpError(404, BILLING_MESSAGES.invoiceNotFound);
      const notes = await db.selectFrom('credit_notes').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('number').execute();
      const lines = await linesOf(db, notes.map((note) => note.id));
      return notes.map((note) => toCreditNote(note, lines.filter((line) => line.credit_note_id === note.id)));
    },

    /** With `remember`, the Idempotency-Key's answer is stored in the same transaction (a retry credits nothing twice). */
    async create(store: StoreContext, invoiceId: string, body: CreditNoteCreateBody, remember?: (trx: Kysely<Database>, made: CreditNote) => Promise<void>): Promise<CreditNote> {
      return writeTransaction(db, async (trx) => {
        const at = now();
        const year = at.getUTCFullYear();
        const numbering = await billingNumbering(trx, store.storeId);
        const series = billingSeries('credit_note', numbering.withYear, year) as 'credit_note' | `credit_note:${number}`;
        const number = await nextSeriesNumber(trx, store.storeId, series);
        await lockStore(trx, store.storeId);
        const invoice = await lockInvoice(trx, store.storeId, invoiceId);
        if (invoice.status !== 'issued') throw new HttpError(409, BILLING_MESSAGES.invoiceNotIssued);
        const lineRowsOfInvoice = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();
        const invoiceLines = lineRowsOfInvoice.map(toInvoiceLine);
        const invoiceLineTotals = lineRowsOfInvoice.map((row, i) => ({
          taxRateId: invoiceLines[i]!.taxRateId ?? NO_TAX_RATE._id,
          netCents: Number(row.net_cents),
          taxCents: Number(row.tax_cents),
          grossCents: Number(row.gross_cents),
        }));
        const earlier = await trx
          .selectFrom('credit_note_lines')
          .innerJoin('credit_notes', 'credit_notes.id', 'credit_note_lines.credit_note_id')
          .select([
            'credit_note_lines.invoice_line',
            'credit_note_lines.quantity',
            'credit_note_lines.amount_cents',
            'credit_note_lines.net_cents',
            'credit_note_lines.tax_cents',
            'credit_note_lines.gross_cents',
          ])
          .where('credit_notes.invoice_id', '=', invoiceId)
          .execute();
        const credited = earlier.map((line) => ({
          line: Number(line.invoice_line),
          quantity: Number(line.quantity),
          amountCents: Number(line.amount_cents),
          netCents: Number(line.net_cents),
          taxCents: Number(line.tax_cents),
          grossCents: Number(line.gross_cents),
        }));
        const taken = creditNoteLines(invoiceLines, invoiceLineTotals, credited, body.lines ?? null);
        if ('message' in taken) throw new HttpError(taken.status, taken.message);
        const pricesIncludeTax = Number(invoice.prices_include_tax) === 1;
        const totals = creditNoteTotals(taken.lines, pricesIncludeTax, { decimals: Number(invoice.currency_decimals) });
        const kept: KeptTotals = { rates: totals.rates, netCents: totals.netCents, taxCents: totals.taxCents, grossCents: totals.grossCents };
        // Exact by creditNoteLines; the cap only guards against a line of a fraction of a cent credited in parts.
        const creditedCents = Math.min(Number(invoice.gross_cents), Number(invoice.credited_cents) + totals.grossCents);
        const note = await trx
          .insertInto('credit_notes')
          .values({
            id: randomUUID(),
            store_id: store.storeId,
            invoice_id: invoiceId,
            number,
            number_series: series,
            number_text: billingNumber(numbering.creditNotePrefix, numbering.withYear ? year : null, number),
            issue_date: isoDate(at),
            reason: body.reason?.trim() ?? '',
            totals: JSON.stringify(kept),
            net_cents: totals.netCents,
            tax_cents: totals.taxCents,
            gross_cents: totals.grossCents,
            user_id: store.actor.userId,
            created_by_token: store.actor.tokenId,
            created_at: createdBy(store.actor, at).created_at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const lineRows = taken.lines.map((line, i) => ({
          ...lineColumns(line, i, totals.lines[i]!),
          credit_note_id: note.id,
          invoice_line: line.invoiceLine,
          amount_cents: line.amountCents,
        }));
        await trx.insertInto('credit_note_lines').values(lineRows).execute();
        await trx.updateTable('invoices').set({ credited_cents: creditedCents }).where('id', '=', invoiceId).execute();
        const made = toCreditNote(note, await linesOf(trx, [note.id]));
        await remember?.(trx, made);
        return made;
      });
    },
  };
}

export type CreditNoteService = ReturnType<typeof createCreditNoteService>;
