import { MESSAGES, type Role, type Store } from '@inventory/contract';
import { type Kysely, PostgresAdapter } from 'kysely';
import { sha256Hex } from '../crypto';
import type { Database } from '../db';
import { HttpError } from '../http/errors';

/**
 * Use an invitation link: in the caller's write transaction, check it is open and for this email, mark it used and
 * make the user a member of its store with its role (or keep the role they have there). Accepting from the
 * invitation page and registering through the link both come here, so the rules are the same on both paths.
 */
export async function acceptInvitation(
  trx: Kysely<Database>,
  invitee: { userId: string; email: string },
  token: string,
  at: Date,
): Promise<Store> {
  const iso = at.toISOString();
  const row = await trx
    .selectFrom('invitations')
    .innerJoin('stores', 'stores.id', 'invitations.store_id')
    .select([
      'invitations.id',
      'invitations.store_id',
      'invitations.email',
      'invitations.role',
      'invitations.expires_at',
      'invitations.accepted_at',
      'invitations.revoked_at',
      'stores.name as store_name',
    ])
    .where('invitations.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.accepted_at !== null || row.revoked_at !== null || row.expires_at <= iso) {
    throw new HttpError(400, MESSAGES.invitationInvalid);
  }
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // SQLite's BEGIN IMMEDIATE already holds the write lock.
    await trx.selectFrom('stores').select('id').where('id', '=', row.store_id).forUpdate().executeTakeFirst();
  }
  if (row.email !== invitee.email.toLowerCase()) throw new HttpError(403, MESSAGES.invitationOtherEmail(row.email));
  const used = await trx
    .updateTable('invitations')
    .set({ accepted_at: iso })
    .where('id', '=', row.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new HttpError(400, MESSAGES.invitationInvalid);
  const existing = await trx
    .selectFrom('memberships')
    .select('role')
    .where('store_id', '=', row.store_id)
    .where('user_id', '=', invitee.userId)
    .executeTakeFirst();
  if (existing) return { _id: row.store_id, name: row.store_name, role: existing.role as Role };
  await trx
    .insertInto('memberships')
    .values({ store_id: row.store_id, user_id: invitee.userId, role: row.role, joined_at: iso, last_active_at: iso })
    .execute();
  return { _id: row.store_id, name: row.store_name, role: row.role as Role };
}
