import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

/** The name a store made for a user gets until its owner renames it. */
export const personalStoreName = (userName: string) => `${userName}'s store`;

/** A new store with `userId` as its owner; in the caller's transaction when given one. */
export async function createStore(db: Kysely<Database>, userId: string, name: string, at: Date): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const iso = at.toISOString();
  await db.insertInto('stores').values({ id, name, created_at: iso, updated_at: iso }).execute();
  await db
    .insertInto('memberships')
    .values({ store_id: id, user_id: userId, role: 'owner', joined_at: iso, last_active_at: iso })
    .execute();
  return { id, name };
}
