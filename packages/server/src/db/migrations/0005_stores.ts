import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0005: stores and teams.
 *
 * - `stores`, `memberships` (one role per user and store), `invitations` and `api_tokens` (both kept as hashes).
 * - `store_id` on products, orders, product uploads and sessions (the session's active store). Products and orders keep
 *   `user_id` as who created them, and gain who changed them last (`updated_by`) and the API tokens involved.
 * - Every existing user gets a store of their own (its id is the user's id) holding exactly their data, as its owner.
 * - The list counters move from users to stores: `store_versions`, bumped by triggers in the writing transaction like
 *   `catalogue_versions` was (db/migrations/0004_catalogue_versions.ts), which this replaces.
 */
export const stores: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema
      .createTable('stores')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('joined_at', 'text', (col) => col.notNull())
      .addColumn('last_active_at', 'text')
      .addPrimaryKeyConstraint('memberships_pk', ['store_id', 'user_id'])
      .execute();
    await db.schema.createIndex('memberships_user_idx').on('memberships').columns(['user_id', 'store_id']).execute();

    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('invited_by', 'text', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('invitations_store_email_idx').on('invitations').columns(['store_id', 'email']).execute();

    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_tokens_store_idx').on('api_tokens').column('store_id').execute();

    // Nullable so that rows restored from a backup made before stores can be adopted afterwards (adoptOrphans).
    for (const table of ['products', 'orders'] as const) {
      await db.schema
        .alterTable(table)
        .addColumn('store_id', 'text', (col) => col.references('stores.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable(table).addColumn('created_by_token', 'text').execute();
      await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
      await db.schema.alterTable(table).addColumn('updated_by_token', 'text').execute();
      await db.schema.createIndex(`${table}_store_created_idx`).on(table).columns(['store_id', 'created_at']).execute();
    }
    await db.schema
      .alterTable('uploads')
      .addColumn('store_id', 'text', (col) => col.references('stores.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('sessions').addColumn('store_id', 'text').execute();

    await db.schema
      .createTable('store_versions')
      .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
      .addColumn('epoch', 'text', (col) => col.notNull())
      .addColumn('products', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await createStoreVersionTriggers(db, postgres);
    await dropCatalogueVersions(db, postgres);

    await adoptOrphans(db);
  },
  async down() {
    throw new Error('0005_stores cannot be undone: restore a backup taken before it instead');
  },
};

/**
 * Give every user without a store one of their own (id = the user's id, they are its owner) and put every product,
 * order, product image and session without a store into its user's store. Run by the migration, and by restore after
 * loading a backup made before stores existed. Idempotent.
 */
export async function adoptOrphans(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into stores (id, name, created_at, updated_at)
    select u.id, u.name || '''s store', u.created_at, u.created_at from users u
    where not exists (select 1 from memberships m where m.user_id = u.id)
      and not exists (select 1 from stores s where s.id = u.id)`.execute(db);
  await sql`
    insert into memberships (store_id, user_id, role, joined_at, last_active_at)
    select u.id, u.id, 'owner', u.created_at, null from users u
    where not exists (select 1 from memberships m where m.user_id = u.id)`.execute(db);
  for (const table of ['products', 'orders'] as const) {
    await sql`update ${sql.table(table)} set store_id = user_id where store_id is null`.execute(db);
  }
  await sql`update uploads set store_id = user_id where store_id is null and kind = 'product'`.execute(db);
}

async function createStoreVersionTriggers(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql`
      create or replace function store_versions_store_created() returns trigger language plpgsql as $$
      begin
        insert into store_versions (store_id, epoch, products, orders)
        values (new.id, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0, 0)
        on conflict (store_id) do nothing;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger store_versions_store_created after insert on stores
      for each row execute function store_versions_store_created()`.execute(db);
    for (const table of ['products', 'orders'] as const) {
      const fn = sql.raw(`store_versions_${table}_changed`);
      const column = sql.raw(table);
      await sql`
        create or replace function ${fn}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            update store_versions set ${column} = ${column} + 1 where store_id = old.store_id;
          elsif tg_op = 'UPDATE' then
            update store_versions set ${column} = ${column} + 1 where store_id in (old.store_id, new.store_id);
          else
            update store_versions set ${column} = ${column} + 1 where store_id = new.store_id;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${fn} after insert or update or delete on ${sql.table(table)}
        for each row execute function ${fn}()`.execute(db);
    }
    return;
  }
  await sql`
    create trigger store_versions_store_created after insert on stores begin
      insert or ignore into store_versions (store_id, epoch, products, orders) values (new.id, lower(hex(randomblob(6))), 0, 0);
    end`.execute(db);
  for (const table of ['products', 'orders'] as const) {
    const column = sql.raw(table);
    const name = (op: string) => sql.raw(`store_versions_${table}_${op}`);
    const bump = (where: string) => sql.raw(`update store_versions set ${table} = ${table} + 1 where ${where};`);
    await sql`create trigger ${name('inserted')} after insert on ${column} begin ${bump('store_id = new.store_id')} end`.execute(db);
    await sql`create trigger ${name('updated')} after update on ${column} begin ${bump('store_id in (old.store_id, new.store_id)')} end`.execute(db);
    await sql`create trigger ${name('deleted')} after delete on ${column} begin ${bump('store_id = old.store_id')} end`.execute(db);
  }
}

async function dropCatalogueVersions(db: Kysely<unknown>, postgres: boolean): Promise<void> {
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
      for (const op of ['inserted', 'updated', 'deleted'])
        await sql`drop trigger if exists ${sql.raw(`catalogue_versions_${table}_${op}`)}`.execute(db);
  }
  await db.schema.dropTable('catalogue_versions').execute();
}
