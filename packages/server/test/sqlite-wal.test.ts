import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db, SQLITE_WAL_LIMIT_BYTES } from '../src/db';

describe("SQLite's write-ahead log", () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is cut back to its limit after a transaction larger than the limit', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'inventory-wal-'));
    const file = path.join(dir, 'inventory.sqlite');
    db = createDb({ kind: 'sqlite', file });
    await sql`create table filler (data blob)`.execute(db);
    const wal = () => statSync(`${file}-wal`).size;

    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 40; i += 1) await sql`insert into filler values (randomblob(1048576))`.execute(trx);
    });
    const largest = wal();
    expect(largest).toBeGreaterThan(2 * SQLITE_WAL_LIMIT_BYTES);

    // The commit's checkpoint copied the log into the database; the next write starts the log again and cuts it.
    await sql`insert into filler values (randomblob(16))`.execute(db);
    expect(wal()).toBeLessThanOrEqual(SQLITE_WAL_LIMIT_BYTES);
  });
});
