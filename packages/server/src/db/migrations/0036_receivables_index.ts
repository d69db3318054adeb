import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0036: `invoices_receivable_idx`, what Bill Reports' receivables read (docs/decisions/0045-bill-reports.md):
 * the issued invoices that still owe something, by store, due date and number (binary order, as the report lists
 * them), carrying the issue date and the amounts so each age's total and count are summed from the index alone and
 * each age's first invoices are read in order. Paid invoices leave it, so it holds what is owed, not every invoice.
 * PostgreSQL carries the amounts as INCLUDE columns; SQLite, which has none, as trailing key columns.
 */
export const receivablesIndex: Migration = {
  async up(db: Kysely<unknown>) {
    const owed = sql`where status = 'issued' and gross_cents - credited_cents - paid_cents > 0`;
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`create index invoices_receivable_idx on invoices (store_id, due_date, number_text collate "C")
        include (issue_date, gross_cents, credited_cents, paid_cents) ${owed}`.execute(db);
    else
      await sql`create index invoices_receivable_idx on invoices (store_id, due_date, number_text, issue_date, gross_cents, credited_cents, paid_cents) ${owed}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists invoices_receivable_idx`.execute(db);
  },
};
