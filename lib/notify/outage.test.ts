/**
 * The notify loop across a restart of PostgreSQL (a real server of this file's own, stopped and
 * started again): while the database is down each pass fails, is logged and the loop keeps
 * polling; nothing is sent on what it could not read (a person's choice among it). Once the
 * database is back, what waits goes out without restarting PayDesk. The one-click unsubscribe
 * (app/api/email/unsubscribe/route.ts) meanwhile answers 500 with a reference and changes nothing;
 * the same link works once the database is back.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { openDatabase, type Database } from "../db/client";
import { staffNotifications, staffUsers } from "../db/schema";
import { postgresSkipReason } from "../db/testing/databases";
import { findPostgresBin, startPostgres, type PostgresServer } from "../db/testing/postgres-server";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import type { MerchantApi } from "../payment-api/client";
import { payOutRequest } from "../requests/contract";
import { createRequest } from "../requests/create";
import { smtpMailer } from "./mailer";
import { startSmtpInbox } from "./testing/smtp-inbox";
import { startNotifyWorker } from "./worker";
import { signUnsubscribeToken } from "./unsubscribe-signing";
import { authSecret } from "../secrets";

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
    merchantId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Siam Coffee",
        orgId: "org-a",
        merchantId: randomUUID(),
        submitKey: "submit-key-000000000000",
      })
    ).id;
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
      const held = await createRequest(
        database.db,
        {} as MerchantApi,
        {
          kind: "payout",
          payOut: payOutRequest({
            refId1: `O${randomUUID().slice(0, 8)}`,
            amountSatang: 250_000_00,
            destination: { type: "promptpay", promptPayId: "0812345678" },
          }),
        },
        { merchantRowId: merchantId, idempotencyKey: randomUUID(), createdBy: maker.id, holdForApproval: true },
      );
      if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
      // Due now, not after the gathering pause.
      await database.db
        .update(staffNotifications)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(inArray(staffNotifications.requestId, [held.request.id]));
      await until(() => inbox.received.some((m) => m.to.includes(approver.email)), 10_000, "the approver's e-mail");
      expect(inbox.received.map((m) => m.to)).toEqual([[approver.email]]);
    } finally {
      await worker.stop();
      mailer.close();
      await inbox.close();
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
