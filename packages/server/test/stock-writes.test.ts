import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * "Stock changes go through stock/ledger.ts" (docs/decisions/0016-stock-ledger.md, 0022): no code outside the ledger
 * writes a product's quantity. A source scan of every statement that inserts or updates products (Kysely's
 * insertInto/updateTable and raw SQL), with the object a `.values(x)` / `.set(x)` names when it is a variable.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['packages/server/src', 'bench', 'scripts'];
const LEDGER = 'packages/server/src/stock/ledger.ts';
/** Code that writes quantities without the ledger on purpose, and why. */
const EXCEPTIONS: Record<string, string> = {
  'packages/server/src/db/migrations/0007_stock.ts': 'the upgrade that started the ledger: arms the reorder watch of existing rows',
  'bench/bulk-seed.ts': 'seeds a bench database in SQL, writing each product\'s opening movement beside it',
  'bench/seed.ts': 'seeds a bench database through Kysely, before any movement exists',
};

const KYSELY_WRITE = /\.(?:insertInto|updateTable)\(\s*['"`]products(?:\s+as\s+\w+)?['"`]\s*\)/g;
const SQL_WRITE = /\b(?:insert\s+into|update)\s+products\b/gi;

/** `source` without its comments (a doc comment may well say "update products"). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** The expression `name` is declared with in `source` (to its `;`, brackets balanced), or '' when there is none. */
function declaration(source: string, name: string): string {
  const match = new RegExp(`\\b(?:const|let|var)\\s+${name}\\b[^=]*=\\s*`).exec(source);
  if (!match) return '';
  const start = match.index + match[0].length;
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i]!;
    if ('({['.includes(c)) depth += 1;
    else if (')}]'.includes(c)) depth -= 1;
    else if (c === ';' && depth === 0) return source.slice(start, i);
  }
  return source.slice(start);
}

/** The statements of `source` that write a product's quantity, as the first line of each. */
export function quantityWrites(text: string): string[] {
  const source = withoutComments(text);
  const found: string[] = [];
  for (const match of source.matchAll(KYSELY_WRITE)) {
    const end = source.indexOf('.execute', match.index);
    const statement = source.slice(match.index, end === -1 ? undefined : end);
    const named = [...statement.matchAll(/\.(?:values|set)\(\s*([A-Za-z_$][\w$]*)/g)].map((m) => declaration(source, m[1]!));
    if ([statement, ...named].some((text) => /\bquantity\b/.test(text))) found.push(statement.split('\n')[0]!);
  }
  for (const match of source.matchAll(SQL_WRITE)) {
    const end = source.indexOf('`', match.index);
    const statement = source.slice(match.index, end === -1 ? undefined : end);
    if (/\bquantity\b/.test(statement)) found.push(statement.split('\n')[0]!);
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.(?:ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name)) yield path;
  }
}

describe('only the ledger writes a product\'s quantity', () => {
  it('finds the ways a statement can write one', () => {
    expect(quantityWrites("await trx.updateTable('products').set({ quantity: 1 }).where('id', '=', id).execute();")).toHaveLength(1);
    expect(quantityWrites('const row = { name, quantity: 2 };\nawait db.insertInto(\'products\').values(row).execute();')).toHaveLength(1);
    expect(quantityWrites('await sql`update products set name = ${a}, quantity = ${b} where id = ${c}`.execute(db);')).toHaveLength(1);
    expect(quantityWrites('await sql`\n  insert into products (id, quantity) select 1, 2`.execute(db);')).toHaveLength(1);
    expect(quantityWrites('const rows = list.map((p) => {\n  const x = 1;\n  return { quantity: x };\n});\nawait db.insertInto(\'products\').values(rows.slice(0, 9)).execute();')).toHaveLength(1);
    expect(quantityWrites("const changes = { name };\nawait trx.updateTable('products').set(changes).where('id', '=', id).execute();")).toEqual([]);
    expect(quantityWrites("await db.selectFrom('products').select('quantity').execute();")).toEqual([]);
    expect(quantityWrites('/** Then update products: the quantity too. */\n// update products set quantity\n')).toEqual([]);
  });

  it('no code outside stock/ledger.ts writes one, but for the exceptions named', () => {
    const writers = new Map<string, string[]>();
    for (const dir of SCANNED)
      for (const file of sourceFiles(join(ROOT, dir))) {
        const writes = quantityWrites(readFileSync(file, 'utf8'));
        if (writes.length > 0) writers.set(relative(ROOT, file), writes);
      }
    expect(writers.has(LEDGER), 'the scan finds the ledger itself').toBe(true);
    const outside = [...writers].filter(([file]) => file !== LEDGER && !(file in EXCEPTIONS));
    expect(outside, 'write quantities through stock/ledger.ts (moveStock, insertProduct, writeStockBatch)').toEqual([]);
    // An exception no longer needed is dropped from the list.
    expect(Object.keys(EXCEPTIONS).filter((file) => !writers.has(file))).toEqual([]);
  });
});
