import "server-only";
import { database } from "../db";
import { env, EnvError } from "../env";
import { bootstrapStaff } from "./bootstrap";
import { pruneSignInThrottle } from "./throttle";

/**
 * What instrumentation.ts runs once per server process: the database opened and migrated, the
 * first staff users created, stale throttle rows dropped. Any failure ends the process with one
 * sentence saying what to check: a server that answers every request with a 500 helps nobody.
 */
export async function startPayDesk(): Promise<void> {
  let stage = "reading the environment";
  try {
    const settings = env();
    stage = settings.DATABASE_URL
      ? "opening the database at DATABASE_URL (is it running, and are the address and password right?)"
      : `opening the embedded database in ${settings.dataDir}/pglite (is another PayDesk using that folder?)`;
    const { db, kind } = await database();
    stage = "creating the first staff users";
    await bootstrapStaff(db, { isDemo: settings.isSandbox, dataDir: settings.dataDir, adminEmail: settings.ADMIN_EMAIL, adminPassword: settings.ADMIN_PASSWORD });
    await pruneSignInThrottle(db);
    console.log(`[paydesk] database ready (${kind === "postgres" ? "PostgreSQL" : `embedded PGlite in ${settings.dataDir}`})`);
  } catch (error) {
    const reason = error instanceof EnvError ? error.message : describe(error);
    console.error(error instanceof EnvError ? `[paydesk] PayDesk cannot start: ${reason}` : `[paydesk] PayDesk cannot start: failed while ${stage}: ${reason}`);
    process.exit(1);
  }
}

/** The innermost cause is the one that says what is wrong ("connect ECONNREFUSED 127.0.0.1:5432"). */
function describe(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
