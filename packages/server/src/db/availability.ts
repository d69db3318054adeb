/**
 * Whether an error means "the database cannot be reached right now" (answered 503, retried later) rather than a bug
 * (500). PostgreSQL: the socket failed or timed out, the server is shutting down or not accepting connections, the
 * pool could not connect in time, a statement ran past its timeout. SQLite: I/O errors, the file cannot be opened,
 * the database is locked past busy_timeout or the disk is full, or the connection is closed.
 */

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now), 57014 (statement timeout). */
const PG_STATES = /^(08\d\d\d|57P0[1-3]|57014|53300)$/;

const SQLITE_CODES = /^SQLITE_(IOERR|CANTOPEN|BUSY|LOCKED|FULL|NOTADB|CORRUPT|READONLY_DBMOVED)/;

const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'The database connection is not open',
  'driver has already been destroyed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((known) => message.includes(known))) return true;
  // Connection errors can come wrapped (AggregateError from a dual-stack connect, or `cause`).
  const { errors, cause } = error as { errors?: unknown; cause?: unknown };
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
