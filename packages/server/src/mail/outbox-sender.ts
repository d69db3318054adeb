import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Db } from '../db';
import { logFailedPoll } from '../db/failed-poll';
import type { MailOutboxTable } from '../db/types';
import type { MailAttachment, Mailer } from './index';
import { enqueueMail, type MailQueue, type MailStatus } from './outbox';
import { CLAIM_BATCH, CLAIM_TIMEOUT_MS, CLOSE_GRACE_MS, MAX_ATTEMPTS, OUTBOX_INTERVAL_MS, retryDelayMs } from './outbox-timing';
import { describeSendError, isPermanentSendError } from './send-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox (mail/outbox-sender.ts); tests call `flush` instead of waiting for the poll. */
    outbox: MailOutbox;
  }
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /**
   * The files a mail of a kind carries, made when it is sent from the row it is about (an issued invoice never
   * changes, so its PDF then is the PDF of when it was mailed); the outbox keeps no bytes.
   */
  attachments?: MailAttachments;
}

/** Per kind of mail, what it attaches; registered by the feature that sends that kind. */
export type MailAttachments = Map<string, (mail: { storeId: string | null; aboutId: string | null }) => Promise<MailAttachment[]>>;

/** What one flush did. */
export interface FlushResult {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Given up on. */
  failed: number;
}

type Row = Selectable<MailOutboxTable>;
type Outcome = keyof FlushResult;

const DUE: MailStatus[] = ['pending', 'sending'];

/**
 * The sending side of the outbox (docs/decisions/0036-mail-outbox.md). Every process runs one: it claims mails that
 * are due with one atomic UPDATE (on PostgreSQL through `FOR UPDATE SKIP LOCKED`, so two processes claim different
 * mails; on SQLite the write lock orders the claims and the claim re-checks each row), sends them through the mailer
 * and records the outcome against its own claim only. A claim that outlives CLAIM_TIMEOUT_MS is due again, so a
 * process that dies while sending loses nothing; a mail is sent twice only when a process dies after the mail server
 * accepted it and before it recorded so.
 */
