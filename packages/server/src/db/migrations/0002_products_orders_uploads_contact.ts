import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/** Migration 0002: products, orders, uploads (bytes in the row on PostgreSQL, files on SQLite) and contact messages. */
export const productsOrdersUploadsContact: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('image_name', 'text')
      .addColumn('image_file_name', 'text')
      .addColumn('image_type', 'text')
      .addColumn('image_size', 'integer')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('products_user_created_idx').on('products').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();

    // Metadata of every stored upload. On PostgreSQL the bytes live here too (`data`), so every server process
    // reaches them; on SQLite they are files under DATA_DIR/uploads.
    let uploads = db.schema
      .createTable('uploads')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // 'photo' (profile photo, POST /api/uploads) or 'product' (a product's image): one never stands in for the other.
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull());
    if (postgres) uploads = uploads.addColumn('data', sql`bytea`);
    await uploads.execute();
    await db.schema.createIndex('uploads_user_id_idx').on('uploads').column('user_id').execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_user_id_idx').on('contact_messages').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contact_messages').execute();
    await db.schema.dropTable('uploads').execute();
    await db.schema.dropTable('orders').execute();
    await db.schema.dropTable('products').execute();
  },
};
