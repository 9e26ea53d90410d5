/**
 * Whether an error means PayDesk cannot reach its database (down, restarting, unreachable, or no
 * connection free within the pool's timeout), as opposed to a query that reached it and failed.
 * Pages then say so in words instead of the framework's generic error. Drizzle wraps the driver's
 * error as `cause`; a connection refused on several addresses is an AggregateError of them.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * SQLSTATEs of a server going away or not taking connections yet: admin_shutdown ("terminating
 * connection due to administrator command"), crash_shutdown, cannot_connect_now ("the database
 * system is starting up"), and class 08, connection exceptions.
 */
const SERVER_GONE = /^(57P0[123]|08...)$/;

/** The `pg` driver's own words when a connection fails or ends under it. */
const DRIVER_WORDS =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed and is not queryable/i;

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (DRIVER_WORDS.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}
