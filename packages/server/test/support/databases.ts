import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh, empty database for one suite, plus a temp DATA_DIR (mail files, SQLite file). */
export interface TestDatabase {
  /** Environment for loadConfig: DATA_DIR and, on PostgreSQL, DATABASE_URL. */
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

export interface CreateOptions {
  /**
   * No tables at all, as a new install finds its database: for the tests of migrating, restoring into and starting
   * on an empty database. Without it the database comes migrated to the latest level (a copy of the run's template,
   * test/setup/migrated-templates.ts), which is what the app's own start-up would make of an empty one.
   */
  empty?: boolean;
}

export interface DatabaseKind {
  name: 'sqlite' | 'postgres';
  create(options?: CreateOptions): Promise<TestDatabase>;
}

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'inventory-server-test-'));
}

/** SQLite: a data folder per suite, its database file a copy of the run's migrated template unless `empty`. */
const sqlite: DatabaseKind = {
  name: 'sqlite',
  async create(options = {}) {
    const dataDir = await tempDir();
    const template = options.empty ? undefined : inject('sqliteTemplate');
    if (template) await copyFile(template, path.join(dataDir, 'inventory.sqlite'));
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

/**
 * PostgreSQL: a database `t_<random>` per suite, dropped after: a copy of the run's migrated template
 * (test/setup/migrated-templates.ts) unless `empty` is asked for, or when the run has no template (a file run outside
 * the server project's setup), when the app migrates it as it starts.
 */
function postgres(baseUrl: string): DatabaseKind {
  return {
    name: 'postgres',
    async create(options = {}) {
      const dataDir = await tempDir();
      const name = `t_${randomBytes(6).toString('hex')}`;
      const template = options.empty ? undefined : inject('postgresTemplate');
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        // A test's commits need not wait for the WAL to reach the disk (they are just as atomic and isolated; only a
        // crash of the machine could lose the last of them): the suites commit tens of thousands of times.
        await admin.query(`alter database ${name} set synchronous_commit = off`);
      } finally {
        await admin.end();
      }
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        dataDir,
        async cleanup() {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          // Forced: a connection a failed test left open must not keep the database (and the run's disk) alive.
          await client.query(`drop database if exists ${name} with (force)`);
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
