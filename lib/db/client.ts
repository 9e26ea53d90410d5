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
import { tracingOn } from "../ops/tracing";
import { traceStatementsOfPglite, traceStatementsOfPool } from "./traced";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The provider webhooks' intake (lib/provider-webhooks/intake.ts): on Postgres a small pool of its own,
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
  /**
   * Runs `work` while holding PayDesk's start-up lock: on Postgres a session advisory lock on a
   * connection of its own, so instances starting together on one database take turns (the
   * migrations, the first staff users, the demo merchants, re-sealing keys). `onWait` is called
   * once if another instance holds it. PGlite is one process per folder: `work` just runs.
   */
  exclusively<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
}

/**
 * The key of the start-up advisory lock (pg_advisory_lock's bigint): one fixed number, shared by
 * every PayDesk instance on the database ("PayDesk" in ASCII, so an operator can tell it in pg_locks).
 */
export const START_UP_LOCK_KEY = 0x50617944657368n;

/** Applying the migrations failed (not opening the database): start-up says which. */
export class MigrationError extends Error {
  constructor(cause: unknown) {
    super(`applying the database migrations failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "MigrationError";
  }
}

/**
 * Holds the start-up lock on a connection of its own for `work`: tries it first, and if another
 * instance holds it says so (`onWait`) and waits. The lock ends with the connection, so an instance
 * killed while holding it never blocks the next one.
 */
async function holdingStartUpLock<T>(connection: pg.ClientConfig, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    const key = START_UP_LOCK_KEY.toString();
    const { rows } = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1::bigint) as got", [key]);
    if (!rows[0]?.got) {
      onWait?.();
      await client.query("select pg_advisory_lock($1::bigint)", [key]);
    }
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

const waitingForAnother = () =>
  log("db").info("another PayDesk instance is starting on this database (migrating it); waiting for it to finish (start-up lock)");

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
    if (tracingOn()) for (const each of [pool, intakePool]) traceStatementsOfPool(each);
    // LISTEN connections are not the pool's: each is its own (lib/db/listener.ts), ended by close().
    const listeners = new Set<() => Promise<void>>();
    const db = drizzlePg(pool, { schema });
    const exclusively = <T>(work: () => Promise<T>, onWait?: () => void) => holdingStartUpLock(connection, work, onWait);
    // Two instances starting together on an empty database would both create the same tables (a
    // duplicate-key error for one): they take turns, and the second finds nothing left to apply.
    if (shouldMigrate)
      await exclusively(
        () =>
          migratePg(db, { migrationsFolder: MIGRATIONS_DIR }).catch((error: unknown) => {
            throw new MigrationError(error);
          }),
        waitingForAnother,
      ).catch(async (error: unknown) => {
        await pool.end().catch(() => {});
        throw error;
      });
    return {
      db: db as unknown as Db,
      intake: drizzlePg(intakePool, { schema }) as unknown as Db,
      kind: "postgres",
      exclusively,
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
  if (tracingOn()) traceStatementsOfPglite(client);
  const db = drizzlePglite(client, { schema });
  if (shouldMigrate)
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }).catch((error: unknown) => {
      throw new MigrationError(error);
    });
  return {
    db: db as unknown as Db,
    intake: db as unknown as Db,
    kind: "pglite",
    exclusively: (work) => work(),
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    close: () => client.close(),
  };
}
