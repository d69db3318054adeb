import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSchema } from '../src/db/migrate';
import { startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

/**
 * `src/db/types.ts` is written by hand beside the migrations: this holds it to them. Every table of a freshly
 * migrated database is in `Database` with exactly its columns, each nullable in the types when it is in the schema,
 * and every table the types name exists. A new column in a migration without its line in types.ts (or the reverse)
 * fails here, on each database.
 */
const TYPES_FILE = new URL('../src/db/types.ts', import.meta.url);
/** Tables of the schema that no code reads through Kysely's types: the migrator's own, and SQLite's search indexes. */
const UNTYPED_TABLE = /^(kysely_migration|kysely_migration_lock|(products|orders|customers|suppliers)_search(_.*)?)$/;

interface TypedColumn {
  nullable: boolean;
  /** `column?:` in types.ts: a column PostgreSQL has and SQLite does not (the upload bytes). */
  postgresOnly?: boolean;
}

/** Table → column → what types.ts says of it, read from its interfaces (`extends` followed). */
function typedTables(): Map<string, Map<string, TypedColumn>> {
  const source = ts.createSourceFile('types.ts', readFileSync(TYPES_FILE, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const columnsOf = (name: string): Map<string, TypedColumn> => {
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`types.ts has no interface ${name}`);
    const columns = new Map<string, TypedColumn>();
    for (const clause of declaration.heritageClauses ?? [])
      for (const parent of clause.types) for (const [column, typed] of columnsOf(parent.expression.getText())) columns.set(column, typed);
    for (const member of declaration.members)
      if (ts.isPropertySignature(member) && member.type)
        columns.set(member.name.getText(), { nullable: /\bnull\b/.test(member.type.getText()), postgresOnly: member.questionToken !== undefined });
    return columns;
  };
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const member of interfaces.get('Database')!.members)
    if (ts.isPropertySignature(member) && member.type) tables.set(member.name.getText(), columnsOf(member.type.getText()));
  return tables;
}

describe.each(databases)('db/types.ts against the migrations on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('names every table and column the migrations make, nullable as they are', async () => {
    // On PostgreSQL introspection lists every schema's tables, other test files' too (some migrated only part way):
    // only this database's own schema counts.
    const own = await currentSchema(app.db);
    const tables = (await app.db.introspection.getTables()).filter(
      (table) => !UNTYPED_TABLE.test(table.name) && (own === undefined || table.schema === own),
    );
    // SQLite lets a primary key that is not declared NOT NULL hold NULL (a historic quirk); nothing ever writes one.
    const primaryKeys = new Set<string>();
    if (kind.name === 'sqlite')
      for (const table of tables) {
        const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(app.db);
        for (const column of info.rows) if (column.pk > 0) primaryKeys.add(`${table.name}.${column.name}`);
      }
    const schema = new Map(
      tables.map((table) => [
        table.name,
        new Map(table.columns.map((column) => [column.name, { nullable: column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`) }])),
      ]),
    );
    const typed = typedTables();
    if (kind.name === 'sqlite')
      for (const columns of typed.values()) for (const [name, column] of columns) if (column.postgresOnly) columns.delete(name);
    const sorted = (tables: Map<string, Map<string, TypedColumn>>) =>
      Object.fromEntries(
        [...tables].sort(([a], [b]) => a.localeCompare(b)).map(([name, columns]) => [
          name,
          Object.fromEntries([...columns].sort(([a], [b]) => a.localeCompare(b)).map(([column, c]) => [column, c.nullable ? 'null' : 'not null'])),
        ]),
      );
    expect(sorted(typed)).toEqual(sorted(schema));
  });

  it('notices a column types.ts lacks', () => {
    const typed = typedTables();
    expect(typed.get('products')?.has('quantity')).toBe(true);
    expect(typed.get('products')?.has('supplier')).toBe(false);
  });
});
