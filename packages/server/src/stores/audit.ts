import { type Actor as ActorAnswer, MESSAGES } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Actor } from './access';

/** The columns products and orders record who did what in. */
export interface AuditColumns {
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
}

/** Columns for a row created by `actor`. */
export const createdBy = (actor: Actor) => ({
  user_id: actor.userId,
  created_by_token: actor.tokenId,
  updated_by: actor.userId,
  updated_by_token: actor.tokenId,
});

/** Columns for a row changed by `actor`. */
export const updatedBy = (actor: Actor) => ({ updated_by: actor.userId, updated_by_token: actor.tokenId });

/** `createdBy` / `updatedBy` of a single-item answer: member names (and token names), in one read each. */
export async function auditOf(db: Kysely<Database>, row: AuditColumns): Promise<{ createdBy: ActorAnswer | null; updatedBy: ActorAnswer | null }> {
  const userIds = [row.user_id, row.updated_by].filter((id): id is string => id !== null);
  const tokenIds = [row.created_by_token, row.updated_by_token].filter((id): id is string => id !== null);
  const [users, tokens] = await Promise.all([
    db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
    tokenIds.length > 0 ? db.selectFrom('api_tokens').select(['id', 'name']).where('id', 'in', tokenIds).execute() : [],
  ]);
  const userName = new Map(users.map((user) => [user.id, user.name]));
  const tokenName = new Map(tokens.map((token) => [token.id, token.name]));
  const actor = (userId: string | null, tokenId: string | null): ActorAnswer | null =>
    userId === null
      ? null
      : { name: userName.get(userId) ?? MESSAGES.formerMember, token: tokenId === null ? null : (tokenName.get(tokenId) ?? null) };
  return { createdBy: actor(row.user_id, row.created_by_token), updatedBy: actor(row.updated_by, row.updated_by_token) };
}
