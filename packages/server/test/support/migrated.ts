import type { Db } from '../../src/db';
import { migrateTo } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';

/** A database as the release before migration `next` (a key's prefix, `0029`) left it: every migration before it. */
export async function migrateBefore(db: Db, next: string): Promise<void> {
  const last = Object.keys(migrations)
    .sort()
    .filter((name) => name < next)
    .at(-1);
  if (last === undefined) throw new Error(`No migration comes before ${next}`);
  await migrateTo(db, last);
}
