import { MESSAGES, reorderShortfall } from '@inventory/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { logFailedPoll } from '../db/failed-poll';
import { writeTransaction } from '../db/write-transaction';
import { escapeHtml } from '../mail/escape-html';
import { oneLine } from '../mail/one-line';
import type { MailQueue } from '../mail/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reorder-point mails (stock/alerts.ts); tests call `flush` instead of waiting for the timer. */
    stockAlerts: StockAlerts;
  }
}

/** How often each process looks for crossings to mail: well within the minute a crossing must be mailed in. */
export const ALERT_INTERVAL_MS = 15_000;
/** A claim whose process died before sending is taken over after this long. */
const CLAIM_TIMEOUT_MS = 2 * 60_000;

class ClaimTakenOver extends Error {}

export interface StockAlertsOptions {
  db: Db;
  mail: MailQueue;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Mails the owners and managers of a store when products cross their reorder point (the ledger queues each crossing
 * in the transaction that caused it: stock/ledger.ts). Every process polls; a crossing is claimed by one atomic
 * UPDATE, and the crossings of a store claimed together make one mail, written to the mail outbox in the transaction
 * that marks them mailed: a process that dies between the two leaves both undone, and the claim is taken over later.
 */
export function createStockAlerts({ db, mail, appUrl, log, now }: StockAlertsOptions) {
  let running: Promise<number> | null = null;

  async function sendPending(): Promise<number> {
    const at = now();
    const stale = new Date(at.getTime() - CLAIM_TIMEOUT_MS).toISOString();
    const claimed = await db
      .updateTable('stock_alerts')
      .set({ claimed_at: at.toISOString() })
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
      .returning(['id', 'store_id', 'product_id', 'quantity', 'reorder_point'])
      .execute();
    if (claimed.length === 0) return 0;

    const byStore = new Map<string, typeof claimed>();
    for (const alert of claimed) byStore.set(alert.store_id, [...(byStore.get(alert.store_id) ?? []), alert]);
    let mails = 0;
    for (const [storeId, alerts] of byStore) {
      const [store, recipients, products] = await Promise.all([
        db.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirst(),
        db
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.email'])
          .where('memberships.store_id', '=', storeId)
          .where('memberships.role', 'in', ['owner', 'manager'])
          .execute(),
        // An archived product is not reordered (0026): its alert goes out with the others' or, alone, not at all.
        db.selectFrom('products').select(['id', 'name', 'sku']).where('id', 'in', alerts.map((alert) => alert.product_id)).where('archived_at', 'is', null).execute(),
      ]);
      const named = new Map(products.map((product) => [product.id, product]));
      const lines = alerts
        .filter((alert) => named.has(alert.product_id))
        .map((alert) => {
          const product = named.get(alert.product_id)!;
          // "Order these"'s rule (0047); what is on order is not on the alert's row, so the mail counts stock alone.
          const order = reorderShortfall(alert.quantity, alert.reorder_point, 0);
          return { text: `${oneLine(product.name)} (${oneLine(product.sku)}): ${alert.quantity} left, reorder point ${alert.reorder_point}; order ${order}`, product };
        });
      const link = `${appUrl}/reorder`;
      const composed =
        store && recipients.length > 0 && lines.length > 0
          ? {
              kind: 'stock_alert' as const,
              storeId,
              to: recipients.map((recipient) => recipient.email).join(', '),
              subject: MESSAGES.lowStockMailSubject(oneLine(store.name), lines.length),
              text: [`Stock is at or below the reorder point in ${oneLine(store.name)}:`, '', ...lines.map((line) => `- ${line.text}`), '', `To reorder: ${link}`].join('\n'),
              html: [
                `<p>Stock is at or below the reorder point in <strong>${escapeHtml(store.name)}</strong>:</p>`,
                `<ul>${lines.map((line) => `<li>${escapeHtml(line.text)}</li>`).join('')}</ul>`,
                `<p><a href="${link}">See what to reorder</a></p>`,
              ].join('\n'),
            }
          : null;
      try {
        await writeTransaction(db, async (trx) => {
          // The mail first: its reference to the store locks the store row before the alerts' rows (db/write-transaction.ts).
          if (composed) await mail.enqueue(trx, composed);
          const marked = await trx
            .updateTable('stock_alerts')
            .set({ sent_at: now().toISOString() })
            .where('id', 'in', alerts.map((alert) => alert.id))
            .where('sent_at', 'is', null)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== alerts.length) throw new ClaimTakenOver();
        });
      } catch (error) {
        // This claim went stale and another process mailed these crossings: neither the mail nor the marks are kept.
        if (error instanceof ClaimTakenOver) continue;
        throw error;
      }
      if (composed) mails += 1;
    }
    if (mails > 0) mail.kick();
    return mails;
  }

  return {
    /** Mail every crossing not mailed yet; resolves with how many mails went to the outbox. One run at a time per process. */
    async flush(): Promise<number> {
      while (running) await running.catch(() => undefined);
      running = sendPending();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    log,
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;

/** Poll while the app runs; the timer stops (and a run in flight finishes) when the app closes. */
export function registerStockAlerts(app: FastifyInstance, alerts: StockAlerts, intervalMs = ALERT_INTERVAL_MS): void {
  app.decorate('stockAlerts', alerts);
  const timer = setInterval(() => {
    alerts.flush().catch((error: unknown) => logFailedPoll(alerts.log, error, intervalMs, 'reorder alerts'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await alerts.flush().catch(() => undefined);
  });
}
