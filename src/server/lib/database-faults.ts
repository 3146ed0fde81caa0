import { errorText } from "../../domain/error-text";
/**
 * Database faults that are not the request's doing (CONTRACT.md section 6): a full disk, a
 * read-only database, an unreachable server. They answer 503 with a message that says which,
 * so that whoever runs the app knows where to look, instead of a generic 500.
 */
export const DATABASE_UNAVAILABLE = "DATABASE_UNAVAILABLE" as const;

const DISK_FULL = errorText("DATABASE_DISK_FULL");
const READ_ONLY = errorText("DATABASE_READ_ONLY");
const DISK_ERROR = errorText("DATABASE_DISK_ERROR");
const CANNOT_OPEN = errorText("DATABASE_CANNOT_OPEN");
const NO_RESOURCES = errorText("DATABASE_NO_RESOURCES");
const UNREACHABLE = errorText("DATABASE_UNAVAILABLE");

/**
 * Errors of node's sockets when the PostgreSQL server is down or goes away. Only with a `syscall`:
 * a client that drops its own request raises ECONNRESET without one, and that is no database fault.
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  cause?: unknown;
}

function faultMessage(e: ErrorLike): string | undefined {
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : undefined;
  if (code) {
    // better-sqlite3's extended result codes: SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, ...
    if (code === "SQLITE_FULL") return DISK_FULL;
    if (code.startsWith("SQLITE_READONLY")) return READ_ONLY;
    if (code.startsWith("SQLITE_IOERR")) return DISK_ERROR;
    if (code.startsWith("SQLITE_CANTOPEN")) return CANNOT_OPEN;
    // PostgreSQL SQLSTATEs: 53100 disk_full, 53xxx insufficient resources, 25006
    // read_only_sql_transaction, 57P01-57P03 shutdown / cannot connect now, 08xxx connection.
    if (code === "53100") return DISK_FULL;
    if (code.startsWith("53")) return NO_RESOURCES;
    if (code === "25006") return READ_ONLY;
    if (/^57P0[1-3]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code)) return UNREACHABLE;
    if (SOCKET_CODES.has(code) && typeof e.syscall === "string") return UNREACHABLE;
  }
  // pg's own words when a pooled connection dies or none can be had in time (no code on these).
  if (message && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message)) {
    return UNREACHABLE;
  }
  return undefined;
}

/** The 503 message for a database fault, or undefined for any other error. Follows `cause` chains. */
export function databaseFaultMessage(error: unknown): string | undefined {
  let e = error as ErrorLike | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const found = faultMessage(e);
    if (found) return found;
    e = e.cause as ErrorLike | undefined;
  }
  return undefined;
}
