import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { backup } from './backup';
import { restore, RestoreRefused } from './restore';

/**
 * `npm run backup -- --out <file>` and `npm run restore -- --in <file>` (built to packages/server/dist/ops.js).
 * Both read the server's own settings: DATA_DIR, or DATABASE_URL for PostgreSQL.
 */
const USAGE = 'usage: npm run backup -- --out <file.jsonl.gz>   |   npm run restore -- --in <file.jsonl.gz>';

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
