import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0004: `catalogue_versions`, one row per user with a counter for each list (products, orders) that moves
 * on every insert, update and delete of that user's rows, and a random `epoch` made with the row.
 *
 * The counters are bumped by triggers, so every writer — the services, several server processes, restore, seeding
 * scripts, hand-written SQL — bumps them in the same transaction as its write, and a list cached in any process is
 * checked against the database with one primary-key read (src/list-cache.ts). The row is made by a
 * trigger on users (and here for the users that exist already); deleting the user deletes it (cascade). The epoch
 * keeps a restored database (whose counters start again) from naming an older list with a tag seen before.
 */
export const catalogueVersions: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('catalogue_versions')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('epoch', 'text', (col) => col.notNull())
      .addColumn('products', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    if (postgres) {
      const epoch = sql`substr(md5(random()::text || clock_timestamp()::text), 1, 12)`;
      await sql`insert into catalogue_versions (user_id, epoch, products, orders) select id, ${epoch}, 0, 0 from users`.execute(db);
      await sql`
        create or replace function catalogue_versions_user_created() returns trigger language plpgsql as $$
        begin
          insert into catalogue_versions (user_id, epoch, products, orders)
          values (new.id, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0, 0)
          on conflict (user_id) do nothing;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger catalogue_versions_user_created after insert on users
        for each row execute function catalogue_versions_user_created()`.execute(db);
      for (const table of ['products', 'orders'] as const) {
        const fn = sql.raw(`catalogue_versions_${table}_changed`);
        const column = sql.raw(table);
        await sql`
          create or replace function ${fn}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              update catalogue_versions set ${column} = ${column} + 1 where user_id = old.user_id;
            elsif tg_op = 'UPDATE' then
              update catalogue_versions set ${column} = ${column} + 1 where user_id in (old.user_id, new.user_id);
            else
              update catalogue_versions set ${column} = ${column} + 1 where user_id = new.user_id;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger ${fn} after insert or update or delete on ${sql.table(table)}
          for each row execute function ${fn}()`.execute(db);
      }
      return;
    }

    const epoch = sql`lower(hex(randomblob(6)))`;
    await sql`insert into catalogue_versions (user_id, epoch, products, orders) select id, ${epoch}, 0, 0 from users`.execute(db);
    await sql`
      create trigger catalogue_versions_user_created after insert on users begin
        insert or ignore into catalogue_versions (user_id, epoch, products, orders) values (new.id, lower(hex(randomblob(6))), 0, 0);
      end`.execute(db);
    for (const table of ['products', 'orders'] as const) {
      const column = sql.raw(table);
      const name = (op: string) => sql.raw(`catalogue_versions_${table}_${op}`);
      const bump = (where: string) => sql.raw(`update catalogue_versions set ${table} = ${table} + 1 where ${where};`);
      await sql`create trigger ${name('inserted')} after insert on ${column} begin ${bump('user_id = new.user_id')} end`.execute(db);
      await sql`create trigger ${name('updated')} after update on ${column} begin ${bump('user_id in (old.user_id, new.user_id)')} end`.execute(db);
      await sql`create trigger ${name('deleted')} after delete on ${column} begin ${bump('user_id = old.user_id')} end`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`drop trigger if exists catalogue_versions_user_created on users`.execute(db);
      for (const table of ['products', 'orders']) {
        await sql`drop trigger if exists ${sql.raw(`catalogue_versions_${table}_changed`)} on ${sql.table(table)}`.execute(db);
        await sql`drop function if exists ${sql.raw(`catalogue_versions_${table}_changed`)}()`.execute(db);
      }
      await sql`drop function if exists catalogue_versions_user_created()`.execute(db);
    } else {
      await sql`drop trigger if exists catalogue_versions_user_created`.execute(db);
      for (const table of ['products', 'orders'])
        for (const op of ['inserted', 'updated', 'deleted']) await sql`drop trigger if exists ${sql.raw(`catalogue_versions_${table}_${op}`)}`.execute(db);
    }
    await db.schema.dropTable('catalogue_versions').execute();
  },
};
