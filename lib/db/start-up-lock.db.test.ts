/**
 * Two PayDesk instances starting together on one empty PostgreSQL: the
 * migrations and start-up's writes (first staff users, demo merchants, re-sealing keys) run under
 * one advisory lock (lib/db/client.ts, lib/start-up-data.ts), so the second instance waits for the
 * first and starts, instead of failing on a duplicate key. A real server (the global setup's), a
 * fresh empty database per test, each instance its own pool and lock connection.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { DEMO_USERS } from "../auth/bootstrap";
import { createKeyVault } from "../merchants/key-vault";
import { captureLog } from "../ops/testing/log-capture";
import { writeStartUpData } from "../start-up-data";
import { openDatabase, START_UP_LOCK_KEY, type Database } from "./client";
import { postgresSkipReason } from "./testing/databases";
import { scaled } from "@/lib/testing/vitest-project";

const skip = postgresSkipReason();
const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "migrations", "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe.skipIf(skip)("start-up of two instances on one empty PostgreSQL", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A new, empty database (no migrations applied): what a first deployment starts on. */
  async function emptyDatabase(): Promise<string> {
    const base = inject("postgresBaseUrl")!;
    const name = `t_empty_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
    return base.replace(/\/postgres$/, `/${name}`);
  }

  const sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-startup-sandbox-"));
  fs.writeFileSync(
    path.join(sandboxDir, "credentials.json"),
    JSON.stringify({
      sandbox: true,
      webhookSecret: "whsec-shared-0000000000",
      merchants: [1, 2, 3].map((n) => ({
        name: `Demo ${n}`,
        orgId: "org-demo",
        merchantId: `b0c8a7a4-0000-4000-8000-00000000007${n}`,
        submitKey: `submit-key-${n}-00000000000`,
        readKey: `read-key-${n}-0000000000000`,
        payinMinAmount: "20.00",
        payinMaxAmount: "50000.00",
      })),
    }),
  );
  cleanups.push(async () => fs.rmSync(sandboxDir, { recursive: true, force: true }));
  const vault = createKeyVault([randomBytes(32)]);

  /** What lib/start-up.ts does with the database, in demo mode: open and migrate it, then write. */
  async function startInstance(url: string, said: string[]): Promise<Database> {
    const database = await openDatabase({ url, poolSize: 3 });
    cleanups.push(() => database.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-startup-data-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await writeStartUpData(database, {
      isDemo: true,
      dataDir,
      sandboxDataDir: sandboxDir,
      vault,
      // No LINE stand-in in these credentials: demo mode's LINE is left unconnected.
      lineApiBaseUrl: "http://127.0.0.1:9",
      publicBaseUrl: "http://127.0.0.1:3000",
      stage: () => {},
      info: (m) => said.push(m),
      warn: (m) => said.push(m),
    });
    return database;
  }

  it("both start: the migrations applied once, the demo staff and merchants created once", async () => {
    const url = await emptyDatabase();
    const said: string[][] = [[], []];
    const log = captureLog();
    let started: PromiseSettledResult<Database>[];
    try {
      started = await Promise.allSettled([startInstance(url, said[0]!), startInstance(url, said[1]!)]);
    } finally {
      log.restore();
    }
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started"]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const count = async (query: string) => Number((await check.query<{ n: string }>(query)).rows[0]!.n);
      expect(await count("select count(*) as n from drizzle.__drizzle_migrations")).toBe(journal.entries.length);
      expect(await count("select count(*) as n from staff_users")).toBe(DEMO_USERS.length);
      expect(await count("select count(*) as n from merchants")).toBe(3);
      // Nothing of the lock is left behind.
      expect(
        await count(
          `select count(*) as n from pg_locks where locktype = 'advisory' and objid = ${Number(START_UP_LOCK_KEY & 0xffffffffn)}`,
        ),
      ).toBe(0);
    } finally {
      await check.end();
    }
    // Both went on to the demo merchants (neither stopped on the other's work).
    expect(said.flat().filter((m) => m.startsWith("demo mode: 3 merchants"))).toHaveLength(2);
  });

  it("an instance that finds another migrating waits for it, says so, and then starts", async () => {
    const url = await emptyDatabase();
    // Another instance holds the start-up lock (as one busy migrating would).
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end().catch(() => {}));
    await other.query("select pg_advisory_lock($1::bigint)", [START_UP_LOCK_KEY.toString()]);

    const log = captureLog();
    let opened = false;
    const opening = openDatabase({ url, poolSize: 2 }).then((database) => {
      opened = true;
      cleanups.push(() => database.close());
      return database;
    });
    try {
      // It waits on the lock, not on anything else, and has said why.
      await expect
        .poll(
          async () =>
            Number(
              (
                await other.query<{ n: string }>(
                  "select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
                )
              ).rows[0]!.n,
            ),
          { timeout: scaled(10_000), interval: 50 },
        )
        .toBe(1);
      expect(opened).toBe(false);
      expect(log.text()).toMatch(/another PayDesk instance is starting on this database \(migrating it\); waiting for it to finish/);
      await other.query("select pg_advisory_unlock($1::bigint)", [START_UP_LOCK_KEY.toString()]);
      const database = await opening;
      const rows = await database.db.execute("select count(*) as n from drizzle.__drizzle_migrations");
      expect(Number((rows as unknown as { rows: Array<{ n: string }> }).rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      log.restore();
    }
  });
});
