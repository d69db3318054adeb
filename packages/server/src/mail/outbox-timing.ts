const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long a mail waits after each failed attempt before the next: quick at first (a mail server restarting), then
 * hours apart, so a mail server out for up to 55 hours (a weekend) loses nothing. After the last attempt fails the
 * mail is marked failed (docs/decisions/0036-mail-outbox.md).
 */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, 24 * HOUR, 24 * HOUR] as const;

/** Attempts in all: the first, then one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the attempt numbered `attempts` (1 for the first) failed, or null when it was the last. */
export function retryDelayMs(attempts: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a whole number from 1, not ${attempts}`);
  return attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempts - 1]! : null;
}

/**
 * A claim older than this belongs to a process that died (or hung) while sending: another process may take the mail
 * over. Well above the longest a live send can take (mail/index.ts: SMTP_TIMEOUTS), so a live process always finishes
 * with its mail first.
 */
export const CLAIM_TIMEOUT_MS = 5 * MINUTE;

/** How often each process looks for mail due (retries, mail other processes left): OUTBOX_INTERVAL_MS. */
export const OUTBOX_INTERVAL_MS = 5 * SECOND;
/** Mails one claim takes; they are sent side by side, each within SMTP_TIMEOUTS, so the batch ends well inside its claim. */
export const CLAIM_BATCH = 5;
/** How long closing waits for mails being sent; a send still going then is taken over by another process later. */
export const CLOSE_GRACE_MS = 3 * SECOND;
