import { MESSAGES } from '@inventory/contract';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { RATE_LIMITS, type RateLimitName, type RateLimitRules } from './rules';

/** 429 with `Retry-After` (seconds until the window ends). */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES.tooManyRequests, { 'retry-after': String(retryAfterSeconds) });
  }
}

export interface RateLimiterOptions {
  db: Db;
  /** Overrides of RATE_LIMITS (tests use small windows and limits). */
  rules?: Partial<RateLimitRules>;
  now?: () => Date;
}

/** Expired windows are deleted at most this often per process, after a counted event. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Fixed-window counters in the `rate_limits` table: one row per key and window, incremented by an atomic upsert
 * (`insert … on conflict do update set count = count + 1 returning count`, the same SQL on SQLite and PostgreSQL), so
 * concurrent requests and several server processes count together.
 */
export function createRateLimiter({ db, rules: overrides = {}, now = () => new Date() }: RateLimiterOptions) {
  const rules: RateLimitRules = { ...RATE_LIMITS, ...overrides };
  let lastPrune = 0;

  const windowOf = (name: RateLimitName, at: number) => {
    const { windowMs } = rules[name];
    const start = Math.floor(at / windowMs) * windowMs;
    return { start: new Date(start).toISOString(), end: start + windowMs };
  };
  const keyOf = (name: RateLimitName, subject: string) => `${name}:${subject}`;

  function prune(at: number): void {
    if (at - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    // Opportunistic and best effort: a failure here never fails the request.
    db.deleteFrom('rate_limits')
      .where('expires_at', '<', new Date(at).toISOString())
      .execute()
      .catch(() => undefined);
  }

  return {
    rules,

    /** Count one event for `subject`; throws 429 once the window's count is over the limit. */
    async consume(name: RateLimitName, subject: string): Promise<void> {
      const at = now().getTime();
      const { start, end } = windowOf(name, at);
      const row = await db
        .insertInto('rate_limits')
        .values({ key: keyOf(name, subject), window_start: start, count: 1, expires_at: new Date(end).toISOString() })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      prune(at);
      if (Number(row.count) > rules[name].limit) throw new TooManyRequestsError(Math.max(1, Math.ceil((end - at) / 1000)));
    },

    /** Give back one event of the current window (a login that succeeded was not a failure). */
    async refund(name: RateLimitName, subject: string): Promise<void> {
      const { start } = windowOf(name, now().getTime());
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', keyOf(name, subject))
        .where('window_start', '=', start)
        .where('count', '>', 0)
        .execute();
    },

    /** Forget every counted event of `subject` (a successful login or a reset clears the account's failures). */
    async reset(name: RateLimitName, subject: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', keyOf(name, subject)).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
