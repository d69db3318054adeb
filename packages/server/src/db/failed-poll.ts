import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './availability';

/**
 * A poll (reorder alerts, the mail outbox) that finds the database busy (another process holding SQLite's write lock
 * past the busy timeout, as a long import does) or out of reach is expected now and then: the next poll tries again,
 * so it is a warning without a stack, not an error logged in full every interval. `what` names what waits, in the
 * plural ("reorder alerts").
 */
export function logFailedPoll(log: FastifyBaseLogger, error: unknown, intervalMs: number, what: string): void {
  if (isDatabaseUnavailable(error)) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    log.warn({ code }, `${what} wait: the database is busy or unreachable; trying again in ${intervalMs / 1000} s`);
  } else {
    log.error({ err: error }, `could not send ${what}`);
  }
}
