import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db';
import { migrateTo } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database migrated to the latest level, the template of every suite's database (support/databases). */
    postgresTemplate: string | undefined;
    /** A SQLite file migrated to the latest level, which every SQLite suite's data folder starts with a copy of. */
    sqliteTemplate: string;
  }
}

/** Migrates the database `env` configures to the latest level. */
async function migrated(env: Record<string, string>) {
  const db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...env }).database);
  try {
    await migrateTo(db);
  } finally {
    // Closed, SQLite folds its write-ahead log into the file: the file alone is the whole database.
    await db.destroy();
  }
}

/**
 * Once per run: a database migrated to the latest level on each kind, which every suite copies (on PostgreSQL
 * `create database … template …`, on SQLite the file) instead of running every migration again (seconds each on
 * PostgreSQL, and the shared catalogue bloating with each suite's dropped tables). Removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const sqliteDir = await mkdtemp(path.join(tmpdir(), 'inventory-template-'));
  await migrated({ DATA_DIR: sqliteDir });
  project.provide('sqliteTemplate', path.join(sqliteDir, 'inventory.sqlite'));
  const removeSqlite = () => rm(sqliteDir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    project.provide('postgresTemplate', undefined);
    return removeSqlite;
  }
  const name = `tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  await migrated({ DATA_DIR: sqliteDir, DATABASE_URL: target.toString() });
  project.provide('postgresTemplate', name);
  return async () => {
    await removeSqlite();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
