import { randomUUID } from 'node:crypto';
import {
  type ChangePasswordBody,
  type LoginBody,
  MESSAGES,
  type RegisterBody,
  RESET_TOKEN_TTL_MINUTES,
  type ResetBody,
  type UpdateUserBody,
  type User,
} from '@inventory/contract';
import type { BackgroundJobs } from '../../background-jobs';
import { randomToken, sha256Hex } from '../../crypto';
import { type Db, isUniqueViolation } from '../../db';
import { HttpError } from '../../http/errors';
import { escapeHtml } from '../../mail/escape-html';
import { oneLine } from '../../mail/one-line';
import type { MailQueue } from '../../mail/outbox';
import type { PublicUrls } from '../../public-urls';
import type { RateLimiter } from '../../rate-limit/limiter';
import type { SessionStore } from '../../session';
import { type UploadService, uploadNameOf } from '../../uploads/service';
import { writeTransaction } from '../../db/write-transaction';
import { acceptInvitation } from '../../stores/accept-invitation';
import { createStore, personalStoreName } from '../../stores/create-store';
import { toUser } from '../../user-shape';
import type { Passwords } from './passwords';

export interface UserServiceOptions {
  db: Db;
  sessions: SessionStore;
  mail: MailQueue;
  uploads: UploadService;
  /** The URLs users are answered with (photos). */
  urls: PublicUrls;
  /** Where the front end lives: reset links point there. */
  appUrl: string;
  limiter: RateLimiter;
  /** How passwords are hashed and checked (at the configured cost). */
  passwords: Passwords;
  /** Where the reset link is stored and its mail written to the outbox, after the forgot-password answer. */
  jobs: BackgroundJobs;
  now?: () => Date;
}

