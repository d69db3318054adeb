import { sql } from 'kysely';
import type { Db } from './index';
import { currentSchema } from './migrate';

/**
 * The columns of every table of the database (on PostgreSQL, of the connection's own schema only), in column order.
 * On PostgreSQL the catalogue is read for that one schema: Kysely's introspection walks every schema and fails when
 * another process drops one meanwhile ("schema … does not exist"), which is the normal case on a shared server.
 */
export async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const schema = await currentSchema(db);
  if (schema === undefined) {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    return new Map(tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
  }
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.relname as table_name, a.attname as column_name
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    const list = columns.get(row.table_name) ?? [];
    list.push(row.column_name);
    columns.set(row.table_name, list);
  }
  return columns;
}
