/**
 * The LINE stand-in against LINE's own SDK (`@line/bot-sdk`, as PayDesk will call it), over real
 * HTTP: what docs/line-facts.md says LINE does is what the stand-in does — the retry key's 409,
 * 429/500 that send nothing, link tokens single-use and 10 minutes long, signed webhook events with
 * a ULID `webhookEventId`, and redelivery of the same event.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { HTTPFetchError, messagingApi, validateSignature } from "@line/bot-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../testing/harness";
import { SANDBOX_LINE_CHANNEL } from "../env";
import type { LineUser } from "./state";

interface Received {
  signed: boolean;
  body: { destination: string; events: Record<string, unknown>[] };
}

let sandbox: TestSandbox;
let line: messagingApi.MessagingApiClient;
let webhook: http.Server;
let webhookUrl: string;
const received: Received[] = [];

/** PayDesk's side of the webhook, for this test: checks the signature as the SDK does and keeps each event. */
beforeAll(async () => {
  sandbox = await startTestSandbox("spec");
  line = new messagingApi.MessagingApiClient({ channelAccessToken: SANDBOX_LINE_CHANNEL.channelAccessToken, baseURL: sandbox.url });
  webhook = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers["x-line-signature"] ?? "");
      received.push({ signed: validateSignature(raw, SANDBOX_LINE_CHANNEL.channelSecret, signature), body: JSON.parse(raw) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/line/webhook`;
  await line.setWebhookEndpoint({ endpoint: webhookUrl });
});

afterAll(async () => {
  await sandbox?.dispose();
  await new Promise<void>((resolve) => webhook?.close(() => resolve()));
});

const lastEvent = () => received.at(-1)!.body.events[0]!;

async function follower(name: string): Promise<LineUser> {
  const { body: user } = await sandbox.control<LineUser>("POST", "/line/users", { displayName: name, language: "th" });
  await sandbox.control("POST", `/line/users/${user.userId}/follow`);
  return user;
}

async function failure(call: Promise<unknown>): Promise<HTTPFetchError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HTTPFetchError);
  return error as HTTPFetchError;
}

const text = (words: string) => [{ type: "text" as const, text: words }];

describe("the LINE stand-in", () => {
  it("answers bot info and the webhook endpoint behind the channel access token only", async () => {
    expect(await line.getBotInfo()).toMatchObject({ displayName: "PayDesk Sandbox", basicId: "@paydesk-sandbox", chatMode: "bot" });
    expect(await line.getWebhookEndpoint()).toMatchObject({ endpoint: webhookUrl, active: true });
    const stranger = new messagingApi.MessagingApiClient({ channelAccessToken: "not-the-token", baseURL: sandbox.url });
    expect((await failure(stranger.getBotInfo())).status).toBe(401);
  });

  it("sends signed events with a ULID id; a redelivery is the same event marked as one", async () => {
    const user = await follower("สมชาย");
    const follow = lastEvent();
    expect(received.at(-1)!.signed).toBe(true);
    expect(follow).toMatchObject({
      type: "follow",
      source: { type: "user", userId: user.userId },
      deliveryContext: { isRedelivery: false },
    });
    expect(follow.webhookEventId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const { body: again } = await sandbox.control<{ answer: number }>("POST", "/line/redeliver", { webhookEventId: follow.webhookEventId });
    expect(again.answer).toBe(200);
    expect(lastEvent()).toEqual({ ...follow, deliveryContext: { isRedelivery: true } });
  });

  it("push: a retry key's repeat is a 409 that names the accepted request and sends nothing again", async () => {
    const user = await follower("Finance");
    const key = randomUUID();
    const first = await line.pushMessageWithHttpInfo({ to: user.userId, messages: text("ครั้งเดียว") }, key);
    expect(first.httpResponse.status).toBe(200);
    const repeat = await failure(line.pushMessage({ to: user.userId, messages: text("ครั้งเดียว") }, key));
    expect(repeat.status).toBe(409);
    expect(JSON.parse(repeat.body)).toMatchObject({ message: "The retry key is already accepted", sentMessages: first.body.sentMessages });
    expect(repeat.headers.get("x-line-accepted-request-id")).toBe(first.httpResponse.headers.get("x-line-request-id"));
    const { body: state } = await sandbox.control<{ pushes: { to: string; status: number }[] }>("GET", "/line/state");
    expect(state.pushes.filter((push) => push.to === user.userId).map((push) => push.status)).toEqual([200, 409]);
  });

  it("push: injected 429 and 500 send nothing and accept no key, so the same key then sends once", async () => {
    const user = await follower("Ops");
    await sandbox.control("POST", "/line/faults", { push: [429, 500] });
    const key = randomUUID();
    const push = () => line.pushMessageWithHttpInfo({ to: user.userId, messages: text("ลองใหม่") }, key);
    expect((await failure(push())).status).toBe(429);
    expect((await failure(push())).status).toBe(500);
    expect((await push()).httpResponse.status).toBe(200);
    expect((await failure(push())).status).toBe(409);
  });

  it("push: refuses what LINE refuses (a bad retry key, six messages, a long altText, someone who does not follow)", async () => {
    const user = await follower("Viewer");
    expect((await failure(line.pushMessage({ to: user.userId, messages: text("x") }, "not-a-uuid"))).status).toBe(400);
    expect((await failure(line.pushMessage({ to: user.userId, messages: Array(6).fill(text("x")[0]) }))).status).toBe(400);
    const flex = { type: "flex" as const, altText: "ก".repeat(1_501), contents: { type: "bubble" as const } };
    expect((await failure(line.pushMessage({ to: user.userId, messages: [flex] }))).status).toBe(400);
    await sandbox.control("POST", `/line/users/${user.userId}/unfollow`);
    expect(lastEvent()).toMatchObject({ type: "unfollow", source: { userId: user.userId } });
    expect((await failure(line.pushMessage({ to: user.userId, messages: text("x") }))).status).toBe(400);
  });

  it("account link: the token's own LINE user confirming sends accountLink ok with the nonce, once; an expired token or another LINE user does not link", async () => {
    const user = await follower("Approver");
    const nonce = "n".repeat(10) + randomUUID();
    const { linkToken } = await line.issueLinkToken(user.userId);
    const dialog = `${sandbox.url}/dialog/bot/accountLink?linkToken=${encodeURIComponent(linkToken)}&nonce=${encodeURIComponent(nonce)}`;
    expect(await (await fetch(dialog)).text()).toContain("Link your LINE account");
    const confirm = (as?: string) =>
      fetch(dialog, { method: "POST", body: new URLSearchParams({ linkToken, nonce, ...(as ? { as } : {}) }) });
    const before = received.length;
    expect((await confirm()).status).toBe(200);
    expect(lastEvent()).toMatchObject({ type: "accountLink", source: { userId: user.userId }, link: { result: "ok", nonce } });
    expect((await confirm()).status).toBe(400);
    expect(received.length).toBe(before + 1);

    const { linkToken: late } = await line.issueLinkToken(user.userId);
    await sandbox.control("POST", `/line/link-tokens/${encodeURIComponent(late)}/expire`);
    const expired = await fetch(`${sandbox.url}/dialog/bot/accountLink`, {
      method: "POST",
      body: new URLSearchParams({ linkToken: late, nonce }),
    });
    expect(expired.status).toBe(400);
    expect(received.length).toBe(before + 1);

    const other = await follower("Someone else");
    const { linkToken: third } = await line.issueLinkToken(user.userId);
    await fetch(`${sandbox.url}/dialog/bot/accountLink`, {
      method: "POST",
      body: new URLSearchParams({ linkToken: third, nonce, as: other.userId }),
    });
    expect(lastEvent()).toMatchObject({ type: "accountLink", source: { userId: other.userId }, link: { result: "failed" } });
  });

  it("groups: join and leave are events, and a group's summary is there only while the bot is in it", async () => {
    const { body: group } = await sandbox.control<{ groupId: string }>("POST", "/line/groups", { groupName: "ทีมการเงิน" });
    await sandbox.control("POST", `/line/groups/${group.groupId}/join`);
    expect(lastEvent()).toMatchObject({ type: "join", source: { type: "group", groupId: group.groupId } });
    expect(await line.getGroupSummary(group.groupId)).toMatchObject({ groupName: "ทีมการเงิน" });
    await line.pushMessage({ to: group.groupId, messages: text("ถึงกลุ่ม") });
    await sandbox.control("POST", `/line/groups/${group.groupId}/leave`);
    expect(lastEvent()).toMatchObject({ type: "leave" });
    expect((await failure(line.getGroupSummary(group.groupId))).status).toBe(404);
    const page = await (await fetch(`${sandbox.url}/sandbox/line`)).text();
    expect(page).toContain("ถึงกลุ่ม");
    expect(page).toContain("ทีมการเงิน");
  });
});
