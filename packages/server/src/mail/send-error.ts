import { oneLine } from './one-line';

/** The longest `last_error` kept. */
export const LAST_ERROR_MAX = 300;

interface TransportError {
  code?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

const fieldsOf = (error: unknown): TransportError => (typeof error === 'object' && error !== null ? (error as TransportError) : {});

/**
 * What went wrong with a send, on one short line for `last_error` and the log: the transport's code, the SMTP reply
 * code and its message, never the mail itself. Credentials that a URL in a message might carry (`//user:pass@`) are
 * cut out.
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode, message } = fieldsOf(error);
  const text = typeof message === 'string' ? message : String(error);
  const parts = [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? String(responseCode) : null, text];
  const line = oneLine(
    parts
      .filter((part): part is string => part !== null && part !== '')
      .join(' ')
      .replace(/\/\/[^/\s@]*@/g, '//'),
  );
  return line.length > LAST_ERROR_MAX ? `${line.slice(0, LAST_ERROR_MAX - 1)}…` : line;
}

/**
 * A refusal that trying again will not change: the SMTP server rejected every recipient with a permanent (5xx) reply
 * (no such mailbox, a malformed address). Anything else, the server unreachable, a temporary 4xx, a refused login
 * (fixed by correcting SMTP_URL), is tried again.
 */
export function isPermanentSendError(error: unknown): boolean {
  const { code, responseCode } = fieldsOf(error);
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}
