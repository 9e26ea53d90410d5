/**
 * The database: a real Postgres through `pg` when DATABASE_URL is set, else the embedded PGlite
 * in DATA_DIR/pglite. Both get the same migrations, applied when the database is first opened.
 *
 * PGlite is one connection in one process and takes no lock on its folder: a second instance on
 * the same folder opens silently and diverges (docs/stack-notes.md §6.11). So there is exactly one per
 * process (a globalThis singleton that survives `next dev` reloads), and never two processes on
 * one folder.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { listenOnOwnConnection, type ListenerOptions } from "./listener";
import * as schema from "./schema";
import { log } from "../ops/log";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The provider webhooks' intake (lib/webhooks/intake.ts): on Postgres a small pool of its own,
   * so no backlog of other work on `db`'s pool can make a webhook wait for a connection; on PGlite
   * the same one connection as `db`.
   */
  intake: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to a NOTIFY channel; returns the unsubscribe function. On Postgres the connection
   * can break: it is replaced by itself, and `onResumed` is called once listening again, since
   * notifications sent meanwhile were lost (lib/db/listener.ts). PGlite never breaks.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "lib", "db", "migrations");

export interface OpenOptions {
  /** postgres://… — when given, a `pg` pool; else PGlite in `dir`. */
  url?: string;
  dir?: string;
  /** Max connections of the `pg` pool. */
  poolSize?: number;
  /** Max connections of the webhook intake's own `pg` pool (WEBHOOK_INTAKE_POOL_SIZE). */
  intakePoolSize?: number;
  migrate?: boolean;
  /** How LISTEN connections watch for a break (tests shorten it). */
  listener?: ListenerOptions;
}

/**
 * How long a page may wait for a Postgres connection: without a bound, a database that is down
 * or unreachable leaves every page waiting forever instead of saying so.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The webhook intake's connections by default: its statements take a millisecond or two each. */
export const INTAKE_POOL_SIZE = 2;

/**
 * The longest an intake statement may run before Postgres cancels it: a store is one insert, so
 * one still running after this is waiting on a database that is not answering, and the provider
 * is better told so (503) than left without an answer.
 */
export const INTAKE_STATEMENT_TIMEOUT_MS = 5_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.url) {
    const connection = { connectionString: options.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS };
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
    const intakePool = new pg.Pool({
      ...connection,
      max: options.intakePoolSize ?? INTAKE_POOL_SIZE,
      statement_timeout: INTAKE_STATEMENT_TIMEOUT_MS,
    });
    // An idle connection the server drops (a restart, a DBA, DROP DATABASE … FORCE in tests) is
    // an 'error' event on the pool; unheard, Node would end the whole process. The pool replaces it.
    for (const each of [pool, intakePool])
      each.on("error", (error) => log("db").warn("an idle database connection was closed; it will be replaced", { reason: error.message }));
    // LISTEN connections are not the pool's: each is its own (lib/db/listener.ts), ended by close().
    const listeners = new Set<() => Promise<void>>();
    const db = drizzlePg(pool, { schema });
    if (shouldMigrate) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      intake: drizzlePg(intakePool, { schema }) as unknown as Db,
      kind: "postgres",
      async listen(channel, onPayload, onResumed) {
        const stop = await listenOnOwnConnection(connection, channel, { onPayload, onResumed }, options.listener);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      async close() {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        await Promise.all([pool.end(), intakePool.end()]);
      },
    };
  }
  if (!options.dir) throw new Error("openDatabase needs a DATABASE_URL or a PGlite folder");
  // PGlite does not create parent folders (docs/stack-notes.md §6.10).
  fs.mkdirSync(options.dir, { recursive: true });
  // pg_trgm serves the request list's substring search (migration 0012); PGlite loads extensions only when asked.
  const client = await PGlite.create(options.dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    intake: db as unknown as Db,
    kind: "pglite",
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    close: () => client.close(),
  };
}
