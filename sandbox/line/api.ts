/**
 * The LINE Messaging API endpoints PayDesk uses, over real HTTP, as LINE answers them
 * (docs/line-facts.md): bot info, push (with `X-Line-Retry-Key`: a repeat of an accepted key is a
 * 409 that sends nothing; injected 429/500 send nothing and accept no key), link tokens, group
 * summaries and the webhook endpoint setting, each behind the channel access token; and the
 * account-link dialog (`/dialog/bot/accountLink`), which sends the `accountLink` event.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError, readBody, sendJson } from "../http";
import { newEvent, sendEvent } from "./events";
import { lineRequestId, type LineState } from "./state";
import { linkPage } from "./view";

const MAX_BODY = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const lineError = (status: number, message: string, details?: { message: string; property: string }[]) =>
  new HttpError(status, details ? { message, details } : { message }, "json", { "x-line-request-id": lineRequestId() });

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, MAX_BODY, () => lineError(413, "Request entity too large"));
  try {
    const value = JSON.parse(body.toString("utf8")) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw lineError(400, "The request body has 1 error(s)", [{ message: "must be a JSON object", property: "" }]);
}

function authorize(state: LineState, req: IncomingMessage): void {
  if (req.headers.authorization !== `Bearer ${state.channel.accessToken}`)
    throw lineError(401, "Authentication failed. Confirm that the access token in the authorization header is valid.");
}

/** What a push's messages must be (1–5; a flex message's altText and size, docs/line-facts.md). */
function messageProblem(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) return "Size must be between 1 and 5";
  for (const message of messages as Record<string, unknown>[]) {
    if (!message || typeof message.type !== "string") return "must have a type";
    if (message.type === "text" && (typeof message.text !== "string" || message.text.length === 0 || message.text.length > 5_000))
      return "text must be 1 to 5000 characters";
    if (message.type === "flex") {
      if (typeof message.altText !== "string" || message.altText.length < 1 || message.altText.length > 1_500)
        return "altText must be 1 to 1500 characters";
      if (!message.contents || JSON.stringify(message.contents).length > 30_000) return "a bubble must be at most 30 KB";
    }
  }
  return null;
}

async function push(state: LineState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await jsonBody(req);
  const retryKey = typeof req.headers["x-line-retry-key"] === "string" ? req.headers["x-line-retry-key"] : null;
  if (retryKey !== null && !UUID.test(retryKey)) throw lineError(400, "The retry key is invalid");
  const requestId = lineRequestId();
  const record = (status: number) =>
    state.pushes.push({
      requestId,
      at: new Date().toISOString(),
      to: String(body.to),
      retryKey,
      messages: (body.messages as unknown[]) ?? [],
      status,
    });
  const accepted = retryKey ? state.retryKeys.get(retryKey) : undefined;
  if (accepted) {
    record(409);
    return sendJson(
      res,
      409,
      { message: "The retry key is already accepted", sentMessages: accepted.sentMessages },
      { "x-line-request-id": requestId, "x-line-accepted-request-id": accepted.requestId },
    );
  }
  const fault = state.pushFaults.shift();
  if (fault !== undefined) {
    record(fault);
    const message = fault === 429 ? "Too Many Requests" : "Internal server error";
    return sendJson(res, fault, { message }, { "x-line-request-id": requestId });
  }
  const problem = messageProblem(body.messages);
  if (problem) throw lineError(400, "The request body has 1 error(s)", [{ message: problem, property: "messages" }]);
  const to = typeof body.to === "string" ? body.to : "";
  const reachable = state.users.get(to)?.following === true || state.groups.get(to)?.botIn === true;
  if (!reachable) throw lineError(400, "Failed to send messages");
  const sentMessages = (body.messages as unknown[]).map(() => ({
    id: String(Date.now()) + Math.floor(Math.random() * 1e6),
    quoteToken: lineRequestId(),
  }));
  record(200);
  if (retryKey) state.retryKeys.set(retryKey, { requestId, sentMessages });
  if (state.holdAnswersMs > 0) await new Promise((resolve) => setTimeout(resolve, state.holdAnswersMs));
  if (res.destroyed) return;
  sendJson(res, 200, { sentMessages }, { "x-line-request-id": requestId });
}