/** Photo: empty, an http(s) URL, or this server's own upload path. */
export function isAllowedPhoto(photo: string): boolean {
  if (photo === '') return true;
  if (/^\/uploads\/[A-Za-z0-9._/-]+$/.test(photo) && !photo.includes('..')) return true;
  try {
    const url = new URL(photo);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createUserService({ db, sessions, mail, uploads, urls, appUrl, limiter, passwords, jobs, now = () => new Date() }: UserServiceOptions) {
  const { hashPassword, verifyDummy, verifyPassword } = passwords;
  const findById = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const findByEmail = (email: string) =>
    db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

  /**
   * Store a new reset token for the user (replacing an unused one) and write the mail with its link to the outbox, in
   * one transaction: a token is never stored without its mail, nor a mail written for a token that is not.
   */
  async function mailResetLink(row: { id: string; email: string; name: string }): Promise<void> {
    const token = randomToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
    const link = `${appUrl}/resetpassword/${token}`;
    await writeTransaction(db, async (trx) => {
      await trx.deleteFrom('password_resets').where('user_id', '=', row.id).where('used_at', 'is', null).execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: sha256Hex(token),
          user_id: row.id,
          expires_at: expiresAt.toISOString(),
          used_at: null,
          created_at: at.toISOString(),
        })
        .execute();
      await mail.enqueue(trx, {
        kind: 'password_reset',
        aboutId: row.id,
        to: row.email,
        // A link that no longer works is not worth sending.
        expiresAt,
        subject: 'Password reset request',
        text: [
          `Hello ${oneLine(row.name)},`,
          '',
          'Use the link below to choose a new password:',
          '',
          link,
          '',
          `The link is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once.`,
          'If you did not ask for a reset, ignore this mail; your password stays the same.',
          '',
          'Regards,',
          'Inventory',
        ].join('\n'),
        html: [
          `<p>Hello ${escapeHtml(row.name)},</p>`,
          '<p>Use the link below to choose a new password:</p>',
          `<p><a href="${link}">${link}</a></p>`,
          `<p>The link is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and works once.</p>`,
          '<p>If you did not ask for a reset, ignore this mail; your password stays the same.</p>',
          '<p>Regards,<br>Inventory</p>',
        ].join('\n'),
      });
    });
    mail.kick();
  }

  /**
   * What a photo sent to updateuser is stored as: the default avatar (as answered, or its path) is no photo (''); one
   * of this server's uploads, relative or absolute on PUBLIC_URL, must be this user's own photo upload and is stored
   * as its `/uploads/<name>` path; any other http(s) address as sent.
   */
  async function photoToStore(userId: string, photo: string): Promise<string> {
    if (urls.isDefaultAvatar(photo)) return '';
    const uploadPath = urls.uploadPath(photo);
    if (uploadPath === null) {
      if (!isAllowedPhoto(photo)) throw new HttpError(400, MESSAGES.photoMustBeHttp);
      return photo;
    }
    const name = uploadNameOf(uploadPath);
    if (!name || !(await uploads.isOwned(userId, name, 'photo'))) throw new HttpError(400, MESSAGES.photoMustBeHttp);
    return uploadPath;
  }

  return {
    async getById(id: string): Promise<User | null> {
      const row = await findById(id);
      return row ? toUser(row, urls) : null;
    },

    /** Create the account (the route then starts its first session); `address` is the client's, for the per-address limit. */
    async register(body: RegisterBody, address: string): Promise<User> {
      await limiter.consume('register', address);
      const email = body.email.toLowerCase();
      if (await findByEmail(email)) throw new HttpError(409, MESSAGES.emailTaken);
      const at = now().toISOString();
      const row = {
        id: randomUUID(),
        name: body.name,
        email,
        password_hash: await hashPassword(body.password),
        phone: '',
        bio: '',
        photo: '',
        created_at: at,
        updated_at: at,
      };
      try {
        // The account and its first store together, or neither: through an invitation link, the invited store (no
        // store of its own, which would only sit in the switcher); else a store of its own, as its owner.
        await writeTransaction(db, async (trx) => {
          await trx.insertInto('users').values(row).execute();
          if (body.invitation) await acceptInvitation(trx, { userId: row.id, email }, body.invitation, new Date(at));
          else await createStore(trx, row.id, personalStoreName(row.name), new Date(at));
        });
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
        throw error;
      }
      return toUser(row, urls);
    },

    /**
   * Check the credentials; the same 401, in about the same time, for an unknown email and a wrong password.
   * (The app reads a 401 from login as bad credentials, not as an expired session.)
   * Throttled before the password is checked: per client address, then per account (the lowercased email, registered
   * or not, so a 429 says nothing about whether it exists). Each attempt is counted up front, atomically, so parallel
   * guesses cannot slip past the limit; a success gives the address its attempt back and clears the account's count.
   */
    async login(body: LoginBody, address: string): Promise<User> {
      const account = body.email.trim().toLowerCase();
      await limiter.consume('loginAddress', address);
      await limiter.consume('loginAccount', account);
      const row = await findByEmail(body.email);
      if (!row) {
        await verifyDummy(body.password);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(row.password_hash, body.password))) {
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      await limiter.reset('loginAccount', account);
      await limiter.refund('loginAddress', address);
      return toUser(row, urls);
    },

    /**
     * Update the profile. The photo is stored as the answers name it back (photoToStore); when it changes away from
     * one of the user's uploads, the old upload is removed once the new profile is saved.
     */
    async update(userId: string, body: UpdateUserBody): Promise<User> {
      const photo = body.photo === undefined ? undefined : await photoToStore(userId, body.photo);
      const before = await findById(userId);
      if (!before) throw new HttpError(404, MESSAGES.userNotFound);
      const changes: Partial<Record<'name' | 'phone' | 'bio' | 'photo', string>> = {};
      for (const key of ['name', 'phone', 'bio'] as const) {
        const value = body[key];
        if (value !== undefined) changes[key] = value;
      }
      if (photo !== undefined) changes.photo = photo;
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now().toISOString() })
        .where('id', '=', userId)
        .execute();
      const row = await findById(userId);
      if (!row) throw new HttpError(404, MESSAGES.userNotFound);
      const oldUpload = uploadNameOf(before.photo);
      if (oldUpload && row.photo !== before.photo && (await uploads.isOwned(userId, oldUpload, 'photo'))) {
        await uploads.removeQuietly(oldUpload);
      }
      return toUser(row, urls);
    },

    /** Change the password and end every other session of the user; the current one stays. */
    async changePassword(userId: string, currentSessionHash: string, body: ChangePasswordBody): Promise<void> {
      const row = await findById(userId);
      if (!row) throw new HttpError(404, MESSAGES.userNotFound);
      if (!(await verifyPassword(row.password_hash, body.oldPassword))) {
        throw new HttpError(400, MESSAGES.wrongOldPassword);
      }
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.password), updated_at: now().toISOString() })
        .where('id', '=', userId)
        .execute();
      await sessions.deleteOthers(userId, currentSessionHash);
    },

    /**
     * Mail a single-use reset link when the email is registered; silently nothing otherwise. Limited per client
     * address only: a per-account limit would let anyone block an owner's reset. The token and its mail are written
     * after the answer (a background job), so a registered email answers as fast as an unknown one; from that commit
     * on the mail is in the outbox (docs/decisions/0036-mail-outbox.md).
     */
    async forgotPassword(email: string, address: string): Promise<void> {
      await limiter.consume('forgotPassword', address);
      const row = await findByEmail(email);
      if (row) jobs.run('password reset mail', () => mailResetLink(row));
    },

    /**
     * Set a new password with a reset token: single use, unexpired; ends every session of the user and clears the
     * account's login failures, so its owner can sign in at once even while an attacker keeps failing.
     */
    async resetPassword(token: string, body: ResetBody, address: string): Promise<void> {
      await limiter.consume('resetPassword', address);
      const tokenHash = sha256Hex(token);
      const at = now().toISOString();
      const reset = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!reset || reset.used_at !== null || reset.expires_at <= at) throw new HttpError(400, MESSAGES.resetTokenInvalid);
      // Claim the token first, conditionally, so two concurrent uses cannot both succeed.
      const claimed = await db
        .updateTable('password_resets')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(400, MESSAGES.resetTokenInvalid);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.password), updated_at: at })
        .where('id', '=', reset.user_id)
        .execute();
      await sessions.deleteAll(reset.user_id);
      const user = await findById(reset.user_id);
      if (user) await limiter.reset('loginAccount', user.email.toLowerCase());
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
