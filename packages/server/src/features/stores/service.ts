import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  assignableRoles,
  memberRemovalRefusal,
  memberRoleChangeRefusal,
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationCreateBody,
  type InvitationPreview,
  type Member,
  MESSAGES,
  type Role,
  ROLE_LABELS,
  ROLE_RANK,
  type Store,
  type StoreListItem,
  type TokenCreateBody,
  type User,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter } from 'kysely';
import { randomToken, sha256Hex } from '../../crypto';
import type { Database, Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import { escapeHtml } from '../../mail/escape-html';
import { oneLine } from '../../mail/one-line';
import type { MailQueue } from '../../mail/outbox';
import type { RateLimiter } from '../../rate-limit/limiter';
import type { SessionStore } from '../../session';
import { acceptInvitation } from '../../stores/accept-invitation';
import { mostRecentStore, type StoreContext } from '../../stores/access';
import { deleteTokensOfMaker } from '../../stores/api-tokens';
import { createStore } from '../../stores/create-store';
import { removeStoreRows } from '../../stores/remove-store';
import type { UploadService } from '../../uploads/service';

export interface StoreServiceOptions {
  db: Db;
  sessions: SessionStore;
  mail: MailQueue;
  uploads: UploadService;
  limiter: RateLimiter;
  /** Where the front end lives: invitation links point there. */
  appUrl: string;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Owners first, then managers, staff, viewers; by name within a role. */
const byRoleThenName = (a: Member, b: Member) => ROLE_RANK[b.role] - ROLE_RANK[a.role] || a.name.localeCompare(b.name);

/**
 * Stores, their members, invitations and API tokens. Rules that read then write (the last owner, single-use links)
 * run in a write transaction that locks the store (db/write-transaction.ts), so two requests, in one process or
 * several, cannot both pass the check.
 */
export function createStoreService({ db, sessions, mail, uploads, limiter, appUrl, now = () => new Date() }: StoreServiceOptions) {
  const storeRow = (storeId: string) => db.selectFrom('stores').select(['id', 'name']).where('id', '=', storeId).executeTakeFirst();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** Inside a write transaction: lock the store row (PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the write lock). */
  const lockStore = async (trx: Kysely<Database>, storeId: string) => {
    if (postgres) await trx.selectFrom('stores').select('id').where('id', '=', storeId).forUpdate().executeTakeFirst();
  };

  const memberRow = (trx: Kysely<Database>, storeId: string, userId: string) =>
    trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'memberships.joined_at', 'memberships.last_active_at'])
      .where('memberships.store_id', '=', storeId)
      .where('memberships.user_id', '=', userId)
      .executeTakeFirst();

  const toMember = (row: NonNullable<Awaited<ReturnType<typeof memberRow>>>): Member => ({
    userId: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    joinedAt: row.joined_at,
    lastActiveAt: row.last_active_at,
  });

  async function ownerCount(trx: Kysely<Database>, storeId: string): Promise<number> {
    const { n } = await trx
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('store_id', '=', storeId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  const openInvitations = (storeId: string) =>
    db
      .selectFrom('invitations')
      .leftJoin('users', 'users.id', 'invitations.invited_by')
      .select([
        'invitations.id',
        'invitations.email',
        'invitations.role',
        'invitations.created_at',
        'invitations.expires_at',
        'users.name as invited_by_name',
      ])
      .where('invitations.store_id', '=', storeId)
      .where('invitations.accepted_at', 'is', null)
      .where('invitations.revoked_at', 'is', null)
      .where('invitations.expires_at', '>', now().toISOString());

  const toInvitation = (row: {
    id: string;
    email: string;
    role: string;
    created_at: string;
    expires_at: string;
    invited_by_name: string | null;
  }): Invitation => ({
    _id: row.id,
    email: row.email,
    role: row.role as Role,
    invitedBy: row.invited_by_name ?? MESSAGES.formerMember,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  });

  /** An open invitation by its link's token, with its store's name; null when unknown, used, revoked or expired. */
  async function openInvitation(trx: Kysely<Database>, token: string) {
    const row = await trx
      .selectFrom('invitations')
      .innerJoin('stores', 'stores.id', 'invitations.store_id')
      .leftJoin('users', 'users.id', 'invitations.invited_by')
      .select([
        'invitations.id',
        'invitations.store_id',
        'invitations.email',
        'invitations.role',
        'invitations.expires_at',
        'invitations.accepted_at',
        'invitations.revoked_at',
        'stores.name as store_name',
        'users.name as invited_by_name',
      ])
      .where('invitations.token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row || row.accepted_at !== null || row.revoked_at !== null || row.expires_at <= now().toISOString()) return null;
    return row;
  }

  const toApiToken = (row: {
    id: string;
    name: string;
    role: string;
    created_at: string;
    expires_at: string | null;
    last_used_at: string | null;
    created_by_name: string | null;
  }): ApiToken => ({
    _id: row.id,
    name: row.name,
    role: row.role as Role,
    createdBy: row.created_by_name ?? MESSAGES.formerMember,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  });

  return {
    // ---- stores ----

    /** The user's stores by name; `active` is the session's store (the most recent one if it has none). */
    async list(user: User, sessionIdHash: string, activeStoreId: string | null, activeRole: Role | null): Promise<StoreListItem[]> {
      let active = activeRole !== null ? activeStoreId : null;
      if (active === null) {
        active = (await mostRecentStore(db, user._id, user.name, now())).storeId;
        await sessions.setStore(sessionIdHash, active);
      }
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('stores', 'stores.id', 'memberships.store_id')
        .select(['stores.id', 'stores.name', 'memberships.role'])
        .where('memberships.user_id', '=', user._id)
        .execute();
      return rows
        .map((row) => ({ _id: row.id, name: row.name, role: row.role as Role, active: row.id === active }))
        .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
    },

    /** A new store owned by the user, made their session's active store. */
    async create(user: User, sessionIdHash: string, name: string): Promise<Store> {
      const store = await db.transaction().execute((trx) => createStore(trx, user._id, name, now()));
      await sessions.setStore(sessionIdHash, store.id);
      return { _id: store.id, name: store.name, role: 'owner' };
    },

    async active(context: StoreContext): Promise<Store> {
      const row = await storeRow(context.storeId);
      if (!row) throw new HttpError(403, MESSAGES.notAMember);
      return { _id: row.id, name: row.name, role: context.role };
    },

    /** Make another of the user's stores the session's active one. */
    async switchTo(userId: string, sessionIdHash: string, storeId: string): Promise<Store> {
      const row = await db
        .selectFrom('memberships')
        .innerJoin('stores', 'stores.id', 'memberships.store_id')
        .select(['stores.id', 'stores.name', 'memberships.role'])
        .where('memberships.user_id', '=', userId)
        .where('memberships.store_id', '=', storeId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, MESSAGES.storeNotFound);
      await sessions.setStore(sessionIdHash, storeId);
      await db
        .updateTable('memberships')
        .set({ last_active_at: now().toISOString() })
        .where('store_id', '=', storeId)
        .where('user_id', '=', userId)
        .execute();
      return { _id: row.id, name: row.name, role: row.role as Role };
    },

    async rename(context: StoreContext, name: string): Promise<Store> {
      await db.updateTable('stores').set({ name, updated_at: now().toISOString() }).where('id', '=', context.storeId).execute();
      return { _id: context.storeId, name, role: context.role };
    },

    /**
     * Delete the store and everything it holds (members, products, orders, images, invitations, tokens) in one
     * transaction that holds the store (stores/remove-store.ts), the image bytes after. The session moves to another
     * of the user's stores.
     */
    async remove(context: StoreContext, user: User, sessionIdHash: string): Promise<void> {
      const images = await writeTransaction(db, async (trx) => {
        await lockStore(trx, context.storeId);
        const names = await trx.selectFrom('uploads').select('name').where('store_id', '=', context.storeId).execute();
        await removeStoreRows(trx, context.storeId);
        return names;
      });
      for (const image of images) await uploads.removeQuietly(image.name);
      const next = await mostRecentStore(db, user._id, user.name, now());
      await sessions.setStore(sessionIdHash, next.storeId);
    },

    // ---- members ----

    async members(context: StoreContext): Promise<Member[]> {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'memberships.joined_at', 'memberships.last_active_at'])
        .where('memberships.store_id', '=', context.storeId)
        .execute();
      return rows.map(toMember).sort(byRoleThenName);
    },

    /** Owners set any role; managers move staff and viewers between those two. The last owner stays an owner. */
    async changeRole(context: StoreContext, userId: string, role: Role): Promise<Member> {
      return writeTransaction(db, async (trx) => {
        await lockStore(trx, context.storeId);
        const target = await memberRow(trx, context.storeId, userId);
        const refusal = memberRoleChangeRefusal({
          actor: context.role,
          target: (target?.role as Role | undefined) ?? null,
          role,
          owners: await ownerCount(trx, context.storeId),
        });
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        await trx.updateTable('memberships').set({ role }).where('store_id', '=', context.storeId).where('user_id', '=', userId).execute();
        return toMember({ ...target!, role });
      });
    },

    /** Remove a member (owners: anyone; managers: staff and viewers), or leave (anyone, themselves). */
    async removeMember(context: StoreContext, userId: string): Promise<'left' | 'removed'> {
      const leaving = context.actor.tokenId === null && userId === context.actor.userId;
      await writeTransaction(db, async (trx) => {
        await lockStore(trx, context.storeId);
        const target = await memberRow(trx, context.storeId, userId);
        const refusal = memberRemovalRefusal({
          actor: context.role,
          target: (target?.role as Role | undefined) ?? null,
          leaving,
          owners: await ownerCount(trx, context.storeId),
        });
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        await trx.deleteFrom('memberships').where('store_id', '=', context.storeId).where('user_id', '=', userId).execute();
        await deleteTokensOfMaker(trx, context.storeId, userId);
      });
      return leaving ? 'left' : 'removed';
    },

    // ---- invitations ----

    async invitations(context: StoreContext): Promise<Invitation[]> {
      const rows = await openInvitations(context.storeId).orderBy('invitations.created_at', 'desc').execute();
      return rows.map(toInvitation);
    },

    /** Invite an email with a role the inviter may give; mails a single-use link (written to the outbox with the invitation). */
    async invite(context: StoreContext, body: InvitationCreateBody): Promise<Invitation> {
      if (!assignableRoles(context.role).includes(body.role)) throw new HttpError(403, MESSAGES.roleNotAssignable(body.role));
      await limiter.consume('invitations', context.storeId);
      const token = randomToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const row = {
        id: randomUUID(),
        store_id: context.storeId,
        email: body.email,
        role: body.role,
        token_hash: sha256Hex(token),
        invited_by: context.actor.userId,
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        accepted_at: null,
        revoked_at: null,
      };
      const inviterName = await writeTransaction(db, async (trx) => {
        await lockStore(trx, context.storeId);
        const member = await trx
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select('users.id')
          .where('memberships.store_id', '=', context.storeId)
          .where('users.email', '=', body.email)
          .executeTakeFirst();
        if (member) throw new HttpError(409, MESSAGES.alreadyMember(body.email));
        const pending = await trx
          .selectFrom('invitations')
          .select('id')
          .where('store_id', '=', context.storeId)
          .where('email', '=', body.email)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', at.toISOString())
          .executeTakeFirst();
        if (pending) throw new HttpError(409, MESSAGES.alreadyInvited(body.email));
        await trx.insertInto('invitations').values(row).execute();
        const store = await trx.selectFrom('stores').select('name').where('id', '=', context.storeId).executeTakeFirstOrThrow();
        const inviter = await trx.selectFrom('users').select('name').where('id', '=', context.actor.userId).executeTakeFirst();
        // One line each: the text part and the subject interpolate them.
        const storeName = oneLine(store.name);
        const invitedBy = oneLine(inviter?.name ?? MESSAGES.formerMember);
        const link = `${appUrl}${INVITATION_PATH}/${token}`;
        const role = ROLE_LABELS[body.role].toLowerCase();
        await mail.enqueue(trx, {
          kind: 'invitation',
          storeId: context.storeId,
          aboutId: row.id,
          to: body.email,
          expiresAt,
          subject: `${invitedBy} invited you to ${storeName} on Inventory`,
          text: [
            'Hello,',
            '',
            `${invitedBy} invited you to join ${storeName} on Inventory as ${role}.`,
            'Open the link below to accept; you can register there if you have no account yet:',
            '',
            link,
            '',
            `The link works once, for ${INVITATION_TTL_DAYS} days.`,
            '',
            'Regards,',
            'Inventory',
          ].join('\n'),
          html: [
            '<p>Hello,</p>',
            `<p>${escapeHtml(invitedBy)} invited you to join <strong>${escapeHtml(storeName)}</strong> on Inventory as ${role}.</p>`,
            '<p>Open the link below to accept; you can register there if you have no account yet:</p>',
            `<p><a href="${link}">${link}</a></p>`,
            `<p>The link works once, for ${INVITATION_TTL_DAYS} days.</p>`,
            '<p>Regards,<br>Inventory</p>',
          ].join('\n'),
        });
        return invitedBy;
      });
      mail.kick();
      return toInvitation({ ...row, invited_by_name: inviterName });
    },

    async revokeInvitation(context: StoreContext, id: string): Promise<void> {
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: now().toISOString() })
        .where('id', '=', id)
        .where('store_id', '=', context.storeId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(404, MESSAGES.invitationNotFound);
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await openInvitation(db, token);
      if (!row) throw new HttpError(400, MESSAGES.invitationInvalid);
      return {
        storeName: row.store_name,
        email: row.email,
        role: row.role as Role,
        invitedBy: row.invited_by_name ?? MESSAGES.formerMember,
        expiresAt: row.expires_at,
      };
    },

    /** Join the invited store (once; the user's email must be the one invited) and make it the session's store. */
    async accept(user: User, sessionIdHash: string, token: string): Promise<Store> {
      const store = await writeTransaction(db, (trx) => acceptInvitation(trx, { userId: user._id, email: user.email }, token, now()));
      await sessions.setStore(sessionIdHash, store._id);
      return store;
    },

    // ---- API tokens ----

    async tokens(context: StoreContext): Promise<ApiToken[]> {
      const rows = await db
        .selectFrom('api_tokens')
        .leftJoin('users', 'users.id', 'api_tokens.created_by')
        .select([
          'api_tokens.id',
          'api_tokens.name',
          'api_tokens.role',
          'api_tokens.created_at',
          'api_tokens.expires_at',
          'api_tokens.last_used_at',
          'users.name as created_by_name',
        ])
        .where('api_tokens.store_id', '=', context.storeId)
        .where('api_tokens.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now().toISOString())]))
        .orderBy('api_tokens.created_at', 'desc')
        .execute();
      return rows.map(toApiToken);
    },

    /** A token with a role no higher than its maker's; the secret is answered once and only its hash is kept. */
    async createToken(context: StoreContext, creatorName: string, body: TokenCreateBody): Promise<ApiTokenCreated> {
      if (ROLE_RANK[body.role] > ROLE_RANK[context.role]) throw new HttpError(403, MESSAGES.tokenRoleTooHigh);
      const at = now();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= at.getTime()) throw new HttpError(400, MESSAGES.tokenExpiryPast);
      const secret = `${API_TOKEN_PREFIX}${randomToken()}`;
      const row = {
        id: randomUUID(),
        store_id: context.storeId,
        name: body.name,
        role: body.role,
        token_hash: sha256Hex(secret),
        created_by: context.actor.userId,
        created_at: at.toISOString(),
        expires_at: expiresAt?.toISOString() ?? null,
        last_used_at: null,
        revoked_at: null,
      };
      await db.insertInto('api_tokens').values(row).execute();
      return { ...toApiToken({ ...row, created_by_name: creatorName }), token: secret };
    },

    async revokeToken(context: StoreContext, id: string): Promise<void> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: now().toISOString() })
        .where('id', '=', id)
        .where('store_id', '=', context.storeId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new HttpError(404, MESSAGES.tokenNotFound);
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
