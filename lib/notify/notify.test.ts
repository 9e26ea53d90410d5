/**
 * Staff e-mail about Pay-Outs waiting for approval, on PGlite and Postgres, through a real SMTP
 * server: who is told (and who is not), one e-mail per person for all that waits, nothing for what
 * was decided meanwhile, and a refusing server tried again later without losing or doubling mail.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { paymentRequests, staffNotifications, staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import type { MerchantApi } from "../payment-api/client";
import { declineRequest } from "../requests/approve";
import { payOutRequest } from "../requests/contract";
import { createRequest } from "../requests/create";
import { smtpMailer } from "./mailer";
import { readMail, startSmtpInbox } from "./testing/smtp-inbox";
import { notifyRetryAfterMs, runNotifyPass } from "./worker";

describe.each(DATABASE_KINDS)("staff e-mail on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let merchantId: string;
  let otherMerchant: string;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let mailer: ReturnType<typeof smtpMailer>;
  const people: Record<string, { id: string; email: string }> = {};

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    const vault = createKeyVault([randomBytes(32)]);
    const merchant = (n: number) =>
      createMerchant(database.db, vault, {
        displayName: `Siam Coffee ${n}`,
        orgId: "org-a",
        merchantId: `b0c8a7a4-0000-4000-8000-00000000004${n}`,
        submitKey: "submit-key-000000000000",
      });
    merchantId = (await merchant(1)).id;
    otherMerchant = (await merchant(2)).id;
    people.maker = await insertStaff(database.db, { role: "finance" });
    people.finance = await insertStaff(database.db, { role: "finance" });
    people.admin = await insertStaff(database.db, { role: "admin" });
    people.operator = await insertStaff(database.db, { role: "operator" });
    people.elsewhere = await insertStaff(database.db, { role: "finance", merchantIds: [otherMerchant] });
    people.disabled = await insertStaff(database.db, { role: "admin", isDisabled: true });
    await database.db.update(staffUsers).set({ locale: "en" }).where(eq(staffUsers.id, people.admin.id));
  });
  afterAll(async () => database?.dispose());
  beforeEach(async () => {
    if (skip) return;
    // Each test hears only of its own requests.
    await database.db.update(staffNotifications).set({ outcome: "skipped" }).where(isNull(staffNotifications.outcome));
    inbox = await startSmtpInbox();
    mailer = smtpMailer(inbox.url, "PayDesk <paydesk@shop.example>");
  });
  afterEach(async () => {
    mailer?.close();
    await inbox?.close();
  });

  const hold = async (amountSatang: number, createdBy: string | null = people.maker!.id) => {
    const held = await createRequest(
      database.db,
      // A held request never reaches the provider: no client is needed.
      {} as MerchantApi,
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1: `N${randomUUID().slice(0, 8)}`,
          amountSatang,
          destination: { type: "promptpay", promptPayId: "0812345678" },
        }),
      },
      { merchantRowId: merchantId, idempotencyKey: randomUUID(), createdBy, holdForApproval: true },
    );
    if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
    return held.request;
  };
  const rowsOf = (requestIds: string[]) =>
    database.db.select().from(staffNotifications).where(inArray(staffNotifications.requestId, requestIds));
  // Due now, not after the gathering pause.
  const dueNow = (requestIds: string[]) =>
    database.db
      .update(staffNotifications)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(inArray(staffNotifications.requestId, requestIds));
  const options = () => ({ db: database.db, send: mailer, consoleUrl: "https://pay.shop.example" });

  it.skipIf(skip)("records, with the hold, an e-mail for each other person who may approve it and sees its merchant", async () => {
    const request = await hold(250_000_00);
    const rows = await rowsOf([request.id]);
    expect(rows.map((r) => r.staffId).sort()).toEqual([people.finance!.id, people.admin!.id].sort());
    expect(rows.every((r) => r.kind === "approval.waiting" && r.outcome === null && r.nextAttemptAt.getTime() > Date.now())).toBe(true);
    // Not yet due: gathered for a while first.
    expect(await runNotifyPass(options())).toBe(0);
    expect(inbox.received).toEqual([]);
  });

  it.skipIf(skip)("sends each person one e-mail for everything waiting, in their language, and records it", async () => {
    const first = await hold(150_025);
    const second = await hold(2_000_000_00);
    await dueNow([first.id, second.id]);
    expect(await runNotifyPass(options())).toBe(2);

    expect(inbox.received.map((m) => m.to).sort()).toEqual([[people.finance!.email], [people.admin!.email]].sort());
    const byTo = new Map(inbox.received.map((m) => [m.to[0], readMail(m.raw)]));
    const english = byTo.get(people.admin!.email)!;
    expect(english.subject).toBe("[PayDesk] Waiting for your approval: 2 requests, ฿2,001,500.25 in all");
    expect(english.text).toContain(`Siam Coffee 1 · Pay-Out ฿1,500.25 · ${first.refId1}`);
    expect(english.text).toContain(`Siam Coffee 1 · Pay-Out ฿2,000,000.00 · ${second.refId1}`);
    expect(english.text).toContain("Approve or decline: https://pay.shop.example/approvals");
    const thai = byTo.get(people.finance!.email)!;
    expect(thai.subject).toBe("[PayDesk] รอคุณอนุมัติ: 2 รายการ รวม ฿2,001,500.25");
    expect(thai.text).toContain("อนุมัติหรือปฏิเสธได้ที่: https://pay.shop.example/approvals");
    expect(english.headers).toMatch(/^From: PayDesk <paydesk@shop\.example>$/m);
    // No account number or PromptPay ID leaves in an e-mail.
    expect(english.text + thai.text).not.toContain("0812345678");

    const rows = await rowsOf([first.id, second.id]);
    expect(rows.every((r) => r.outcome === "sent" && r.sentAt !== null && r.messageId && r.leaseUntil === null)).toBe(true);
    expect(rows.find((r) => r.staffId === people.admin!.id)?.email).toBe(people.admin!.email);
    // Sent once: another pass has nothing to do.
    expect(await runNotifyPass(options())).toBe(0);
    expect(inbox.received).toHaveLength(2);
  });

  it.skipIf(skip)("tells nobody of a request decided meanwhile, and records it as skipped", async () => {
    const request = await hold(300_000_00);
    expect(
      await declineRequest(database.db, {
        requestId: request.id,
        merchantRowId: merchantId,
        actorId: people.finance!.id,
        reason: "wrong account",
      }),
    ).toMatchObject({
      ok: true,
    });
    await dueNow([request.id]);
    await runNotifyPass(options());
    expect(inbox.received).toEqual([]);
    expect((await rowsOf([request.id])).map((r) => r.outcome)).toEqual(["skipped", "skipped"]);
  });

  it.skipIf(skip)("skips a person who may no longer approve (disabled since)", async () => {
    const request = await hold(400_000_00);
    await database.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, people.admin!.id));
    try {
      await dueNow([request.id]);
      await runNotifyPass(options());
      expect(inbox.received.map((m) => m.to)).toEqual([[people.finance!.email]]);
      expect((await rowsOf([request.id])).find((r) => r.staffId === people.admin!.id)?.outcome).toBe("skipped");
    } finally {
      await database.db.update(staffUsers).set({ isDisabled: false }).where(eq(staffUsers.id, people.admin!.id));
    }
  });

  it.skipIf(skip)("keeps an e-mail the server refused and sends it once the server takes mail again", async () => {
    const request = await hold(500_000_00);
    await dueNow([request.id]);
    inbox.refuse(true);
    const before = Date.now();
    await runNotifyPass(options());
    expect(inbox.received).toEqual([]);
    let rows = await rowsOf([request.id]);
    for (const row of rows) {
      expect(row).toMatchObject({ outcome: null, attempts: 1, leaseUntil: null });
      expect(row.lastError).toMatch(/451/);
      // Tried again after a minute, not at once.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + notifyRetryAfterMs(1) - 1_000);
    }
    expect(await runNotifyPass(options())).toBe(0);

    inbox.refuse(false);
    await dueNow([request.id]);
    await runNotifyPass(options());
    expect(inbox.received.map((m) => m.to[0]).sort()).toEqual([people.finance!.email, people.admin!.email].sort());
    rows = await rowsOf([request.id]);
    expect(rows.map((r) => [r.outcome, r.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
  });

  it.skipIf(skip)("gives up after the last attempt and says why", async () => {
    const request = await hold(600_000_00);
    await dueNow([request.id]);
    inbox.refuse(true);
    await runNotifyPass({ ...options(), maxAttempts: 1 });
    const rows = await rowsOf([request.id]);
    expect(rows.map((r) => r.outcome)).toEqual(["failed", "failed"]);
    expect(rows.every((r) => /451/.test(r.lastError ?? "") && r.email)).toBe(true);
  });

  it.skipIf(skip)("sends each e-mail once with two loops at it", async () => {
    const requests = [await hold(700_000_00), await hold(800_000_00)];
    await dueNow(requests.map((r) => r.id));
    await Promise.all([runNotifyPass(options()), runNotifyPass(options())]);
    expect(inbox.received.map((m) => m.to[0]).sort()).toEqual([people.finance!.email, people.admin!.email].sort());
  });

  it.skipIf(skip)("never tells the person who made the request", async () => {
    const request = await hold(900_000_00, people.admin!.id);
    // The admin made it: the two in finance are told, the admin is not.
    expect((await rowsOf([request.id])).map((r) => r.staffId).sort()).toEqual([people.finance!.id, people.maker!.id].sort());
    const [row] = await database.db.select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(row?.status).toBe("awaiting_approval");
  });
});
