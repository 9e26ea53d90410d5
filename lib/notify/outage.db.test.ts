/**
 * The notify loop across a restart of PostgreSQL (a real server of this file's own, stopped and
 * started again): while the database is down each pass fails, is logged and the loop keeps
 * polling; nothing is sent on what it could not read (a person's choice among it). Once the
 * database is back, what waits goes out without restarting PayDesk. The one-click unsubscribe
 * (app/api/email/unsubscribe/route.ts) meanwhile answers 500 with a reference and changes nothing;
 * the same link works once the database is back.
 *
 * And what a blip does to the e-mail being sent: a pass that fails after leasing
 * gives its e-mail back once the database is back (not after the 15-minute lease), and an e-mail the
 * server accepted just as the database went away is recorded once it is back and never sent again.
 */
import { eq, isNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { openDatabase, type Database } from "../db/client";
import { staffNotifications, staffUsers } from "../db/schema";
import { postgresSkipReason } from "../db/testing/databases";
import { findPostgresBin, startPostgres, type PostgresServer } from "../db/testing/postgres-server";
import { smtpMailer, type Mailer } from "./mailer";
import { startSmtpInbox } from "./testing/smtp-inbox";
import { startNotifyWorker } from "./worker";
import { signUnsubscribeToken } from "./unsubscribe-signing";
import { authSecret } from "../secrets";
import { testMerchant } from "../merchants/testing/test-merchant";
import { emailsDueNow, heldPayOut } from "./testing/held-pay-out";

// The unsubscribe route reads the database through getDb: this file's own server.
const current = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => current.db }));
const unsubscribe = await import("@/app/api/email/unsubscribe/route");

const skip = postgresSkipReason() ?? (findPostgresBin() ? null : "Debian's postgresql is not installed");

