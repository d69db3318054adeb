import { DEFAULT_CURRENCY, PURCHASE_MESSAGES, PURCHASE_ORDER_STATUS_LABELS, purchaseOrderMail, type PurchaseOrderStatus } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { MailQueue } from '../../mail/outbox';
import type { StoreContext } from '../../stores/access';
import { purchaseOrderAnswer } from './mapping';

export interface PurchaseOrderMailOptions {
  db: Db;
  mail: MailQueue;
}

/**
 * Mailing a sent purchase order to its supplier (docs/decisions/0042): the contract's text, written to the outbox
 * (0036) in one transaction with nothing else, replies going to the member who sent it. A draft is ordered first; a
 * cancelled order is not mailed; a supplier without an address is told apart (409).
 */
export function createPurchaseOrderMail({ db, mail }: PurchaseOrderMailOptions) {
  return {
    async send(store: StoreContext, id: string): Promise<{ message: string }> {
      const email = await writeTransaction(db, async (trx) => {
        const row = await trx.selectFrom('purchase_orders').selectAll().where('id', '=', id).where('store_id', '=', store.storeId).executeTakeFirst();
        if (!row) throw new HttpError(404, PURCHASE_MESSAGES.notFound);
        const status = row.status as PurchaseOrderStatus;
        if (status === 'draft' || status === 'cancelled') throw new HttpError(409, PURCHASE_MESSAGES.notMailable(PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()));
        const { purchaseOrder } = await purchaseOrderAnswer(trx, row);
        if (purchaseOrder.supplier.email === '') throw new HttpError(409, PURCHASE_MESSAGES.supplierNoEmail(purchaseOrder.supplier.name));
        const [storeRow, settings, links, sender] = await Promise.all([
          trx.selectFrom('stores').select('name').where('id', '=', store.storeId).executeTakeFirstOrThrow(),
          trx.selectFrom('store_settings').select(['currency_symbol', 'currency_decimals']).where('store_id', '=', store.storeId).executeTakeFirst(),
          trx.selectFrom('product_suppliers').select(['product_id', 'part_number']).where('supplier_id', '=', row.supplier_id).execute(),
          trx.selectFrom('users').select('email').where('id', '=', store.actor.userId).executeTakeFirst(),
        ]);
        const currency = settings ? { symbol: settings.currency_symbol, decimals: Number(settings.currency_decimals) } : DEFAULT_CURRENCY;
        const partNumbers = Object.fromEntries(links.map((link) => [link.product_id, link.part_number]));
        const { subject, text } = purchaseOrderMail({ storeName: storeRow.name, currency, order: purchaseOrder, partNumbers });
        await mail.enqueue(trx, { kind: 'purchase_order', storeId: store.storeId, aboutId: id, to: purchaseOrder.supplier.email, ...(sender ? { replyTo: sender.email } : {}), subject, text });
        return purchaseOrder.supplier.email;
      });
      mail.kick();
      return { message: PURCHASE_MESSAGES.mailed(email) };
    },
  };
}

export type PurchaseOrderMail = ReturnType<typeof createPurchaseOrderMail>;
