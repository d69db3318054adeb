import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0022: customers, and an order's customer (docs/decisions/0035-customers.md).
 *
 * - `customers`: per store, the customer form's fields (text, '' for none), `archived_at` (deleted while they had
 *   orders), who created and changed them and a version (the ETag), as products and orders have.
 * - `orders.customer_id`: the customer an order was placed for, or null. Its foreign key has no cascade: a customer
 *   some order names cannot be deleted, whatever path tries (the service archives them instead).
 * - Lists at any size, as products' (docs/decisions/0015-lists-at-scale.md): for each sort an index of the active and
 *   one of the archived customers, `(store_id, <sort key>, id)`, each partial on `archived_at`, so a page of either is
 *   one index range; an email unique in its store whatever its ASCII case (`lower(email)`, which also finds the
 *   customer an import row names); substring search of name, company, email and phone through a trigram index (SQLite
 *   FTS5 keyed by rowid and kept by triggers; PostgreSQL pg_trgm GIN indexes).
 * - `customer_counts`: a store's active and archived customers, kept by triggers in the writing transaction, so a
 *   list's total is one read. A table of its own: customer writes do not queue on `store_stats`, which every product
 *   and order write updates.
 * - `(customer_id, created_at, id)` on orders: a customer's orders newest first, their figures, and the check that they
 *   have any (also what the foreign key's checks read).
 */
export const customers: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('company', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('billing_address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('shipping_address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tax_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('archived_at', 'text')
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('orders').addColumn('customer_id', 'text', (col) => col.references('customers.id')).execute();
    await sql`create index orders_customer_idx on orders (customer_id, created_at, id) where customer_id is not null`.execute(db);

    for (const [sort, key] of Object.entries(sortKeys(postgres))) {
      await sql`create index ${sql.raw(`customers_active_${sort}_idx`)} on customers (store_id, ${sql.raw(key)}, id) where archived_at is null`.execute(db);
      await sql`create index ${sql.raw(`customers_archived_${sort}_idx`)} on customers (store_id, ${sql.raw(key)}, id) where archived_at is not null`.execute(db);
    }
    await sql`create unique index customers_store_email_idx on customers (store_id, (${sql.raw(lowerOf('email', postgres))})) where email <> ''`.execute(db);

    await db.schema
      .createTable('customer_counts')
      .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    if (postgres) await postgresTriggers(db);
    else await sqliteTriggers(db);
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`drop trigger customer_counts_changed on customers`.execute(db);
      await sql`drop function customer_counts_changed()`.execute(db);
    } else {
      for (const trigger of ['customer_counts_inserted', 'customer_counts_deleted', 'customer_counts_updated', 'customers_search_text_updated'])
        await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
      await sql`drop table customers_search`.execute(db);
    }
    await db.schema.dropTable('customer_counts').execute();
    await sql`drop index orders_customer_idx`.execute(db);
    await db.schema.alterTable('orders').dropColumn('customer_id').execute();
    await db.schema.dropTable('customers').execute();
  },
};

/** ASCII-only lowercasing on both databases (PostgreSQL's under the C collation), as the contract's asciiLower. */
const lowerOf = (column: string, postgres: boolean) => (postgres ? `lower(${column} collate "C")` : `lower(${column})`);

/** The expression each sort of the list orders by (contract CUSTOMER_SORTS); the server's list reads the same ones. */
export const sortKeys = (postgres: boolean) => ({
  name: lowerOf('name', postgres),
  company: lowerOf('company', postgres),
  email: lowerOf('email', postgres),
  newest: 'created_at',
});

const SEARCHED = ['name', 'company', 'email', 'phone'] as const;
const active = (row: 'new' | 'old') => `(case when ${row}.archived_at is null then 1 else 0 end)`;
const archived = (row: 'new' | 'old') => `(case when ${row}.archived_at is null then 0 else 1 end)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // Contentless: the text lives in customers only. Keyed by their rowid, which the server never changes (no VACUUM).
  await sql`create virtual table customers_search using fts5(name, company, email, phone, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  const add = (row: 'new') => `
    insert into customer_counts (store_id, active, archived) values (${row}.store_id, ${active(row)}, ${archived(row)})
      on conflict (store_id) do update set active = active + ${active(row)}, archived = archived + ${archived(row)};`;
  const remove = (row: 'old') => `
    update customer_counts set active = active - ${active(row)}, archived = archived - ${archived(row)} where store_id = ${row}.store_id;`;
  const index = `insert into customers_search (rowid, ${SEARCHED.join(', ')}) values (new.rowid, ${SEARCHED.map((c) => `new.${c}`).join(', ')});`;
  const unindex = 'delete from customers_search where rowid = old.rowid;';
  await sql.raw(`create trigger customer_counts_inserted after insert on customers begin ${add('new')} ${index} end`).execute(db);
  await sql.raw(`create trigger customer_counts_deleted after delete on customers begin ${remove('old')} ${unindex} end`).execute(db);
  await sql.raw(`create trigger customer_counts_updated after update of store_id, archived_at on customers begin ${remove('old')} ${add('new')} end`).execute(db);
  const changed = SEARCHED.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql
    .raw(`create trigger customers_search_text_updated after update of ${SEARCHED.join(', ')} on customers when ${changed} begin ${unindex} ${index} end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // pg_trgm was made by 0006 where the database allows it; without it, search still works, by scanning.
  await sql`savepoint customers_trigram`.execute(db);
  try {
    for (const column of SEARCHED)
      await sql`create index ${sql.raw(`customers_${column}_trgm_idx`)} on customers using gin (${sql.raw(column)} public.gin_trgm_ops)`.execute(db);
    await sql`release savepoint customers_trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint customers_trigram`.execute(db);
  }
  await sql
    .raw(`create or replace function customer_counts_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update customer_counts set active = active - ${active('old')}, archived = archived - ${archived('old')} where store_id = old.store_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into customer_counts (store_id, active, archived) values (new.store_id, ${active('new')}, ${archived('new')})
          on conflict (store_id) do update set active = customer_counts.active + ${active('new')}, archived = customer_counts.archived + ${archived('new')};
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger customer_counts_changed after insert or delete or update of store_id, archived_at on customers
    for each row execute function customer_counts_changed()`.execute(db);
}

/**
 * The counters and (on SQLite) the search index made again from the rows: after a restore, whose inserts run the
 * triggers anyway; this makes it independent of the order rows arrive in.
 */
export async function rebuildCustomerIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_counts`.execute(db);
  await sql`insert into customer_counts (store_id, active, archived)
    select store_id, sum(case when archived_at is null then 1 else 0 end), sum(case when archived_at is null then 0 else 1 end)
    from customers group by store_id`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into customers_search (customers_search) values ('delete-all')`.execute(db);
  await sql.raw(`insert into customers_search (rowid, ${SEARCHED.join(', ')}) select rowid, ${SEARCHED.join(', ')} from customers`).execute(db);
}
