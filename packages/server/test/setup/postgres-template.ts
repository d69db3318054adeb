import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db';
import { migrateTo } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database migrated to the latest level, the template of every suite's database (support/databases). */
    postgresTemplate: string | undefined;
  }
}

/**
 * Once per run: a database migrated to the latest level, which every PostgreSQL suite copies (`create database …
 * template …`, a file copy of a fraction of a second) instead of running every migration again in a schema of its own
 * (seconds each, and the shared catalogue bloating with each suite's dropped tables). Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    project.provide('postgresTemplate', undefined);
    return;
  }
  const name = `tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = createDb(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: target.toString() }).database);
  try {
    await migrateTo(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
