import {
  DEFAULT_CURRENCY,
  type PurchaseOrder,
  PURCHASE_MESSAGES,
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrderMail,
  type PurchaseOrderStatus,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import type { PurchaseOrdersTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { MailQueue } from '../../mail/outbox';
import type { PdfPool } from '../../pdf/pool';
import type { StoreContext } from '../../stores/access';
import type { UploadStore } from '../../uploads/store';
import { purchaseOrderAnswer } from './mapping';
import { purchaseOrderLayout } from './pdf-layout';

export interface PurchaseOrderMailOptions {
  db: Db;
  mail: MailQueue;
  /** Draws the PDF off the request thread (shared with invoices). */
  pdfs: PdfPool;
  /** Where the store's logo is kept. */
  uploads: UploadStore;
}

interface SupplierDocument {
  purchaseOrder: PurchaseOrder;
  subject: string;
  text: string;
  partNumbers: Record<string, string>;
  currency: { symbol: string; decimals: number };
  storeName: string;
}

/** The order as its supplier reads it (the contract's purchaseOrderMail): in the store's name and currency, their part numbers. */
async function supplierDocument(reader: Kysely<Database>, storeId: string, row: Selectable<PurchaseOrdersTable>): Promise<SupplierDocument> {
  const [{ purchaseOrder }, storeRow, settings, links] = await Promise.all([
    purchaseOrderAnswer(reader, row),
    reader.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirstOrThrow(),
    reader.selectFrom('store_settings').select(['currency_symbol', 'currency_decimals']).where('store_id', '=', storeId).executeTakeFirst(),
    reader.selectFrom('product_suppliers').select(['product_id', 'part_number']).where('supplier_id', '=', row.supplier_id).execute(),
  ]);
  const currency = settings ? { symbol: settings.currency_symbol, decimals: Number(settings.currency_decimals) } : DEFAULT_CURRENCY;
  const partNumbers = Object.fromEntries(links.map((link) => [link.product_id, link.part_number]));
  return { purchaseOrder, partNumbers, currency, storeName: storeRow.name, ...purchaseOrderMail({ storeName: storeRow.name, currency, order: purchaseOrder, partNumbers }) };
}

/**
 * Mailing a sent purchase order to its supplier (docs/decisions/0042): the contract's text, written to the outbox
 * (0036) in one transaction with nothing else, replies going to the member who sent it. A draft is ordered first; a
 * cancelled order is not mailed; a supplier without an address is told apart (409).
 */
export function createPurchaseOrderMail({ db, mail, pdfs, uploads }: PurchaseOrderMailOptions) {
  return {
    async send(store: StoreContext, id: string): Promise<{ message: string }> {
      const email = await writeTransaction(db, async (trx) => {
        const row = await trx.selectFrom('purchase_orders').selectAll().where('id', '=', id).where('store_id', '=', store.storeId).executeTakeFirst();
        if (!row) throw new HttpError(404, PURCHASE_MESSAGES.notFound);
        const status = row.status as PurchaseOrderStatus;
        if (status === 'draft' || status === 'cancelled') throw new HttpError(409, PURCHASE_MESSAGES.notMailable(PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()));
        const { purchaseOrder, subject, text } = await supplierDocument(trx, store.storeId, row);
        if (purchaseOrder.supplier.email === '') throw new HttpError(409, PURCHASE_MESSAGES.supplierNoEmail(purchaseOrder.supplier.name));
        const sender = await trx.selectFrom('users').select('email').where('id', '=', store.actor.userId).executeTakeFirst();
        await mail.enqueue(trx, { kind: 'purchase_order', storeId: store.storeId, aboutId: id, to: purchaseOrder.supplier.email, ...(sender ? { replyTo: sender.email } : {}), subject, text });
        return purchaseOrder.supplier.email;
      });
      mail.kick();
      return { message: PURCHASE_MESSAGES.mailed(email) };
    },

    /** The order as a PDF (pdfkit, off the request thread), any status (a draft to check before sending it), and its file name. */
    async pdf(storeId: string, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = await db.selectFrom('purchase_orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!row) throw new HttpError(404, PURCHASE_MESSAGES.notFound);
      const [{ purchaseOrder, partNumbers, currency, storeName }, settings, supplier] = await Promise.all([
        supplierDocument(db, storeId, row),
        db.selectFrom('store_settings').select(['legal_name', 'address', 'tax_id', 'footer_text', 'logo_upload']).where('store_id', '=', storeId).executeTakeFirst(),
        db.selectFrom('suppliers').select('address').where('id', '=', row.supplier_id).executeTakeFirst(),
      ]);
      const logo = settings?.logo_upload ? await uploads.get(settings.logo_upload).catch(() => null) : null;
      const bytes = await pdfs.render(
        purchaseOrderLayout(purchaseOrder, {
          store: { name: storeName, legalName: settings?.legal_name ?? '', address: settings?.address ?? '', taxId: settings?.tax_id ?? '', footerText: settings?.footer_text ?? '' },
          supplierAddress: supplier?.address ?? '',
          currency,
          partNumbers,
          logo: logo ? new Uint8Array(logo.bytes) : null,
        }),
      );
      return { bytes, fileName: `${purchaseOrder.reference}.pdf` };
    },
  };
}

export type PurchaseOrderMail = ReturnType<typeof createPurchaseOrderMail>;
