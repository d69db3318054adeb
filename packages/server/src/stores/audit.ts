import { type Actor as ActorAnswer, MESSAGES } from '@inventory/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db';
import { textValue } from '../db/json-rows';
import type { Actor } from './access';

/** The columns products and orders record who did what in. */
export interface AuditColumns {
  user_id: string;
  created_by_token: string | null;
  updated_by: string | null;
  updated_by_token: string | null;
}

/**
 * Who changed a product or an order, and when: the one place that says it (issue 26). Every statement that inserts
 * or updates a product or an order sets these columns through `changedBy` / `createdBy` (or `changedBySql` in raw
 * SQL), whatever the path: an edit, a stock correction, an order taking or giving back stock, an import. A source
 * scan (server/test/change-stamp.test.ts) fails on a statement that does not.
 */
export const changedBy = (actor: Actor, at: Date) => ({
  updated_by: actor.userId,
  updated_by_token: actor.tokenId,
  updated_at: at.toISOString(),
});

/** `changedBy` for a raw SQL `update … set`: `updated_by = …, updated_by_token = …, updated_at = …`. */
export function changedBySql(actor: Actor, at: Date): RawBuilder<unknown> {
  const stamp = changedBy(actor, at);
  return sql`updated_by = ${textValue(stamp.updated_by)}, updated_by_token = ${textValue(stamp.updated_by_token)}, updated_at = ${textValue(stamp.updated_at)}`;
}

/** The columns of a row created by `actor` at `at`: its creator, and the same as its last changer. */
export const createdBy = (actor: Actor, at: Date) => ({
  user_id: actor.userId,
  created_by_token: actor.tokenId,
  created_at: at.toISOString(),
  ...changedBy(actor, at),
});

/** `createdBy` for a raw SQL `insert … select`: its column names, and the values every row of the statement shares. */
export function createdBySql(actor: Actor, at: Date): { columns: RawBuilder<unknown>; values: RawBuilder<unknown> } {
  const stamp = createdBy(actor, at);
  const names = Object.keys(stamp) as (keyof typeof stamp)[];
  return {
    columns: sql.join(names.map((name) => sql.raw(name))),
    values: sql.join(names.map((name) => textValue(stamp[name]))),
  };
}

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
