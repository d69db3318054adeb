import { API_TOKEN_PREFIX, MESSAGES, type Role, tokenActingRole } from '@inventory/contract';
import { sha256Hex } from '../crypto';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db';
import { HttpError } from '../http/errors';
import type { RateLimiter } from '../rate-limit/limiter';

/** `last_used_at` is written at most this often per token. */
const LAST_USED_INTERVAL_MS = 60_000;
const MAX_TOKEN_LENGTH = 128;

export interface VerifiedToken {
  id: string;
  storeId: string;
  /** The token's role, lowered to its maker's current role in the store. */
  role: Role;
  createdBy: string;
}

/**
 * API tokens: only the sha256 of the secret is stored. Whether a token works and with which role is the contract's
 * `tokenActingRole` (not revoked or expired, its maker still a member; never above the maker's current role), given
 * the maker's membership (none once the maker has gone). Failed attempts are counted per
 * client address like failed sign-ins (429 past the limit), and every token has a request rate of its own.
 */
export function createApiTokens({ db, limiter, now }: { db: Db; limiter: RateLimiter; now: () => Date }) {
  async function refuse(address: string): Promise<never> {
    await limiter.consume('apiTokenFailures', address);
    throw new HttpError(401, MESSAGES.tokenInvalid);
  }

  return {
    async verify(secret: string, address: string): Promise<VerifiedToken> {
      if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > MAX_TOKEN_LENGTH) return refuse(address);
      const row = await db
        .selectFrom('api_tokens')
        .leftJoin('memberships', (join) =>
          join.onRef('memberships.store_id', '=', 'api_tokens.store_id').onRef('memberships.user_id', '=', 'api_tokens.created_by'),
        )
        .select([
          'api_tokens.id',
          'api_tokens.store_id',
          'api_tokens.role',
          'api_tokens.created_by',
          'api_tokens.expires_at',
          'api_tokens.revoked_at',
          'api_tokens.last_used_at',
          'memberships.role as maker_role',
        ])
        .where('api_tokens.token_hash', '=', sha256Hex(secret))
        .executeTakeFirst();
      const at = now();
      const role = row
        ? tokenActingRole(
            { role: row.role as Role, revokedAt: row.revoked_at, expiresAt: row.expires_at, makerRole: row.maker_role as Role | null },
            at,
          )
        : null;
      if (!row || role === null) return refuse(address);
      await limiter.consume('apiToken', row.id);
      if (row.last_used_at === null || at.getTime() - Date.parse(row.last_used_at) >= LAST_USED_INTERVAL_MS) {
        await db.updateTable('api_tokens').set({ last_used_at: at.toISOString() }).where('id', '=', row.id).execute();
      }
      return {
        id: row.id,
        storeId: row.store_id,
        role,
        createdBy: row.created_by,
      };
    },
  };
}

/**
 * A token dies with the membership that made it: removing or leaving a store deletes the tokens its member made there,
 * in the same transaction, so a later membership of the same person never revives them.
 */
export async function deleteTokensOfMaker(trx: Kysely<Database>, storeId: string, userId: string): Promise<void> {
  await trx.deleteFrom('api_tokens').where('store_id', '=', storeId).where('created_by', '=', userId).execute();
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
