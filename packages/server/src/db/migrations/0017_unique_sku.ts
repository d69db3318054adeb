import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0017: a SKU is unique in its store whatever its ASCII case (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md;
 * the contract's `skuMatchKey`), held by a unique index on `(store_id, lower(sku))` (`lower(sku collate "C")` on
 * PostgreSQL, which folds ASCII letters only, as SQLite's `lower()` does), so two creates racing for one SKU through
 * any number of processes give one product and a 409 (features/products/service.ts maps the violation).
 *
 * Existing data may hold SKUs that clash (two products made in the same millisecond of one category, or "lap-1" beside
 * "LAP-1" from before SKUs were matched by case): the oldest product of each clash (by creation, then id) keeps its
 * SKU, and each other gets `-2`, `-3`… after it (the first suffix no product of the store has), with a new version so
 * an edit screen holding the old one reloads. Nothing is deleted. Orders keep the SKU they were placed with.
 *
 * On PostgreSQL the unique index replaces 0016's plain index on the same expression; on SQLite 0016's index stays (it
 * carries the SKU too, which a lookup that reads only the SKU needs) beside the unique one.
 */
export const uniqueSku: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const key = sql.raw(postgres ? 'lower(sku collate "C")' : 'lower(sku)');
    const clashes = await sql<{ store_id: string; sku_key: string }>`
      select store_id, ${key} as sku_key from products group by store_id, ${key} having count(*) > 1`.execute(db);
    for (const clash of clashes.rows) {
      const { rows } = await sql<{ id: string; sku: string }>`
        select id, sku from products where store_id = ${clash.store_id} and ${key} = ${clash.sku_key}
        order by created_at, id`.execute(db);
      for (const [index, product] of rows.entries()) {
        if (index === 0) continue;
        for (let suffix = index + 1; ; suffix += 1) {
          const candidate = `${product.sku}-${suffix}`;
          const folded = candidate.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
          const taken = await sql`select 1 from products where store_id = ${clash.store_id} and ${key} = ${folded}`.execute(db);
          if (taken.rows.length > 0) continue;
          await sql`update products set sku = ${candidate}, version = version + 1 where id = ${product.id}`.execute(db);
          break;
        }
      }
    }
    await sql`create unique index products_store_sku_unique_idx on products (store_id, (${key}))`.execute(db);
    if (postgres) await sql`drop index products_store_sku_key_idx`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`create index products_store_sku_key_idx on products (store_id, (lower(sku collate "C")))`.execute(db);
    await sql`drop index products_store_sku_unique_idx`.execute(db);
  },
};
