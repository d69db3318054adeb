import type { BillingNumbering } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import { billingNumbering } from './store-documents';

/**
 * A store's numbering of invoices and credit notes: prefixes, and the year in the number or not. A change applies to
 * the next number; numbers already given stay as printed, and the series (per year or not) decides what comes next.
 */
export function createNumberingService({ db }: { db: Db }) {
  return {
    get: (storeId: string) => billingNumbering(db, storeId),
    async put(store: StoreContext, body: BillingNumbering): Promise<BillingNumbering> {
      const values = { invoice_prefix: body.invoicePrefix, credit_note_prefix: body.creditNotePrefix, with_year: body.withYear ? 1 : 0 };
      await writeTransaction(db, async (trx) => {
        await lockStore(trx, store.storeId);
        await trx
          .insertInto('billing_numbering')
          .values({ store_id: store.storeId, ...values })
          .onConflict((conflict) => conflict.column('store_id').doUpdateSet(values))
          .execute();
      });
      return billingNumbering(db, store.storeId);
    },
  };
}

export type NumberingService = ReturnType<typeof createNumberingService>;
