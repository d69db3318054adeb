import type { Kysely, Migration } from 'kysely';

/** Migration 0003: the `rate_limits` counters every server process shares (SQLite file on one machine, PostgreSQL across machines). */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('window_start', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_limits_pkey', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limits_expires_at_idx').on('rate_limits').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
