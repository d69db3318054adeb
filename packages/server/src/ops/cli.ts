import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { backup } from './backup';
import { checkStock } from './check-stock';
import { restore, RestoreRefused } from './restore';

/**
 * `npm run backup -- --out <file>`, `npm run restore -- --in <file>` and `npm run check:stock` (built to
 * packages/server/dist/ops.js).
 * Both read the server's own settings: DATA_DIR, or DATABASE_URL for PostgreSQL.
 */
const USAGE = 'usage: npm run backup -- --out <file.jsonl.gz>   |   npm run restore -- --in <file.jsonl.gz>   |   npm run check:stock';

const count = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let values: { out?: string; in?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, in: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const target = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;

  if (command === 'backup' && values.out) {
    const summary = await backup(config, values.out);
    console.log(
      `Backed up ${target}: ${count(summary.rows)}; ${summary.uploads} uploads (${(summary.bytes / 1024 / 1024).toFixed(1)} MB) → ${summary.file}`,
    );
    if (summary.missing.length > 0) {
      console.warn(
        `Warning: ${summary.missing.length} upload(s) had no bytes in the store and are not in the backup: ${summary.missing.join(', ')}`,
      );
    }
    return 0;
  }
  if (command === 'restore' && values.in) {
    try {
      const summary = await restore(config, values.in);
      console.log(
        `Restored into ${target}: ${count(summary.rows)}; ${summary.uploads} uploads (backup of ${summary.source}, ${summary.createdAt}). Everyone signs in again.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefused) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (command === 'check-stock') {
    const { checked, mismatches } = await checkStock(config);
    if (mismatches.length === 0) {
      console.log(`Stock checked in ${target}: the movements of all ${checked} products add up to their quantities.`);
      return 0;
    }
    console.error(`Stock does not add up for ${mismatches.length} of ${checked} products in ${target}:`);
    for (const m of mismatches) {
      console.error(`  ${m.name} (${m.sku}, ${m.productId}): quantity ${m.quantity}, movements add up to ${m.ledger}, last movement left ${m.lastAfter ?? 'none'}`);
    }
    return 1;
  }
  console.error(USAGE);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`${process.argv[2] ?? 'ops'} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