export function createMailOutbox({ db, mailer, log, now, attachments }: MailOutboxOptions) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** This process's name on its claims: host, pid and a random part (two apps in one process are two claimants). */
  const claimant = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let running: Promise<FlushResult> | null = null;
  let kickScheduled = false;
  let closed = false;

  /** Claim up to CLAIM_BATCH due mails; a poll that finds none due only reads (no write lock on SQLite). */
  async function claimDue(): Promise<Row[]> {
    const at = now();
    const atIso = at.toISOString();
    const due = db.selectFrom('mail_outbox').select('id').where('status', 'in', DUE).where('next_attempt_at', '<=', atIso);
    if (!(await due.limit(1).executeTakeFirst())) return [];
    let batch = due.orderBy('next_attempt_at').limit(CLAIM_BATCH);
    if (postgres) batch = batch.forUpdate().skipLocked();
    return db
      .updateTable('mail_outbox')
      .set({
        status: 'sending' satisfies MailStatus,
        claimed_at: atIso,
        claimed_by: claimant,
        // While claimed, this is when the claim goes stale and the mail is due again.
        next_attempt_at: new Date(at.getTime() + CLAIM_TIMEOUT_MS).toISOString(),
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', 'in', batch)
      // Again in the UPDATE: on SQLite another process may have claimed a row between the read and the write lock.
      .where('status', 'in', DUE)
      .where('next_attempt_at', '<=', atIso)
      .returningAll()
      .execute();
  }

  /** Record the outcome, only if the claim is still ours (it was not taken over after going stale). */
  async function record(row: Row, changes: Partial<Omit<Row, 'id'>>, outcome: Outcome): Promise<Outcome | null> {
    const result = await db
      .updateTable('mail_outbox')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', claimant)
      .where('claimed_at', '=', row.claimed_at as string)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return outcome;
    log.warn({ mailId: row.id, kind: row.kind, to: row.to_address, subject: row.subject }, 'mail outcome not recorded: another process took the mail over');
    return null;
  }

  /**
   * A mail is done with: its bodies go (they may hold links that sign people in); who it went to, its subject, when
   * and by which process (the last claim) stay.
   */
  const done = (status: 'sent' | 'failed', lastError: string | null) => ({
    status,
    body_text: '',
    body_html: null,
    last_error: lastError,
    ...(status === 'sent' ? { sent_at: now().toISOString() } : {}),
  });

  async function deliver(row: Row): Promise<Outcome | null> {
    const about = { mailId: row.id, kind: row.kind, to: row.to_address, subject: row.subject, attempts: row.attempts };
    if (row.expires_at !== null && row.expires_at <= now().toISOString()) {
      log.warn(about, 'mail not sent: it expired before it could be');
      return record(row, done('failed', 'expired before it could be sent'), 'failed');
    }
    if (row.attempts > MAX_ATTEMPTS) {
      // Claimed once more than allowed: the last claims' processes died while sending it.
      log.error(about, 'mail given up: its processes stopped while sending it');
      return record(row, done('failed', `given up after ${MAX_ATTEMPTS} attempts`), 'failed');
    }
    try {
      const attach = attachments?.get(row.kind);
      const files = attach ? await attach({ storeId: row.store_id, aboutId: row.about_id }) : [];
      await mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html === null ? {} : { html: row.body_html }),
        ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
        ...(files.length > 0 ? { attachments: files } : {}),
      });
    } catch (error) {
      const reason = describeSendError(error);
      const delay = isPermanentSendError(error) ? null : retryDelayMs(row.attempts);
      if (delay === null) {
        log.error({ ...about, error: reason }, 'mail failed for good');
        return record(row, done('failed', reason), 'failed');
      }
      const nextAttemptAt = new Date(now().getTime() + delay).toISOString();
      log.warn({ ...about, error: reason, nextAttemptAt }, 'mail failed; trying again later');
      return record(
        row,
        { status: 'pending' satisfies MailStatus, next_attempt_at: nextAttemptAt, last_error: reason },
        'retrying',
      );
    }
    log.info(about, 'mail sent');
    return record(row, done('sent', null), 'sent');
  }

  /** Claim and send batches until none is due. */
  async function sendDue(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retrying: 0, failed: 0 };
    while (!closed) {
      const claimed = await claimDue();
      const outcomes = await Promise.all(
        claimed.map((row) =>
          deliver(row).catch((error: unknown) => {
            // Sent or not, the outcome could not be written (the database went away): the claim goes stale and the
            // mail is tried again then.
            log.error({ mailId: row.id, err: error }, 'mail outcome not recorded');
            return null;
          }),
        ),
      );
      for (const outcome of outcomes) if (outcome) result[outcome] += 1;
      if (claimed.length < CLAIM_BATCH) break;
    }
    return result;
  }

  async function flush(): Promise<FlushResult> {
    while (running) await running.catch(() => undefined);
    if (closed) return { sent: 0, retrying: 0, failed: 0 };
    running = sendDue();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const queue: MailQueue = {
    enqueue: (trx, mail) => enqueueMail(trx, mail, now()),
    kick() {
      if (closed || kickScheduled) return;
      kickScheduled = true;
      setImmediate(() => {
        kickScheduled = false;
        flush().catch((error: unknown) => logFailedPoll(log, error, OUTBOX_INTERVAL_MS, 'mails'));
      });
    },
  };

  return {
    ...queue,
    /** Send every mail due now; one run at a time per process. */
    flush,
    /** Stop claiming; wait a little for mails being sent. Mails not sent stay in the outbox for another process. */
    async close(): Promise<void> {
      closed = true;
      const inFlight = running;
      if (!inFlight) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight.catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_GRACE_MS);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },
    log,
    /** This process's name on its claims. */
    claimant,
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;

/**
 * Poll while the app runs. Register it after the hook that closes the mailer and the database: onClose hooks run
 * last-registered first, so the outbox stops (and its sends in flight finish, within CLOSE_GRACE_MS) before those close.
 */
export function registerMailOutbox(app: FastifyInstance, outbox: MailOutbox, intervalMs = OUTBOX_INTERVAL_MS): void {
  app.decorate('outbox', outbox);
  const timer = setInterval(() => {
    outbox.flush().catch((error: unknown) => logFailedPoll(outbox.log, error, intervalMs, 'mails'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await outbox.close();
  });
}
