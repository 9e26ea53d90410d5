/**
 * Staff e-mail about Pay-Outs waiting for approval, on PGlite and Postgres, through a real SMTP
 * server: who is told (and who is not), one e-mail per person for all that waits, nothing for what
 * was decided meanwhile, and a refusing server tried again later without losing or doubling mail.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { auditLog, paymentRequests, staffNotifications, staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { declineRequest } from "../requests/approve";
import { applyToRequest } from "../requests/apply";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { SMTP_TIMEOUTS_MS, smtpMailer } from "./mailer";
import { readMail, startSmtpInbox } from "./testing/smtp-inbox";
import { notificationChoicesOf, notificationsFor, saveNotificationChoices } from "./choices";
import { listStaffEmails, parseEmailLogFilters } from "./log";
import { notifyRetryAfterMs, runNotifyPass } from "./worker";
import { authSecret } from "../secrets";
import { heldPayOut } from "./testing/held-pay-out";
import { gatherSeconds } from "./outbox";

// The one-click unsubscribe route reads the database through getDb: the one each block made.
const current = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db", () => ({ getDb: async () => current.db }));
const unsubscribe = await import("@/app/api/email/unsubscribe/route");

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
    current.db = database.db;
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

  const hold = (amountSatang: number, createdBy: string | null = people.maker!.id) =>
    heldPayOut(database.db, { merchantRowId: merchantId, createdBy, amountSatang, refPrefix: "N" });
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
    // Due after the gathering pause (NOTIFY_GATHER_SECONDS, 20 unless set), not at once nor much later.
    const pause = gatherSeconds() * 1_000;
    for (const row of rows) expect(row.nextAttemptAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(pause - 2_000);
    for (const row of rows) expect(row.nextAttemptAt.getTime() - row.createdAt.getTime()).toBeLessThan(pause + 2_000);
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
    // Each ends with where the person chooses their e-mails.
    expect(english.text.trimEnd()).toMatch(
      /\nChoose which e-mails PayDesk sends you: https:\/\/pay\.shop\.example\/account\/notifications$/,
    );
    expect(thai.text.trimEnd()).toMatch(/\nเลือกอีเมลที่ต้องการรับจาก PayDesk ได้ที่: https:\/\/pay\.shop\.example\/account\/notifications$/);
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

  it.skipIf(skip)("sends nobody an e-mail they turned off (recorded, then skipped), and keeps sending the rest", async () => {
    // The admin turns approvals off; the finance person keeps them. Turned off after the row was written counts too.
    const request = await hold(180_000_00);
    expect(
      await saveNotificationChoices(database.db, people.admin!.id, { approvalWaiting: false, needsReview: true, payoutFailed: true }),
    ).toEqual(["approval.waiting"]);
    await dueNow([request.id]);
    expect(await runNotifyPass(options())).toBe(2);
    expect(inbox.received.map((m) => m.to)).toEqual([[people.finance!.email]]);
    const rows = await rowsOf([request.id]);
    expect(rows.find((r) => r.staffId === people.admin!.id)).toMatchObject({
      outcome: "skipped",
      skipReason: "turned_off",
      email: null,
      messageId: null,
    });
    expect(rows.find((r) => r.staffId === people.finance!.id)).toMatchObject({ outcome: "sent", skipReason: null });
    expect(await notificationChoicesOf(database.db, people.admin!.id)).toEqual({
      offered: ["approvalWaiting", "needsReview", "payoutFailed"],
      choices: { approvalWaiting: false, needsReview: true, payoutFailed: true },
    });

    // On again: the next request reaches them.
    await saveNotificationChoices(database.db, people.admin!.id, { approvalWaiting: true, needsReview: true, payoutFailed: true });
    const next = await hold(190_000_00);
    await dueNow([next.id]);
    expect(await runNotifyPass(options())).toBe(2);
    expect(inbox.received.map((m) => m.to[0]).sort()).toEqual([people.finance!.email, people.finance!.email, people.admin!.email].sort());
  });

  it.skipIf(skip)(
    "lets a person stop, in one click from their mail client, just the e-mails that one carried, audited; a GET, a post without the one-click field or a forged link changes nothing",
    async () => {
      const request = await hold(185_000_00);
      await dueNow([request.id]);
      expect(await runNotifyPass({ ...options(), unsubscribeSecret: authSecret() })).toBe(2);
      const headersTo = (email: string) => readMail(inbox.received.find((m) => m.to.includes(email))!.raw).headers;
      const link = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(headersTo(people.admin!.email))?.[1] ?? "";
      expect(link).toMatch(/^https:\/\/pay\.shop\.example\/api\/email\/unsubscribe\?t=[\w-]+\.[\w-]+$/);
      expect(headersTo(people.admin!.email)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      // Each person's link is their own.
      expect(headersTo(people.finance!.email)).not.toContain(link);
      const offOf = async (id: string) => (await database.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!.notificationsOff;
      const post = (url: string, body = "List-Unsubscribe=One-Click") =>
        unsubscribe.POST(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }));
      try {
        // A mail scanner opening the link changes nothing: it leads to the choices, behind sign-in.
        const opened = await unsubscribe.GET(new Request(link));
        expect([opened.status, opened.headers.get("location")]).toEqual([303, "https://pay.shop.example/account/notifications"]);
        const withoutField = await post(link, "unsubscribe=yes");
        expect([withoutField.status, await withoutField.text()]).toEqual([
          400,
          "Send the form field List-Unsubscribe=One-Click (RFC 8058), as a mail client does. Nothing was changed.\n",
        ]);
        const forged = await post(link.replace(/(t=[\w-]+\.)([\w-])/, (_, head: string, c: string) => `${head}${c === "A" ? "B" : "A"}`));
        expect([forged.status, await forged.text()]).toEqual([
          400,
          "This link is not one PayDesk made. Nothing was changed: choose your e-mails in PayDesk under E-mail.\n",
        ]);
        expect(await offOf(people.admin!.id)).toEqual([]);

        const done = await post(link);
        expect([done.status, await done.text()]).toEqual([
          200,
          "Done: PayDesk will not send you these e-mails any more. Turn them back on in PayDesk under E-mail.\n",
        ]);
        expect(await offOf(people.admin!.id)).toEqual(["approval.waiting"]);
        // Posted again (clients retry): the same.
        expect((await post(link)).status).toBe(200);
        expect(await offOf(people.admin!.id)).toEqual(["approval.waiting"]);
        expect(await offOf(people.finance!.id)).toEqual([]);
        const [entry] = await database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorId, people.admin!.id), eq(auditLog.action, "staff.notification-choices")))
          .orderBy(desc(auditLog.id))
          .limit(1);
        expect(entry).toMatchObject({
          outcome: "ok",
          target: people.admin!.id,
          data: { via: "e-mail link", turnedOff: ["approval.waiting"] },
        });

        // The next approval reaches the finance person only.
        const next = await hold(186_000_00);
        await dueNow([next.id]);
        inbox.received.length = 0;
        expect(await runNotifyPass(options())).toBe(2);
        expect(inbox.received.map((m) => m.to)).toEqual([[people.finance!.email]]);
      } finally {
        await database.db.update(staffUsers).set({ notificationsOff: [] }).where(eq(staffUsers.id, people.admin!.id));
      }
    },
  );

  it.skipIf(skip)("lists what was recorded and what became of it, newest first, within the reader's merchants", async () => {
    const request = await hold(170_000_00);
    await database.db
      .update(staffUsers)
      .set({ notificationsOff: ["approval.waiting"] })
      .where(eq(staffUsers.id, people.admin!.id));
    await dueNow([request.id]);
    expect(await runNotifyPass(options())).toBe(2);
    await database.db.update(staffUsers).set({ notificationsOff: [] }).where(eq(staffUsers.id, people.admin!.id));
    const later = await hold(171_000_00);

    const { rows } = await listStaffEmails(database.db, { merchantIds: null }, {});
    const mine = rows.filter((r) => r.requestId === request.id || r.requestId === later.id);
    expect(mine.map((r) => [r.refId1, r.email, r.outcome, r.skipReason])).toEqual(
      expect.arrayContaining([
        [request.refId1, people.finance!.email, "sent", null],
        [request.refId1, people.admin!.email, "skipped", "turned_off"],
        [later.refId1, people.finance!.email, "waiting", null],
      ]),
    );
    // Newest first: the later request's rows before the earlier's.
    expect(mine.findIndex((r) => r.requestId === later.id)).toBeLessThan(mine.findIndex((r) => r.requestId === request.id));
    expect(mine.every((r) => r.merchant === "Siam Coffee 1" && r.kind === "approval.waiting")).toBe(true);

    const sent = await listStaffEmails(database.db, { merchantIds: null }, { outcome: "sent" });
    expect(sent.rows.every((r) => r.outcome === "sent" && r.sentAt !== null)).toBe(true);
    expect(sent.rows.some((r) => r.requestId === request.id)).toBe(true);
    expect((await listStaffEmails(database.db, { merchantIds: null }, { outcome: "waiting" })).rows.map((r) => r.requestId)).not.toContain(
      request.id,
    );
    // An admin of the other merchant only sees that merchant's: none of these.
    expect((await listStaffEmails(database.db, { merchantIds: [otherMerchant] }, {})).rows).toEqual([]);
    // Keyset pages: before the newest row's id leaves it out.
    const newest = rows[0]!;
    expect((await listStaffEmails(database.db, { merchantIds: null }, { before: newest.id })).rows.map((r) => r.id)).not.toContain(
      newest.id,
    );
    expect(parseEmailLogFilters({ outcome: "bounced", before: "-3" })).toEqual({ filters: {}, ignored: ["outcome", "before"] });
  });

  it.skipIf(skip)("offers each role only the e-mails it can get, and keeps a choice the role cannot make", async () => {
    expect(notificationsFor("viewer")).toEqual([]);
    expect(notificationsFor("operator")).toEqual(["needsReview"]);
    expect(notificationsFor("finance")).toEqual(["approvalWaiting", "needsReview", "payoutFailed"]);
    // An operator cannot get approvals: a form that says otherwise changes only what they can get.
    await database.db
      .update(staffUsers)
      .set({ notificationsOff: ["approval.waiting"] })
      .where(eq(staffUsers.id, people.operator!.id));
    expect(
      await saveNotificationChoices(database.db, people.operator!.id, { approvalWaiting: true, needsReview: false, payoutFailed: true }),
    ).toEqual(["approval.waiting", "request.needs_review"]);
    await database.db.update(staffUsers).set({ notificationsOff: [] }).where(eq(staffUsers.id, people.operator!.id));
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
    expect((await rowsOf([request.id])).map((r) => [r.outcome, r.skipReason])).toEqual([
      ["skipped", "decided"],
      ["skipped", "decided"],
    ]);
  });

  it.skipIf(skip)(
    "with no mail server (SMTP_URL unset), leaves nothing waiting: decided ones as decided, the rest as not sent for want of one",
    async () => {
      const decided = await hold(310_000_00);
      const open = await hold(320_000_00);
      expect(
        await declineRequest(database.db, {
          requestId: decided.id,
          merchantRowId: merchantId,
          actorId: people.finance!.id,
          reason: "wrong account",
        }),
      ).toMatchObject({ ok: true });
      await dueNow([decided.id, open.id]);
      // What lib/start-up.ts runs when SMTP_URL is unset.
      await runNotifyPass({ ...options(), send: null });
      expect(inbox.received).toEqual([]);
      const reasons = (rows: Array<{ outcome: string | null; skipReason: string | null }>) => rows.map((r) => [r.outcome, r.skipReason]);
      expect(reasons(await rowsOf([decided.id]))).toEqual([
        ["skipped", "decided"],
        ["skipped", "decided"],
      ]);
      expect(reasons(await rowsOf([open.id]))).toEqual([
        ["skipped", "no_mailer"],
        ["skipped", "no_mailer"],
      ]);
      // The log says why, not "Waiting · Due …" (components/console/settings/staff/staff-email-log.tsx reads skipReason).
      const waiting = (await listStaffEmails(database.db, { merchantIds: null }, { outcome: "waiting" })).rows;
      expect(waiting.filter((r) => r.requestId === decided.id || r.requestId === open.id)).toEqual([]);
      const logged = (await listStaffEmails(database.db, { merchantIds: null }, { outcome: "skipped" })).rows.filter(
        (r) => r.requestId === open.id,
      );
      expect(logged.map((r) => r.skipReason)).toEqual(["no_mailer", "no_mailer"]);
    },
  );

  it.skipIf(skip)("skips a person who may no longer approve (disabled since)", async () => {
    const request = await hold(400_000_00);
    await database.db.update(staffUsers).set({ isDisabled: true }).where(eq(staffUsers.id, people.admin!.id));
    try {
      await dueNow([request.id]);
      await runNotifyPass(options());
      expect(inbox.received.map((m) => m.to)).toEqual([[people.finance!.email]]);
      expect((await rowsOf([request.id])).find((r) => r.staffId === people.admin!.id)).toMatchObject({
        outcome: "skipped",
        skipReason: "disabled",
      });
    } finally {
      await database.db.update(staffUsers).set({ isDisabled: false }).where(eq(staffUsers.id, people.admin!.id));
    }
  });

  it.skipIf(skip)("skips, saying so, a person who since lost the merchant or the right to approve", async () => {
    const request = await hold(410_000_00);
    // After the rows were written: the admin is limited to the other merchant, the finance person made an operator.
    await database.db
      .update(staffUsers)
      .set({ merchantIds: [otherMerchant] })
      .where(eq(staffUsers.id, people.admin!.id));
    await database.db.update(staffUsers).set({ role: "operator" }).where(eq(staffUsers.id, people.finance!.id));
    try {
      await dueNow([request.id]);
      await runNotifyPass(options());
      expect(inbox.received).toEqual([]);
      const rows = await rowsOf([request.id]);
      expect(rows.map((r) => [r.staffId, r.outcome, r.skipReason]).sort()).toEqual(
        [
          [people.admin!.id, "skipped", "no_access"],
          [people.finance!.id, "skipped", "no_access"],
        ].sort(),
      );
      // The log says it in the reader's words (components/console/settings/staff/staff-email-log.tsx reads skipReason).
      const logged = (await listStaffEmails(database.db, { merchantIds: null }, { outcome: "skipped" })).rows.filter(
        (r) => r.requestId === request.id,
      );
      expect(logged.map((r) => r.skipReason)).toEqual(["no_access", "no_access"]);
    } finally {
      await database.db.update(staffUsers).set({ merchantIds: null }).where(eq(staffUsers.id, people.admin!.id));
      await database.db.update(staffUsers).set({ role: "finance" }).where(eq(staffUsers.id, people.finance!.id));
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

  /** The approval e-mails are not what the tests below are about. */
  const skipApprovals = () =>
    database.db
      .update(staffNotifications)
      .set({ outcome: "skipped" })
      .where(and(isNull(staffNotifications.outcome), eq(staffNotifications.kind, "approval.waiting")));
  /** A request the provider took (sent, then accepted), as the state machine would have it. */
  const accepted = async (kind: "payout" | "withdrawal" = "payout", createdBy: string | null = people.operator!.id) => {
    const request = await hold(100_000, createdBy);
    await applyToRequest(database.db, request.id, { type: "approval_granted" }, { actor: people.admin!.id });
    await applyToRequest(database.db, request.id, { type: "submit_accepted", providerStatus: "Pending" }, { actor: "provider" });
    await skipApprovals();
    if (kind === "withdrawal") await database.db.update(paymentRequests).set({ kind }).where(eq(paymentRequests.id, request.id));
    return request;
  };
  /** Sent, its answer lost, and the provider unable to say: left to a person (needs review). */
  const needingReview = async (amountSatang: number) => {
    const request = await hold(amountSatang);
    await applyToRequest(database.db, request.id, { type: "approval_granted" }, { actor: people.admin!.id });
    await skipApprovals();
    const lost = { kind: "timeout" as const, timeoutMs: 10_000, mayExist: true };
    await applyToRequest(database.db, request.id, { type: "submit_uncertain", reason: lost }, { actor: "provider" });
    await applyToRequest(
      database.db,
      request.id,
      { type: "submit_unresolved", code: "NO_SUCH_REQUEST", reason: lost },
      { actor: "reconcile" },
    );
    return request;
  };
  const rejected = {
    type: "provider_status" as const,
    status: "Rejected",
    statusCode: "ERR_ACCOUNT_CLOSED",
    reason: "Beneficiary account closed",
  };

  it.skipIf(skip)("tells the maker and those who may approve money out of a Pay-Out the provider failed after accepting it", async () => {
    const request = await accepted("payout", people.operator!.id);
    await applyToRequest(database.db, request.id, rejected, { actor: "webhook" });
    const rows = (await rowsOf([request.id])).filter((r) => r.kind === "payout.failed");
    // The operator made it; finance and admin may approve money out (the maker among them too); not the one elsewhere or disabled.
    expect(rows.map((r) => r.staffId).sort()).toEqual([people.operator!.id, people.maker!.id, people.finance!.id, people.admin!.id].sort());

    await dueNow([request.id]);
    expect(await runNotifyPass(options())).toBe(4);
    const english = readMail(inbox.received.find((m) => m.to[0] === people.admin!.email)!.raw);
    expect(english.subject).toBe(`[PayDesk] Needs your attention: Pay-Out ${request.refId1} was rejected`);
    expect(english.text).toContain(`Siam Coffee 1 · Pay-Out ฿1,000.00 · ${request.refId1}`);
    expect(english.text).toContain("rejected by the provider after it was accepted: the payee has not been paid (ERR_ACCOUNT_CLOSED)");
    expect(english.text).toContain(`https://pay.shop.example/requests/${request.id}`);
    expect(english.text).not.toContain("0812345678");
    const thai = readMail(inbox.received.find((m) => m.to[0] === people.operator!.email)!.raw);
    expect(thai.subject).toBe(`[PayDesk] ต้องให้คุณตรวจสอบ: โอนจ่าย (Pay-Out) ${request.refId1}`);
  });

  it.skipIf(skip)("tells of a request that needs review while it still does, and of no refusal at sending", async () => {
    const review = await needingReview(110_000);
    expect((await rowsOf([review.id])).map((r) => r.kind)).toContain("request.needs_review");

    // One that was settled before its e-mail left is left out.
    const settled = await needingReview(120_000);
    await applyToRequest(database.db, settled.id, { type: "submit_accepted", providerStatus: "Pending" }, { actor: "provider" });

    // Refused when it was sent: the sender saw it on the spot; nobody is e-mailed.
    const refused = await hold(130_000);
    await applyToRequest(database.db, refused.id, { type: "approval_granted" }, { actor: people.admin!.id });
    await applyToRequest(
      database.db,
      refused.id,
      { type: "submit_rejected", code: "ERROR_INVALID_ACCOUNT", description: null },
      { actor: "provider" },
    );
    expect((await rowsOf([refused.id])).filter((r) => r.kind !== "approval.waiting")).toEqual([]);

    await dueNow([review.id, settled.id]);
    await runNotifyPass(options());
    const english = readMail(inbox.received.find((m) => m.to[0] === people.admin!.email)!.raw);
    expect(english.text).toContain(`${review.refId1}`);
    expect(english.text).toContain("needs a person: the provider cannot tell what became of it (NO_SUCH_REQUEST)");
    expect(english.text).not.toContain(settled.refId1);
    expect((await rowsOf([settled.id])).filter((r) => r.kind === "request.needs_review").every((r) => r.outcome === "skipped")).toBe(true);
  });

  it.skipIf(skip)("puts what needs attention and what waits for approval in one e-mail", async () => {
    const failed = await accepted();
    await applyToRequest(database.db, failed.id, rejected, { actor: "webhook" });
    const waiting = await hold(140_000);
    await dueNow([failed.id, waiting.id]);
    await runNotifyPass(options());
    const mails = inbox.received.filter((m) => m.to[0] === people.admin!.email);
    expect(mails).toHaveLength(1);
    const english = readMail(mails[0]!.raw);
    expect(english.subject).toBe("[PayDesk] 2 requests need you");
    expect(english.text.indexOf(failed.refId1)).toBeLessThan(english.text.indexOf(waiting.refId1));
    expect(english.text).toContain("Approve or decline: https://pay.shop.example/approvals");
  });
});

describe("the SMTP mailer", () => {
  it("gives up on a server that accepts the connection and never speaks, instead of waiting minutes", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "PayDesk <paydesk@shop.example>", { greetingTimeout: 300 });
    try {
      const started = Date.now();
      await expect(mailer({ to: "a@shop.example", subject: "s", text: "t" })).rejects.toThrow(/greeting/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(sockets.length).toBe(1);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("waits at most seconds by default, not nodemailer's minutes", () => {
    expect(SMTP_TIMEOUTS_MS.connectionTimeout).toBeLessThanOrEqual(10_000);
    expect(SMTP_TIMEOUTS_MS.greetingTimeout).toBeLessThanOrEqual(10_000);
    expect(SMTP_TIMEOUTS_MS.socketTimeout).toBeLessThanOrEqual(60_000);
  });
});
