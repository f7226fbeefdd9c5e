/**
 * Errors that mean "the database cannot be reached right now" rather than
 * "this request is wrong" or "our code is wrong": a PostgreSQL restart or
 * network drop, a pool that cannot get a connection in time, a SQLite file
 * still locked after the busy timeout. They answer 503 with Retry-After, so
 * clients and load balancers wait and retry instead of reporting a bug.
 */

// PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator
// intervention: shutdown, crash recovery, cannot connect now).
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[1-4])$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const SQLITE_UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);
// node-postgres reports a lost connection and a pool timeout by message only.
const PG_CLIENT_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.test(code) || NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.has(code))) {
    return true;
  }
  if (PG_CLIENT_MESSAGES.test(error.message)) return true;
  // AggregateError from a connect attempt to several addresses (IPv4 and IPv6).
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