async function accountLink(state: LineState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const fields =
    req.method === "POST"
      ? new URLSearchParams((await readBody(req, MAX_BODY, () => lineError(413, "too large"))).toString("utf8"))
      : url.searchParams;
  const linkToken = fields.get("linkToken") ?? "";
  const nonce = fields.get("nonce") ?? "";
  const token = state.linkTokens.get(linkToken);
  const page = (status: number, view: Parameters<typeof linkPage>[1]) => {
    const html = linkPage(state, view);
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  };
  if (nonce.length < 10 || nonce.length > 255) return page(400, { kind: "refused", reason: "The nonce must be 10 to 255 characters." });
  // An expired or spent token: LINE sends no event (docs/line-facts.md).
  if (!token || token.used || token.expiresAt < Date.now())
    return page(400, { kind: "refused", reason: "This link has expired or was already used." });
  if (req.method !== "POST")
    return page(200, { kind: "ask", linkToken, nonce, user: state.users.get(token.userId)!, users: [...state.users.values()] });
  token.used = true;
  // The LINE user confirming is the one signed in to LINE; the link is ok only when that is the token's user.
  const as = fields.get("as") || token.userId;
  const result = as === token.userId ? "ok" : "failed";
  const sent = await sendEvent(
    state,
    newEvent("accountLink", { type: "user", userId: as }, { replyToken: lineRequestId(), link: { result, nonce } }),
  );
  page(200, { kind: "done", result, answer: sent.answer });
}

/** Answers a Messaging API or account-link request; false when `url` is not one. */
export async function handleLineApi(state: LineState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  if (path === "/dialog/bot/accountLink") {
    await accountLink(state, req, res, url);
    return true;
  }
  if (!path.startsWith("/v2/bot/")) return false;
  authorize(state, req);
  const { channel } = state;
  if (req.method === "GET" && path === "/v2/bot/info") {
    sendJson(res, 200, {
      userId: channel.botUserId,
      basicId: channel.basicId,
      displayName: channel.displayName,
      chatMode: "bot",
      markAsReadMode: "auto",
    });
    return true;
  }
  if (req.method === "POST" && path === "/v2/bot/message/push") {
    await push(state, req, res);
    return true;
  }
  const linkToken = /^\/v2\/bot\/user\/([^/]+)\/linkToken$/.exec(path);
  if (req.method === "POST" && linkToken) {
    const user = state.users.get(decodeURIComponent(linkToken[1]!));
    if (!user) throw lineError(400, "The user ID is invalid");
    sendJson(res, 200, { linkToken: state.issueLinkToken(user.userId) });
    return true;
  }
  const summary = /^\/v2\/bot\/group\/([^/]+)\/summary$/.exec(path);
  if (req.method === "GET" && summary) {
    const group = state.groups.get(decodeURIComponent(summary[1]!));
    if (!group?.botIn) throw lineError(404, "Not found");
    sendJson(res, 200, { groupId: group.groupId, groupName: group.groupName });
    return true;
  }
  if (path === "/v2/bot/channel/webhook/endpoint") {
    if (req.method === "GET") {
      sendJson(res, 200, { endpoint: channel.webhookUrl ?? "", active: channel.webhookUrl !== null });
      return true;
    }
    if (req.method === "PUT") {
      const endpoint = (await jsonBody(req)).endpoint;
      if (typeof endpoint !== "string" || !URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
        throw lineError(400, "Invalid webhook endpoint URL");
      channel.webhookUrl = endpoint;
      sendJson(res, 200, {});
      return true;
    }
  }
  throw lineError(404, "Not found");
}
