import { type Role, SESSION_TTL_DAYS, type User } from '@inventory/contract';
import { randomToken, sha256Hex } from '../crypto';
import type { Db } from '../db';
import type { PublicUrls } from '../public-urls';
import { toUser } from '../user-shape';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** A session's expiry slides forward on use, at most once per this interval, to spare the database a write a request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface ActiveSession {
  idHash: string;
  userId: string;
  /** True when the expiry moved forward, so the cookie should be sent again with a fresh Max-Age. */
  refreshed: boolean;
  /** The session's active store, and the user's membership in it now (null role: no longer a member). */
  storeId: string | null;
  role: Role | null;
  lastActiveAt: string | null;
}

/**
 * Sessions in the database: an opaque random token in the cookie, only its sha256 in the `sessions` table. `urls`
 * shapes the user a session resolves to.
 */
export function createSessionStore(db: Db, urls: PublicUrls, now: () => Date = () => new Date()) {
  return {
    /** Start a session for a user; returns the cookie token. */
    async create(userId: string): Promise<string> {
      const token = randomToken();
      const at = now();
      await db
        .insertInto('sessions')
        .values({
          id_hash: sha256Hex(token),
          user_id: userId,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + SESSION_TTL_MS).toISOString(),
          last_seen_at: at.toISOString(),
        })
        .execute();
      return token;
    },

    /**
     * The live session for a cookie token with its user, or null: one indexed read (sessions by primary key joined to
     * users by primary key). Expired sessions are deleted on sight; the expiry slides (a write) at most every 5 minutes.
     */
    async find(token: string | undefined): Promise<(ActiveSession & { user: User }) | null> {
      if (!token || token.length > 128) return null;
      const idHash = sha256Hex(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        // The membership is read on every request, so a removal or a lowered role applies to the very next one.
        .leftJoin('memberships', (join) =>
          join.onRef('memberships.store_id', '=', 'sessions.store_id').onRef('memberships.user_id', '=', 'sessions.user_id'),
        )
        .select([
          'sessions.store_id',
          'memberships.role',
          'memberships.last_active_at',
          'sessions.user_id',
          'sessions.expires_at',
          'sessions.last_seen_at',
          'users.id',
          'users.name',
          'users.email',
          'users.phone',
          'users.bio',
          'users.photo',
        ])
        .where('sessions.id_hash', '=', idHash)
        .executeTakeFirst();
      if (!row) return null;
      const at = now();
      if (row.expires_at <= at.toISOString()) {
        await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
        return null;
      }
      let refreshed = false;
      if (at.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: at.toISOString(), expires_at: new Date(at.getTime() + SESSION_TTL_MS).toISOString() })
          .where('id_hash', '=', idHash)
          .execute();
        refreshed = true;
      }
      return {
        idHash,
        userId: row.user_id,
        refreshed,
        user: toUser(row, urls),
        storeId: row.store_id,
        role: (row.role as Role | null) ?? null,
        lastActiveAt: row.last_active_at ?? null,
      };
    },

    /** Make `storeId` the session's active store. */
    async setStore(idHash: string, storeId: string): Promise<void> {
      await db.updateTable('sessions').set({ store_id: storeId }).where('id_hash', '=', idHash).execute();
    },

    async deleteByToken(token: string | undefined): Promise<void> {
      if (!token) return;
      await db.deleteFrom('sessions').where('id_hash', '=', sha256Hex(token)).execute();
    },

    /** End every session of a user except the one given (password change). */
    async deleteOthers(userId: string, keepIdHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('id_hash', '!=', keepIdHash).execute();
    },

    /** End every session of a user (password reset). */
    async deleteAll(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
