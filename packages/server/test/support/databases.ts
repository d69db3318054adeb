import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A fresh, empty database for one suite, plus a temp DATA_DIR (mail files, SQLite file). */
export interface TestDatabase {
  /** Environment for loadConfig: DATA_DIR and, on PostgreSQL, DATABASE_URL. */
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

export interface DatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'inventory-server-test-'));
}

const sqlite: DatabaseKind = {
  name: 'sqlite',
  async create() {
    const dataDir = await tempDir();
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

/** PostgreSQL: a new schema `t_<random>` per suite, selected through the connection's search_path, dropped after. */
function postgres(baseUrl: string): DatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const dataDir = await tempDir();
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        dataDir,
        async cleanup() {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          await client.query(`drop schema if exists ${schema} cascade`);
          await client.end();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each(databases)`. */
export const databases: DatabaseKind[] = testDatabaseUrl ? [sqlite, postgres(testDatabaseUrl)] : [sqlite];
