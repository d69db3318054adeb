import { BILLING_MESSAGES, formatMoneyIn } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { MailAttachment } from '../../mail';
import { oneLine } from '../../mail/one-line';
import type { MailQueue } from '../../mail/outbox';
import type { StoreContext } from '../../stores/access';
import { lockStore } from '../../stores/lock-store';
import type { UploadStore } from '../../uploads/store';
import type { CustomerSnapshot } from './mapping';
import { invoiceLayout } from './pdf-layout';
import type { PdfPool } from '../../pdf/pool';
import { lockInvoice, type InvoiceService, type VersionedInvoice } from './service';

export interface InvoiceDocumentsOptions {
  db: Db;
  invoices: InvoiceService;
  pdfs: PdfPool;
  uploads: UploadStore;
  mail: MailQueue;
}

/** The file name an invoice's PDF is given: its number, or "draft-invoice". */
export const pdfFileName = (number: string | null) => `${number ?? 'draft-invoice'}.pdf`;

/**
 * PDFs being made at once, reads included: the rest wait their turn before touching the database. Fifty at once
 * otherwise hold the pool's connections with their reads and the lists queue behind them (the product pages' p99 was
 * 175 ms on PostgreSQL with the drawing already off the thread).
 */
const PDFS_AT_ONCE = 2;

/** Runs `work` when fewer than `limit` others run. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** An invoice's PDF (drawn by the worker pool) and its mail to the customer through the outbox. */
export function createInvoiceDocuments({ db, invoices, pdfs, uploads, mail }: InvoiceDocumentsOptions) {
  const inTurn = limiter(PDFS_AT_ONCE);

  function pdf(storeId: string, id: string): Promise<{ bytes: Buffer; fileName: string }> {
    return inTurn(() => makePdf(storeId, id));
  }

  async function makePdf(storeId: string, id: string): Promise<{ bytes: Buffer; fileName: string }> {
    const { invoice } = await invoices.get(storeId, id);
    const row = await db.selectFrom('invoices').select(['customer', 'seller']).where('id', '=', id).executeTakeFirstOrThrow();
    const customer = JSON.parse(row.customer) as CustomerSnapshot;
    // The logo printed is the one the store had at issue (a draft: the one it has now), when it is still stored.
    const logoName = row.seller === null ? (await db.selectFrom('store_settings').select('logo_upload').where('store_id', '=', storeId).executeTakeFirst())?.logo_upload : (JSON.parse(row.seller) as { logoUpload?: string | null }).logoUpload;
    const logo = logoName ? await uploads.get(logoName).catch(() => null) : null;
    const bytes = await pdfs.render(invoiceLayout(invoice, customer, logo ? new Uint8Array(logo.bytes) : null));
    return { bytes, fileName: pdfFileName(invoice.number) };
  }

  return {
    pdf,

    /** The PDF a mail of kind `invoice` carries (mail/outbox-sender.ts asks when it sends it). */
    async attachments({ storeId, aboutId }: { storeId: string | null; aboutId: string | null }): Promise<MailAttachment[]> {
      if (storeId === null || aboutId === null) return [];
      const { bytes, fileName } = await pdf(storeId, aboutId);
      return [{ filename: fileName, contentType: 'application/pdf', content: bytes }];
    },

    /**
     * Mail an issued invoice to its customer: the mail is written to the outbox in this transaction (0036) and sent
     * by whichever process claims it, the PDF made then. The invoice answers the mail's state (pending, sent, failed).
     */
    async send(store: StoreContext, id: string): Promise<VersionedInvoice> {
      await writeTransaction(db, async (trx) => {
        await lockStore(trx, store.storeId);
        const row = await lockInvoice(trx, store.storeId, id);
        if (row.status !== 'issued') throw new HttpError(409, BILLING_MESSAGES.invoiceNotIssued);
        const customer = JSON.parse(row.customer) as CustomerSnapshot;
        if (customer.email.trim() === '') throw new HttpError(409, BILLING_MESSAGES.invoiceNoEmail);
        const seller = JSON.parse(row.seller ?? '{}') as { legalName?: string; bankDetails?: string };
        const storeRow = await trx.selectFrom('stores').select('name').where('id', '=', store.storeId).executeTakeFirstOrThrow();
        const from = oneLine(seller.legalName || storeRow.name);
        const amount = formatMoneyIn(Number(row.gross_cents), { symbol: row.currency_symbol, decimals: Number(row.currency_decimals) });
        await mail.enqueue(trx, {
          kind: 'invoice',
          storeId: store.storeId,
          aboutId: id,
          to: customer.email,
          subject: `Invoice ${row.number_text} from ${from}`,
          text: [
            `Dear ${oneLine(customer.name)},`,
            '',
            `Please find attached invoice ${row.number_text} of ${row.issue_date} for ${amount}, due on ${row.due_date}.`,
            ...(seller.bankDetails ? ['', 'Please pay to:', seller.bankDetails] : []),
            '',
            from,
          ].join('\n'),
        });
      });
      mail.kick();
      return invoices.get(store.storeId, id);
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;
