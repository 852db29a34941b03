/**
 * Which errors mean "the database cannot serve right now" (answer 503 and let the client retry)
 * rather than a bug (500). Only failures of the connection or of the server's capacity count; a
 * constraint violation or bad SQL stays a bug.
 */

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be opened or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** SQLSTATEs: 08xxx are handled as a class below. */
const UNAVAILABLE_SQLSTATES = new Set([
  '53300', // too_many_connections
  '57014', // query_canceled: our statement_timeout fired, the server is too slow
  '57P01', // admin_shutdown: server stopping, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: server starting up or shutting down
]);

/** Messages `pg` and `pg-pool` give their own connection failures (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/i, // pool acquisition (connectionTimeoutMillis)
  /^Connection terminated/i, // unexpectedly / due to connection timeout
  /^Client has encountered a connection error and is not queryable$/i,
  /^Connection refused/i,
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function matchesOne(error: Record<string, unknown>): boolean {
  const code = error.code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  const message = error.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message));
}

/**
 * True when `error`, or anything in its `cause` chain (Drizzle wraps driver errors), says the
 * database is down, unreachable, full or too slow. Also looks inside an AggregateError (Node's
 * connect reports every address it tried).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!isRecord(error) || depth > 8) return false;
  if (matchesOne(error)) return true;
  if (Array.isArray(error.errors) && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * True when `error` (or the driver error Drizzle wraps in `cause`) is a unique violation of the
 * index or constraint whose name contains `constraint`: a race the database settled, to answer as 409/422.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; isRecord(e) && depth <= 8; e = e.cause, depth++) {
    if (e.code === '23505' && typeof e.constraint === 'string' && e.constraint.includes(constraint)) return true;
  }
  return false;
}