async function until(condition: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(skip)("the notify loop across a restart of PostgreSQL", () => {
  let server: PostgresServer;
  let database: Database;
  let merchantId: string;
  let approver: { id: string; email: string };
  let maker: { id: string; email: string };

  beforeAll(async () => {
    server = await startPostgres(findPostgresBin()!);
    database = await openDatabase({ url: server.url("postgres"), poolSize: 4 });
    current.db = database.db;
    merchantId = await testMerchant(database.db, { displayName: "Siam Coffee" });
    maker = await insertStaff(database.db, { role: "finance" });
    approver = await insertStaff(database.db, { role: "admin" });
  });
  afterAll(async () => {
    await database?.close();
    server?.stop();
  });

  it("keeps polling while the database is down, and sends what waits once it is back", async () => {
    const inbox = await startSmtpInbox();
    const mailer = smtpMailer(inbox.url, "PayDesk <paydesk@shop.example>");
    const logs: string[] = [];
    const worker = startNotifyWorker({
      db: database.db,
      send: mailer,
      consoleUrl: "https://pay.shop.example",
      pollMs: 100,
      log: (m) => logs.push(m),
    });
    try {
      // "fast", as a restart does: every session is ended.
      await server.halt("fast");
      await until(() => logs.filter((m) => m.startsWith("notify pass failed")).length >= 3, 10_000, "failed passes logged");

      await server.start();
      const held = await heldPayOut(database.db, { merchantRowId: merchantId, createdBy: maker.id });
      // Due now, not after the gathering pause.
      await emailsDueNow(database.db, held.id);
      await until(() => inbox.received.some((m) => m.to.includes(approver.email)), 10_000, "the approver's e-mail");
      expect(inbox.received.map((m) => m.to)).toEqual([[approver.email]]);
    } finally {
      await worker.stop();
      mailer.close();
      await inbox.close();
    }
  });

  /** A Pay-Out held for approval, its approver's e-mail due now; answers the request's id. */
  async function holdDueNow(): Promise<string> {
    // Each test hears only of its own request.
    await database.db.update(staffNotifications).set({ outcome: "skipped" }).where(isNull(staffNotifications.outcome));
    const held = await heldPayOut(database.db, { merchantRowId: merchantId, createdBy: maker.id });
    await emailsDueNow(database.db, held.id);
    return held.id;
  }
  const rowOf = async (requestId: string) =>
    (await database.db.select().from(staffNotifications).where(eq(staffNotifications.requestId, requestId)))[0]!;
  /** The database answering again after a restart (the pool's next connection). */
  const databaseBack = () =>
    until(
      async () => {
        try {
          await database.db.select().from(staffUsers).limit(1);
          return true;
        } catch {
          return false;
        }
      },
      15_000,
      "the database back",
    );

  it("gives back what a failed pass leased once the database is back, instead of holding it for the lease's 15 minutes", async () => {
    const inbox = await startSmtpInbox();
    const mailer = smtpMailer(inbox.url, "PayDesk <paydesk@shop.example>");
    const logs: string[] = [];
    // Another session holds staff_users: the pass leases the e-mail, then waits to read the person.
    const locker = new pg.Client({ connectionString: server.url("postgres") });
    locker.on("error", () => {});
    await locker.connect();
    let worker: ReturnType<typeof startNotifyWorker> | null = null;
    try {
      const requestId = await holdDueNow();
      await locker.query("begin");
      await locker.query("lock table staff_users in access exclusive mode");
      worker = startNotifyWorker({
        db: database.db,
        send: mailer,
        consoleUrl: "https://pay.shop.example",
        pollMs: 100,
        log: (m) => logs.push(m),
      });
      await until(async () => (await rowOf(requestId)).leaseUntil !== null, 10_000, "the e-mail leased");
      await until(
        async () =>
          Number(
            (
              (await database.db.execute(
                "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%from staff_users%' and pid <> pg_backend_pid()",
              )) as unknown as { rows: Array<{ n: string }> }
            ).rows[0]!.n,
          ) > 0,
        10_000,
        "the pass waiting to read the person",
      );
      // The database restarts under the pass: it fails with the e-mail leased.
      await server.halt("fast");
      await until(() => logs.some((m) => m.startsWith("notify pass failed")), 10_000, "the failed pass logged");
      await server.start();
      await until(() => inbox.received.length > 0, 15_000, "the approver's e-mail, well within the lease");
      expect(inbox.received.map((m) => m.to)).toEqual([[approver.email]]);
      await until(async () => (await rowOf(requestId)).outcome === "sent", 10_000, "the e-mail recorded as sent");
      expect(await rowOf(requestId)).toMatchObject({ attempts: 1, unconfirmedSends: 0, leaseUntil: null, sendStartedAt: null });
    } finally {
      await worker?.stop();
      await locker.end().catch(() => {});
      mailer.close();
      await inbox.close();
      await databaseBack();
    }
  });

  it("records an e-mail the server accepted as the database went away once it is back, and never sends it again", async () => {
    const inbox = await startSmtpInbox();
    const mailer = smtpMailer(inbox.url, "PayDesk <paydesk@shop.example>");
    const logs: string[] = [];
    let restarted: Promise<void> | null = null;
    // The real SMTP send; the moment the server has accepted the e-mail, the database restarts
    // (stopped here, started again a little later), before the pass can record it.
    const send: Mailer = async (mail) => {
      const accepted = await mailer(mail);
      if (!restarted) {
        await server.halt("fast");
        restarted = new Promise((resolve) => setTimeout(resolve, 1_000)).then(() => server.start());
      }
      return accepted;
    };
    // A short lease, so a pass that forgot the e-mail would send it again within this test.
    const leaseMs = 2_000;
    const worker = startNotifyWorker({
      db: database.db,
      send,
      consoleUrl: "https://pay.shop.example",
      pollMs: 100,
      leaseMs,
      log: (m) => logs.push(m),
    });
    try {
      const requestId = await holdDueNow();
      await until(() => restarted !== null, 10_000, "the e-mail accepted and the database stopped");
      await restarted;
      await databaseBack();
      await until(async () => (await rowOf(requestId)).outcome === "sent", 10_000, "the e-mail recorded as sent");
      expect(logs.some((m) => m.startsWith("notify pass failed"))).toBe(true);
      // Well past the lease, with passes running every 100 ms: still the one e-mail.
      await new Promise((resolve) => setTimeout(resolve, leaseMs * 2));
      expect(inbox.received.map((m) => m.to)).toEqual([[approver.email]]);
      expect(await rowOf(requestId)).toMatchObject({ outcome: "sent", attempts: 1, unconfirmedSends: 0, sendStartedAt: null });
    } finally {
      await worker.stop();
      mailer.close();
      await inbox.close();
      await restarted;
      await databaseBack();
    }
  });

  it("answers a one-click unsubscribe with 500 and a reference while the database is down, changing nothing; the same link works once it is back", async () => {
    const link = `https://pay.shop.example/api/email/unsubscribe?t=${signUnsubscribeToken(approver.id, ["request.needs_review"], { secret: authSecret() })}`;
    const post = () =>
      unsubscribe.POST(
        new Request(link, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
    await server.halt("fast");
    try {
      const refused = await post();
      expect(refused.status).toBe(500);
      expect(await refused.json()).toMatchObject({ error: expect.stringMatching(/^Something went wrong on our side\. Reference /) });
    } finally {
      await server.start();
    }
    await until(
      async () => {
        try {
          await database.db.select().from(staffUsers).limit(1);
          return true;
        } catch {
          return false;
        }
      },
      10_000,
      "the database back",
    );
    const offOf = async () => (await database.db.select().from(staffUsers).where(eq(staffUsers.id, approver.id)))[0]!.notificationsOff;
    expect(await offOf()).toEqual([]);
    expect((await post()).status).toBe(200);
    expect(await offOf()).toEqual(["request.needs_review"]);
  });
});
