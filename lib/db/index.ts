import "server-only";
import path from "node:path";
import { env } from "../env";
import { openDatabase, type Database, type Db } from "./client";

const holder = globalThis as typeof globalThis & { __paydeskDatabase?: Promise<Database> };

/** The process's one database, opened and migrated on first use. */
export function database(): Promise<Database> {
  if (!holder.__paydeskDatabase) {
    const { DATABASE_URL, dataDir, WEBHOOK_INTAKE_POOL_SIZE } = env();
    const opening = openDatabase({ url: DATABASE_URL, dir: path.join(dataDir, "pglite"), intakePoolSize: WEBHOOK_INTAKE_POOL_SIZE });
    holder.__paydeskDatabase = opening;
    // A failed open (database down, bad URL) is retried by the next caller rather than cached.
    opening.catch(() => {
      if (holder.__paydeskDatabase === opening) holder.__paydeskDatabase = undefined;
    });
  }
  return holder.__paydeskDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** The provider webhooks' intake: its own small pool on Postgres (lib/db/client.ts `intake`). */
export async function getIntakeDb(): Promise<Db> {
  return (await database()).intake;
}

export type { Db } from "./client";
