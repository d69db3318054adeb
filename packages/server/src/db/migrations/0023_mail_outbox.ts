import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0023: every mail the app sends is first a row of `mail_outbox`, written in the transaction that causes it,
 * then claimed and sent by one process, retried with backoff (docs/decisions/0036-mail-outbox.md).
 *
 * - `store_id`: the store the mail is of (an invitation, a reorder alert), null for a person's own mail (a password
 *   reset, a contact message); a deleted store takes its mails with it.
 * - `kind` and `about_id`: what made the mail and the row it is about (the invitation, the user whose password is
 *   reset, the contact message), so a screen can show the state of the mails of one thing.
 * - `status`: pending → sending (claimed: `claimed_by`, `claimed_at`) → sent, or back to pending with `attempts`,
 *   `next_attempt_at` and `last_error` after a failure, or failed for good. A claim also moves `next_attempt_at` to
 *   when it goes stale, so one condition (`status in ('pending', 'sending') and next_attempt_at <= now`) finds the
 *   mails due and the claims of processes that died; `mail_outbox_due_idx` answers it.
 * - `expires_at`: a mail not worth sending after then (a reset link that no longer works) fails instead.
 * - The bodies are emptied once a mail is sent or has failed: they carry links that sign people in.
 */
export const mailOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.references('stores.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('about_id', 'text')
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body_text', 'text', (col) => col.notNull())
      .addColumn('body_html', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('mail_outbox_about_idx').on('mail_outbox').columns(['store_id', 'about_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mail_outbox').execute();
  },
};
