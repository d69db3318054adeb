import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** What made a mail; with `aboutId`, the row it is about. */
export type MailKind = 'password_reset' | 'invitation' | 'contact' | 'stock_alert' | 'purchase_order' | 'invoice';

/** pending → sending → sent; or back to pending after a failure; failed when given up (mail/retry-schedule.ts). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A mail to write to the outbox. */
export interface OutboxMail {
  kind: MailKind;
  /** The store the mail is of; omitted for a person's own mail (a reset, a contact message). */
  storeId?: string | null;
  /** The row the mail is about (the invitation, the user, the contact message). */
  aboutId?: string | null;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Not sent after this: it fails instead (a link that no longer works). */
  expiresAt?: Date;
}

/**
 * Write a mail to the outbox in `trx`, the transaction that causes it: committed with what it reports, or rolled back
 * with it, never one without the other. It goes out once a process claims it (mail/outbox-sender.ts); the caller kicks
 * the outbox after the commit so that is at once. Answers the mail's id.
 */
export async function enqueueMail(trx: Kysely<Database>, mail: OutboxMail, at: Date): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('mail_outbox')
    .values({
      id,
      store_id: mail.storeId ?? null,
      kind: mail.kind,
      about_id: mail.aboutId ?? null,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html ?? null,
      status: 'pending' satisfies MailStatus,
      attempts: 0,
      next_attempt_at: at.toISOString(),
      expires_at: mail.expiresAt?.toISOString() ?? null,
      claimed_at: null,
      claimed_by: null,
      sent_at: null,
      last_error: null,
      created_at: at.toISOString(),
    })
    .execute();
  return id;
}

/** What a feature that sends mail needs of the outbox. */
export interface MailQueue {
  /** enqueueMail at the app's clock. */
  enqueue(trx: Kysely<Database>, mail: OutboxMail): Promise<string>;
  /** After the commit that enqueued mail: send what is due now, without waiting for the next poll. */
  kick(): void;
}
