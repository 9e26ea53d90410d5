/**
 * LINE, on PGlite and Postgres, against the sandbox's LINE stand-in over real HTTP (sandbox/line):
 * connecting the channel (token checked, token and secret sealed), webhook events verified, stored
 * once and handled once (forged refused, redelivered ignored), a staff member linking their LINE
 * account (the nonce bound to the person; expired, replayed and someone else's refused), groups
 * joining and leaving, and the LINE loop sending once through a crash (the retry key's 409),
 * backing off on 429, and sending nothing that is no longer wanted.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LINE_CHANNEL } from "@/sandbox/env";
import { startTestSandbox, type TestSandbox } from "@/sandbox/testing/harness";
import type { LineUser } from "@/sandbox/line/state";
import { insertStaff } from "../auth/testing/staff";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { lineAccounts, lineChannel, lineEvents, lineGroups, lineMessages, merchants, paymentRequests, staffUsers } from "../db/schema";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { toSatang } from "../money";
import { connectLine, lineChannelSecrets } from "./channel";
import { lineApi } from "./client";
import { handleLineEvents, receiveLineEvents } from "./events";
import { startLink } from "./linking";
import { requestMessage } from "./messages";
import { enqueueLineMessages } from "./outbox";
import { sendDueLineMessages } from "./worker";
import { listLineMessages } from "./log";
import { dueSummary, enqueueDueSummaries } from "./summary";
import { APPROVER_ROLES } from "../notify/outbox";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LineLog } from "@/components/console/settings/line/line-log";
import { lineLogMessages } from "@/components/console/settings/line/line-log-messages";
import { recordApprovalWaiting } from "../notify/outbox";
import { applyToRequest } from "../requests/apply";

const vault = createKeyVault([randomBytes(32)]);
const CONSOLE = "https://paydesk.test";

interface StandInState {
  pushes: { to: string; status: number; retryKey: string | null; messages: { altText?: string; text?: string; contents?: unknown }[] }[];
  events: { answer: number | string; event: { type: string; webhookEventId: string } }[];
}

describe.each(DATABASE_KINDS)("LINE, on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let webhook: http.Server;
  let webhookUrl: string;
  const answers: number[] = [];

  const standIn = async () => (await sandbox.control<StandInState>("GET", "/line/state")).body;
  const deps = () => ({ api: lineApi(SANDBOX_LINE_CHANNEL.channelAccessToken, sandbox.url), consoleUrl: CONSOLE });
  const pass = () => sendDueLineMessages({ db: database.db, vault, apiBaseUrl: sandbox.url, consoleUrl: CONSOLE });

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sandbox = await startTestSandbox("spec");
    // PayDesk's webhook route, as it answers (app/api/webhooks/line/route.ts): receive, then handle.
    webhook = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        void (async () => {
          const secrets = await lineChannelSecrets(database.db, vault);
          const intake = await receiveLineEvents(
            database.db,
            secrets!.secret,
            Buffer.concat(chunks).toString("utf8"),
            (request.headers["x-line-signature"] as string | undefined) ?? null,
          );
          answers.push(intake.status);
          if (intake.fresh.length > 0) await handleLineEvents(database.db, deps(), { ids: intake.fresh });
          response.writeHead(intake.status, { "content-type": "application/json" }).end(JSON.stringify(intake.body));
        })();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
    webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/webhooks/line`;
  });
  afterAll(async () => {
    await sandbox?.dispose();
    await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
    await database?.dispose();
  });

  const connect = (accessToken: string) =>
    connectLine(database.db, vault, {
      accessToken,
      secret: SANDBOX_LINE_CHANNEL.channelSecret,
      staffId: null,
      webhookUrl,
      apiBaseUrl: sandbox.url,
    });

  it.skipIf(skip)("connects only with a token LINE accepts, seals token and secret, and sets LINE's webhook address", async () => {
    expect(await connect("not-the-token")).toMatchObject({ ok: false, problem: "token_refused" });
    expect(await database.db.select().from(lineChannel)).toHaveLength(0);
    expect(await connect(SANDBOX_LINE_CHANNEL.channelAccessToken)).toMatchObject({
      ok: true,
      webhookSet: true,
      bot: { basicId: "@paydesk-sandbox", displayName: "PayDesk Sandbox" },
    });
    const [row] = await database.db.select().from(lineChannel);
    expect(JSON.stringify(row)).not.toContain(SANDBOX_LINE_CHANNEL.channelAccessToken);
    expect(JSON.stringify(row)).not.toContain(SANDBOX_LINE_CHANNEL.channelSecret);
    expect(await lineChannelSecrets(database.db, vault)).toMatchObject({ secret: SANDBOX_LINE_CHANNEL.channelSecret });
    expect(await lineApi(SANDBOX_LINE_CHANNEL.channelAccessToken, sandbox.url).getWebhookEndpoint()).toMatchObject({
      endpoint: webhookUrl,
    });
  });

  it.skipIf(skip)("refuses a forged signature and stores nothing; a redelivered event changes nothing twice", async () => {
    const body = JSON.stringify({
      destination: "U0",
      events: [{ type: "leave", webhookEventId: "01FORGED00000000000000000", source: { type: "group", groupId: "C1" } }],
    });
    const forged = await receiveLineEvents(database.db, SANDBOX_LINE_CHANNEL.channelSecret, body, "c2lnbmF0dXJlLW9mLXNvbWVvbmUtZWxzZQ==");
    expect(forged.status).toBe(401);
    expect(await receiveLineEvents(database.db, SANDBOX_LINE_CHANNEL.channelSecret, body, null)).toMatchObject({ status: 401 });
    expect(await database.db.select().from(lineEvents).where(eq(lineEvents.webhookEventId, "01FORGED00000000000000000"))).toHaveLength(0);

    const { body: group } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: `ทีมการเงิน ${kind}` });
    await sandbox.control("POST", `/line/groups/${group.groupId}/join`);
    const [joined] = await database.db.select().from(lineGroups).where(eq(lineGroups.groupId, group.groupId));
    expect(joined).toMatchObject({ name: `ทีมการเงิน ${kind}`, leftAt: null });
    const joinEvent = (await standIn()).events.at(-1)!.event;
    const [stored] = await database.db.select().from(lineEvents).where(eq(lineEvents.webhookEventId, joinEvent.webhookEventId));
    expect(stored).toMatchObject({ type: "join", repeats: 0, outcome: "group_joined" });

    // The group is given kinds, then LINE redelivers the join: nothing is reset.
    await database.db
      .update(lineGroups)
      .set({ kinds: ["approval.waiting"] })
      .where(eq(lineGroups.groupId, group.groupId));
    const { body: again } = await sandbox.control<{ answer: number }>("POST", "/line/redeliver", {
      webhookEventId: joinEvent.webhookEventId,
    });
    expect(again.answer).toBe(200);
    const [after] = await database.db.select().from(lineEvents).where(eq(lineEvents.webhookEventId, joinEvent.webhookEventId));
    expect(after).toMatchObject({ repeats: 1, outcome: "group_joined" });
    expect((await database.db.select().from(lineGroups).where(eq(lineGroups.groupId, group.groupId)))[0]!.kinds).toEqual([
      "approval.waiting",
    ]);

    await sandbox.control("POST", `/line/groups/${group.groupId}/leave`);
    expect((await database.db.select().from(lineGroups).where(eq(lineGroups.groupId, group.groupId)))[0]!.leftAt).not.toBeNull();
  });

  it.skipIf(skip)("links a person's LINE account through LINE's flow; the nonce is theirs alone, once, in time", async () => {
    const person = await insertStaff(database.db, { role: "finance" });
    const other = await insertStaff(database.db, { role: "operator" });
    const { body: line } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: "คุณการเงิน" });
    await sandbox.control("POST", `/line/users/${line.userId}/follow`);
    await pass();
    // The follower was sent the link page's address with a link token LINE issued for them.
    const offer = (await standIn()).pushes.filter((push) => push.to === line.userId).at(-1)!;
    expect(offer.status).toBe(200);
    const uri = JSON.stringify(offer.messages).match(/https:\/\/paydesk\.test\/account\/line\/link\?linkToken=([^"]+)/);
    expect(uri).not.toBeNull();
    const linkToken = decodeURIComponent(uri![1]!);

    // The other person opens the same offer: their nonce is theirs; LINE's user confirming for them is still `line`,
    // but a nonce they made and one LINE says "failed" for never link anyone.
    const started = await startLink(database.db, linkToken, person.id);
    expect(started.ok).toBe(true);
    const nonce = started.ok ? started.nonce : "";
    expect(nonce.length).toBeGreaterThanOrEqual(10);
    const dialog = `${sandbox.url}/dialog/bot/accountLink`;
    const confirm = (token: string, n: string, as?: string) =>
      fetch(dialog, { method: "POST", body: new URLSearchParams({ linkToken: token, nonce: n, ...(as ? { as } : {}) }) });

    // Someone else signed in to LINE confirms the link: LINE says failed; nobody is linked.
    const { body: stranger } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: "Stranger" });
    await confirm(linkToken, nonce, stranger.userId);
    expect(await database.db.select().from(lineAccounts).where(eq(lineAccounts.staffId, person.id))).toHaveLength(0);

    // A new token for the follower (LINE's is single use), a new nonce for the person: linked, to that person only.
    const { linkToken: second } = await lineApi(SANDBOX_LINE_CHANNEL.channelAccessToken, sandbox.url).issueLinkToken(line.userId);
    await database.db.execute(
      `insert into line_link_offers (link_token, line_user_id, expires_at) values ('${second}', '${line.userId}', now() + interval '10 minutes')`,
    );
    const mine = await startLink(database.db, second, person.id);
    await confirm(second, mine.ok ? mine.nonce : "");
    expect(await database.db.select().from(lineAccounts).where(eq(lineAccounts.lineUserId, line.userId))).toEqual([
      expect.objectContaining({ staffId: person.id }),
    ]);
    const linkedEvent = (await standIn()).events.at(-1)!.event;
    expect(
      await database.db
        .select({ outcome: lineEvents.outcome })
        .from(lineEvents)
        .where(eq(lineEvents.webhookEventId, linkedEvent.webhookEventId)),
    ).toEqual([{ outcome: "linked" }]);

    // The same nonce again (a replay in a new event) links nobody else.
    const theirs = await startLink(database.db, second, other.id);
    expect(theirs.ok).toBe(true);
    const replay = JSON.stringify({
      destination: "U0",
      events: [
        {
          type: "accountLink",
          webhookEventId: randomUUID(),
          source: { type: "user", userId: stranger.userId },
          link: { result: "ok", nonce: mine.ok ? mine.nonce : "" },
        },
      ],
    });
    const { signature } = await import("@/sandbox/line/events");
    const intake = await receiveLineEvents(
      database.db,
      SANDBOX_LINE_CHANNEL.channelSecret,
      replay,
      signature(SANDBOX_LINE_CHANNEL.channelSecret, replay),
    );
    await handleLineEvents(database.db, deps(), { ids: intake.fresh });
    expect((await database.db.select().from(lineEvents).where(eq(lineEvents.webhookEventId, intake.fresh[0]!)))[0]!.outcome).toBe(
      "not_linked: nonce_spent",
    );
    expect(await database.db.select().from(lineAccounts).where(eq(lineAccounts.staffId, other.id))).toHaveLength(0);

    // An expired offer makes no nonce.
    await database.db.execute(`update line_link_offers set expires_at = now() - interval '1 second' where link_token = '${second}'`);
    expect(await startLink(database.db, second, other.id)).toEqual({ ok: false, problem: "offer_expired" });

    // The person blocks the account in LINE: unlinked.
    await sandbox.control("POST", `/line/users/${line.userId}/unfollow`);
    expect(await database.db.select().from(lineAccounts).where(eq(lineAccounts.staffId, person.id))).toHaveLength(0);
  });

  it.skipIf(skip)(
    "sends once through a crash between LINE's answer and its record (the retry key's 409), backs off on 429, and skips what is no longer wanted",
    async () => {
      const person = await insertStaff(database.db, { role: "finance" });
      const { body: line } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: "Approver" });
      await sandbox.control("POST", `/line/users/${line.userId}/follow`);
      await database.db.insert(lineAccounts).values({ staffId: person.id, lineUserId: line.userId });
      await pass(); // the follow's link offer, sent before linking
      const merchant = (
        await createMerchant(database.db, vault, {
          displayName: "ร้านกาแฟ",
          orgId: `org-${kind}`,
          merchantId: randomUUID(),
          submitKey: "submit-key-line-0000000",
        })
      ).id;
      const request = async (status: "awaiting_approval" | "pending") =>
        (
          await database.db
            .insert(paymentRequests)
            .values({
              id: `req_${randomBytes(10).toString("hex")}`,
              merchantId: merchant,
              kind: "payout",
              refId1: `L-${randomBytes(4).toString("hex")}`,
              requestedAmount: "12500.00",
              status,
              input: {},
              idempotencyKey: randomUUID(),
            })
            .returning({ id: paymentRequests.id, refId1: paymentRequests.refId1 })
        )[0]!;
      const waiting = await request("awaiting_approval");
      const told = {
        id: waiting.id,
        merchant: "ร้านกาแฟ",
        kind: "payout" as const,
        refId1: waiting.refId1,
        amountSatang: toSatang("12500.00"),
      };
      const message = (requestId: string, key: string) => ({
        kind: "approval.waiting" as const,
        dedupeKey: key,
        toLineId: line.userId,
        staffId: person.id,
        requestId,
        merchantId: merchant,
        messages: [requestMessage("approval.waiting", told, "th", `${CONSOLE}/requests/${requestId}`)],
      });
      expect(await enqueueLineMessages(database.db, [message(waiting.id, `a:${waiting.id}`)])).toBe(1);
      expect(await enqueueLineMessages(database.db, [message(waiting.id, `a:${waiting.id}`)])).toBe(0);

      // 429 first: nothing sent, tried again after a minute.
      await sandbox.control("POST", "/line/faults", { push: [429] });
      expect(await pass()).toBe(1);
      const [backedOff] = await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, waiting.id));
      expect(backedOff).toMatchObject({ outcome: null, lastStatus: 429, attempts: 1 });
      expect(backedOff!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

      // Due again; sent; then the sender "dies" before recording it: the row is as a crash leaves it.
      await database.db.update(lineMessages).set({ nextAttemptAt: new Date() }).where(eq(lineMessages.requestId, waiting.id));
      await pass();
      const [sent] = await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, waiting.id));
      expect(sent).toMatchObject({ outcome: "sent", lastStatus: 200 });
      await database.db
        .update(lineMessages)
        .set({ outcome: null, sentAt: null, sendStartedAt: new Date(), leaseUntil: new Date(Date.now() - 1_000) })
        .where(eq(lineMessages.requestId, waiting.id));
      await pass();
      const [repeated] = await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, waiting.id));
      expect(repeated).toMatchObject({
        outcome: "sent",
        lastStatus: 409,
        repeats: 1,
        unconfirmedSends: 1,
        lineRequestId: sent!.lineRequestId,
      });
      const delivered = (await standIn()).pushes.filter((push) => push.retryKey === sent!.retryKey);
      expect(delivered.map((push) => push.status)).toEqual([429, 200, 409]);
      // The log says it was sent once and tried more, in both languages; the merchant-limited admin sees it too.
      const logged = (await listLineMessages(database.db, { merchantIds: [merchant] })).find((row) => row.requestId === waiting.id);
      expect(logged).toMatchObject({ outcome: "sent", repeats: 1, toPerson: expect.any(String), refId1: waiting.refId1 });
      expect((await listLineMessages(database.db, { merchantIds: [] })).length).toBe(0);
      for (const locale of ["en", "th"] as const) {
        const page = renderToStaticMarkup(createElement(LineLog, { rows: [logged!], locale }));
        expect(page).toContain('data-repeats="1"');
        expect(page).toContain(lineLogMessages(locale).repeated("3"));
      }
      expect(JSON.stringify(delivered[1]!.messages)).toContain("฿12,500.00");
      expect(JSON.stringify(delivered[1]!.messages)).toContain(`${CONSOLE}/requests/${waiting.id}`);

      // Not wanted any more: decided, turned off, unlinked: recorded as skipped with why, nothing pushed.
      const decided = await request("pending");
      const off = await request("awaiting_approval");
      const gone = await request("awaiting_approval");
      const before = (await standIn()).pushes.length;
      await enqueueLineMessages(database.db, [message(decided.id, `a:${decided.id}`)]);
      await pass();
      await database.db
        .update(staffUsers)
        .set({ lineOff: ["approval.waiting"] })
        .where(eq(staffUsers.id, person.id));
      await enqueueLineMessages(database.db, [message(off.id, `a:${off.id}`)]);
      await pass();
      await database.db.update(staffUsers).set({ lineOff: [] }).where(eq(staffUsers.id, person.id));
      await database.db.delete(lineAccounts).where(eq(lineAccounts.staffId, person.id));
      await enqueueLineMessages(database.db, [message(gone.id, `a:${gone.id}`)]);
      await pass();
      const skipped = await database.db
        .select({ requestId: lineMessages.requestId, outcome: lineMessages.outcome, why: lineMessages.skipReason })
        .from(lineMessages);
      expect(skipped.filter((row) => [decided.id, off.id, gone.id].includes(row.requestId ?? ""))).toEqual(
        expect.arrayContaining([
          { requestId: decided.id, outcome: "skipped", why: "decided" },
          { requestId: off.id, outcome: "skipped", why: "turned_off" },
          { requestId: gone.id, outcome: "skipped", why: "unlinked" },
        ]),
      );
      expect((await standIn()).pushes.length).toBe(before);
    },
  );
  it.skipIf(skip)(
    "news written with the change reaches linked people and the merchant's groups given that kind, in each reader's language",
    async () => {
      const approver = await insertStaff(database.db, { role: "finance" });
      const english = await insertStaff(database.db, { role: "admin" });
      await database.db.update(staffUsers).set({ locale: "en" }).where(eq(staffUsers.id, english.id));
      const unlinked = await insertStaff(database.db, { role: "finance" });
      const users: Record<string, string> = {};
      for (const [who, name] of [
        [approver.id, "Finance TH"],
        [english.id, "Admin EN"],
      ] as const) {
        const { body } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: name });
        await sandbox.control("POST", `/line/users/${body.userId}/follow`);
        await database.db.insert(lineAccounts).values({ staffId: who, lineUserId: body.userId });
        users[who] = body.userId;
      }
      const merchant = (
        await createMerchant(database.db, vault, {
          displayName: "ร้านขนม",
          orgId: `org-news-${kind}`,
          merchantId: randomUUID(),
          submitKey: "submit-key-news-000000",
        })
      ).id;
      const { body: group } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: "ทีมอนุมัติ" });
      await sandbox.control("POST", `/line/groups/${group.groupId}/join`);
      await database.db
        .update(lineGroups)
        .set({ merchantId: merchant, kinds: ["approval.waiting", "payout.failed"] })
        .where(eq(lineGroups.groupId, group.groupId));
      const { body: quiet } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: "ไม่รับ" });
      await sandbox.control("POST", `/line/groups/${quiet.groupId}/join`);
      await database.db
        .update(lineGroups)
        .set({ merchantId: merchant, kinds: ["payout.failed"] })
        .where(eq(lineGroups.groupId, quiet.groupId));
      await pass(); // the follows' link offers

      const [held] = await database.db
        .insert(paymentRequests)
        .values({
          id: `req_${randomBytes(10).toString("hex")}`,
          merchantId: merchant,
          kind: "payout",
          refId1: `N-${randomBytes(4).toString("hex")}`,
          requestedAmount: "75000.00",
          status: "awaiting_approval",
          input: {},
          idempotencyKey: randomUUID(),
        })
        .returning();
      await recordApprovalWaiting(database.db, held!.id);
      const rows = await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, held!.id));
      expect(rows.map((row) => row.toLineId).sort()).toEqual([users[approver.id], users[english.id], group.groupId].sort());
      expect(rows.some((row) => row.staffId === unlinked.id)).toBe(false);
      expect(rows.every((row) => row.messages === null)).toBe(true);
      await pass();
      const pushed = (await standIn()).pushes.filter((push) => JSON.stringify(push.messages).includes(held!.refId1));
      expect(pushed.map((push) => push.to).sort()).toEqual([users[approver.id], users[english.id], group.groupId].sort());
      const words = (to: string) => JSON.stringify(pushed.find((push) => push.to === to)!.messages);
      expect(words(users[approver.id]!)).toContain("รอคุณอนุมัติ");
      expect(words(users[english.id]!)).toContain("Waiting for your approval");
      expect(words(group.groupId)).toContain("ร้านขนม");
      expect(words(group.groupId)).toContain("฿75,000.00");
      expect(words(group.groupId)).not.toContain("0123456789");

      // Money out the provider took and then rejected: told with the change, by the apply statement itself.
      await database.db.update(paymentRequests).set({ status: "pending" }).where(eq(paymentRequests.id, held!.id));
      await applyToRequest(
        database.db,
        held!.id,
        { type: "provider_status", status: "Rejected", statusCode: "ERR_ACCOUNT_CLOSED", reason: "closed" },
        { actor: "webhook" },
      );
      const failed = await database.db.select().from(lineMessages).where(eq(lineMessages.kind, "payout.failed"));
      expect(failed.filter((row) => row.requestId === held!.id).map((row) => row.toLineId)).toEqual(
        expect.arrayContaining([group.groupId, quiet.groupId, users[approver.id], users[english.id]]),
      );
    },
  );
  it.skipIf(skip)(
    "a Pay-In paid at or above its merchant's LINE threshold reaches the approvers who linked LINE and the groups that chose it; below it, nothing",
    async () => {
      const approver = await insertStaff(database.db, { role: "admin" });
      const operator = await insertStaff(database.db, { role: "operator" });
      const users: string[] = [];
      for (const who of [approver.id, operator.id]) {
        const { body } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: who });
        await sandbox.control("POST", `/line/users/${body.userId}/follow`);
        await database.db.insert(lineAccounts).values({ staffId: who, lineUserId: body.userId });
        users.push(body.userId);
      }
      const merchant = (
        await createMerchant(database.db, vault, {
          displayName: "ร้านผลไม้",
          orgId: `org-paid-${kind}`,
          merchantId: randomUUID(),
          submitKey: "submit-key-paid-000000",
        })
      ).id;
      await database.db.update(merchants).set({ linePaidThreshold: "100000.00" }).where(eq(merchants.id, merchant));
      const { body: group } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: "ยอดเข้า" });
      await sandbox.control("POST", `/line/groups/${group.groupId}/join`);
      await database.db
        .update(lineGroups)
        .set({ merchantId: merchant, kinds: ["payin.paid_large"] })
        .where(eq(lineGroups.groupId, group.groupId));
      const payIn = async (amount: string) =>
        (
          await database.db
            .insert(paymentRequests)
            .values({
              id: `req_${randomBytes(10).toString("hex")}`,
              merchantId: merchant,
              kind: "payin",
              refId1: `P-${randomBytes(4).toString("hex")}`,
              requestedAmount: amount,
              status: "pending",
              input: {},
              idempotencyKey: randomUUID(),
            })
            .returning()
        )[0]!;
      const paid = { type: "provider_status", status: "Paid", statusCode: null, reason: null } as const;
      const large = await payIn("150000.00");
      const small = await payIn("99999.99");
      await applyToRequest(database.db, large.id, paid, { actor: "webhook" });
      await applyToRequest(database.db, small.id, paid, { actor: "webhook" });
      expect((await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, small.id))).length).toBe(0);
      const told = await database.db.select().from(lineMessages).where(eq(lineMessages.requestId, large.id));
      // The admin may approve money out (so may the linked approvers of the other tests, who see every merchant); the operator may not.
      const to = told.map((row) => row.toLineId);
      expect(to).toEqual(expect.arrayContaining([users[0]!, group.groupId]));
      expect(to).not.toContain(users[1]!);
      await pass();
      const pushed = (await standIn()).pushes.filter((push) => JSON.stringify(push.messages).includes(large.refId1));
      expect(pushed.map((push) => push.to).sort()).toEqual([...to].sort());
      expect(JSON.stringify(pushed[0]!.messages)).toContain("฿150,000.00");
      expect(JSON.stringify(pushed[0]!.messages)).toContain("มีการชำระเงินยอดสูง");
    },
  );
  it.skipIf(skip)(
    "the daily summary: due at the merchant's Bangkok time with the overview's figures, once, to its groups and approvers",
    async () => {
      const bangkok = (iso: string) => new Date(`${iso}+07:00`);
      // From noon, today so far; before noon, yesterday whole; never from before the time was set, nor six hours late.
      expect(dueSummary("18:00", null, bangkok("2026-11-29T18:00:05"))).toMatchObject({ day: "2026-11-29", untilTime: "18:00" });
      expect(dueSummary("08:30", null, bangkok("2026-11-29T08:31:00"))).toMatchObject({ day: "2026-11-28", untilTime: null });
      expect(dueSummary("18:00", null, bangkok("2026-11-29T17:59:00"))).toBeNull();
      expect(dueSummary("18:00", bangkok("2026-11-29T18:00:01"), bangkok("2026-11-29T18:00:05"))).toBeNull();

      const approver = await insertStaff(database.db, { role: "finance" });
      const { body: person } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: "Finance summary" });
      await sandbox.control("POST", `/line/users/${person.userId}/follow`);
      await database.db.insert(lineAccounts).values({ staffId: approver.id, lineUserId: person.userId });
      const merchant = (
        await createMerchant(database.db, vault, {
          displayName: "ร้านสรุป",
          orgId: `org-sum-${kind}`,
          merchantId: randomUUID(),
          submitKey: "submit-key-summary-0000",
        })
      ).id;
      const { body: group } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: "สรุปทุกวัน" });
      await sandbox.control("POST", `/line/groups/${group.groupId}/join`);
      await database.db
        .update(lineGroups)
        .set({ merchantId: merchant, kinds: ["daily.summary"] })
        .where(eq(lineGroups.groupId, group.groupId));

      // A time a minute ago: the summary is due now; its day is today (afternoon) or yesterday (morning).
      const now = new Date();
      const clock = new Date(now.getTime() + 7 * 3_600_000 - 60_000).toISOString().slice(11, 16);
      const morning = Number(clock.slice(0, 2)) < 12;
      const due = dueSummary(clock, null, now)!;
      const createdAt = morning ? bangkok(`${due.day}T12:00:00`) : new Date(due.at.getTime() - 60_000);
      await database.db
        .update(merchants)
        .set({ lineSummaryTime: clock, lineSummarySince: new Date(now.getTime() - 3_600_000) })
        .where(eq(merchants.id, merchant));
      const [payIn] = await database.db
        .insert(paymentRequests)
        .values({
          id: `req_${randomBytes(10).toString("hex")}`,
          merchantId: merchant,
          kind: "payin",
          refId1: `S-${randomBytes(4).toString("hex")}`,
          requestedAmount: "4321.50",
          status: "pending",
          input: {},
          idempotencyKey: randomUUID(),
          createdAt,
        })
        .returning();
      await applyToRequest(
        database.db,
        payIn!.id,
        { type: "provider_status", status: "Paid", statusCode: null, reason: null },
        { actor: "webhook" },
      );

      expect(await enqueueDueSummaries(database.db, { consoleUrl: CONSOLE, approverRoles: APPROVER_ROLES, now })).toBeGreaterThanOrEqual(1);
      expect(await enqueueDueSummaries(database.db, { consoleUrl: CONSOLE, approverRoles: APPROVER_ROLES, now })).toBe(0);
      const rows = await database.db.select().from(lineMessages).where(eq(lineMessages.merchantId, merchant));
      expect(rows.filter((row) => row.kind === "daily.summary").map((row) => row.toLineId)).toEqual(
        expect.arrayContaining([person.userId, group.groupId]),
      );
      await pass();
      const pushed = (await standIn()).pushes.filter(
        (push) => push.to === group.groupId && JSON.stringify(push.messages).includes("สรุปประจำวัน"),
      );
      expect(pushed).toHaveLength(1);
      const words = JSON.stringify(pushed[0]!.messages);
      expect(words).toContain("ร้านสรุป");
      expect(words).toContain("฿4,321.50 · 1 รายการ");
      expect(words).toContain(morning ? `ทั้งวัน ${due.day}` : `${due.day} ถึง ${clock} น.`);
    },
  );
});
