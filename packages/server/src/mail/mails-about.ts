import type { Db } from '../db';
import type { MailKind, MailStatus } from './outbox';

/** Where one mail stands, without its contents: what a screen shows beside the thing it is about. */
export interface MailRecord {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  createdAt: string;
  /** When it went out; null until then. */
  sentAt: string | null;
  /** For a mail still to go: when it is tried next (or, while it is being sent, when that claim goes stale). */
  nextAttemptAt: string | null;
  /** The last failure, one short line; null when none. */
  lastError: string | null;
}

/** The mails of a store about one of its rows (an invitation, later an invoice), oldest first. */
export async function mailsAbout(db: Db, storeId: string, aboutId: string): Promise<MailRecord[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'created_at', 'sent_at', 'next_attempt_at', 'last_error'])
    .where('store_id', '=', storeId)
    .where('about_id', '=', aboutId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as MailKind,
    to: row.to_address,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? row.next_attempt_at : null,
    lastError: row.last_error,
  }));
}
