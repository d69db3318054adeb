import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, formatMoneyIn, type Payment, type PaymentCreateBody, paymentRefusal, type PaymentMethod } from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import type { PaymentsTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import { lockInvoice } from './service';

export interface PaymentServiceOptions {
  db: Db;
  now?: () => Date;
}

function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    _id: row.id,
    invoiceId: row.invoice_id,
    amountCents: Number(row.amount_cents),
    date: row.date,
    method: row.method as PaymentMethod,
    reference: row.reference,
    createdAt: row.created_at,
  };
}

/**
 * Payments of an issued invoice (docs/decisions/0043-invoices.md): recorded under the invoice's lock with its
 * `paid_cents` in the same transaction, never more than is due (the contract's paymentRefusal).
 */
export function createPaymentService({ db, now = () => new Date() }: PaymentServiceOptions) {
  return {
    async list(storeId: string, invoiceId: string): Promise<Payment[]> {
      const invoice = await db.selectFrom('invoices').select('id').where('id', '=', invoiceId).where('store_id', '=', storeId).executeTakeFirst();
      if (!invoice) throw new HttpError(404, BILLING_MESSAGES.invoiceNotFound);
      const rows = await db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('date').orderBy('created_at').execute();
      return rows.map(toPayment);
    },

    /** With `remember`, the Idempotency-Key's answer is stored in the same transaction (a retry records nothing twice). */
    async create(store: StoreContext, invoiceId: string, body: PaymentCreateBody, remember?: (trx: Kysely<Database>, made: Payment) => Promise<void>): Promise<Payment> {
      return writeTransaction(db, async (trx) => {
        await lockStore(trx, store.storeId);
        const invoice = await lockInvoice(trx, store.storeId, invoiceId);
        const money = { grossCents: Number(invoice.gross_cents), creditedCents: Number(invoice.credited_cents), paidCents: Number(invoice.paid_cents) };
        const currency = { symbol: invoice.currency_symbol, decimals: Number(invoice.currency_decimals) };
        const refusal = paymentRefusal({ ...money, status: invoice.status as 'draft' | 'issued' }, body.amountCents, (cents) => formatMoneyIn(cents, currency));
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        const row = await trx
          .insertInto('payments')
          .values({
            id: randomUUID(),
            store_id: store.storeId,
            invoice_id: invoiceId,
            amount_cents: body.amountCents,
            date: body.date,
            method: body.method,
            reference: body.reference?.trim() ?? '',
            user_id: store.actor.userId,
            created_by_token: store.actor.tokenId,
            created_at: now().toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.updateTable('invoices').set({ paid_cents: money.paidCents + body.amountCents }).where('id', '=', invoiceId).execute();
        const made = toPayment(row);
        await remember?.(trx, made);
        return made;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
