import "server-only";
import { database } from "../db";
import { env } from "../env";
import { bootstrapStaff } from "./bootstrap";
import { pruneSignInThrottle } from "./throttle";

/**
 * What instrumentation.ts runs once per server process: the database opened and migrated, the
 * first staff users created, stale throttle rows dropped. Any failure ends the process with one
 * sentence: a server that answers every request with a 500 helps nobody.
 */
export async function startPayDesk(): Promise<void> {
  try {
    const settings = env();
    const { db, kind } = await database();
    await bootstrapStaff(db, { isDemo: settings.isSandbox, dataDir: settings.dataDir, adminEmail: settings.ADMIN_EMAIL, adminPassword: settings.ADMIN_PASSWORD });
    await pruneSignInThrottle(db);
    console.log(`[paydesk] database ready (${kind === "postgres" ? "PostgreSQL" : `embedded PGlite in ${settings.dataDir}`})`);
  } catch (error) {
    console.error(`[paydesk] PayDesk cannot start: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.cause) console.error("[paydesk] cause:", error.cause);
    process.exit(1);
  }
}
