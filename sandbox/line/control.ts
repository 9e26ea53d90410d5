/**
 * The stand-in's control API (`/sandbox/line/…`), for tests and the demo: LINE users who follow or block
 * the bot and send it words, groups that invite or remove it, faults for the next pushes,
 * redelivery of an event, and what was pushed (`GET /sandbox/line` as a page, `GET /sandbox/line/state` as JSON).
 * Each call that makes an event answers once PayDesk's webhook has answered it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError, readBody, sendJson } from "../http";
import { newEvent, redeliver, sendEvent } from "./events";
import { lineRequestId, type LineState } from "./state";
import { pushesPage } from "./view";

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = (await readBody(req, 1024 * 1024, () => new HttpError(413, { error: "too large" }))).toString("utf8");
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, { error: "the body must be JSON" });
  }
}

const notFound = (what: string) => new HttpError(404, { error: `no such ${what}` });

export async function handleLineControl(state: LineState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  if (path !== "/sandbox/line" && !path.startsWith("/sandbox/line/")) return false;
  if (req.method === "GET" && path === "/sandbox/line") {
    const html = pushesPage(state);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
    return true;
  }
  if (req.method === "GET" && path === "/sandbox/line/state") {
    sendJson(res, 200, {
      channel: { ...state.channel, secret: undefined, accessToken: undefined },
      users: [...state.users.values()],
      groups: [...state.groups.values()],
      pushes: state.pushes,
      events: state.events.map((event) => ({ ...event, event: JSON.parse(event.body).events[0] })),
      linkTokens: [...state.linkTokens.entries()].map(([linkToken, token]) => ({ linkToken, ...token })),
    });
    return true;
  }
  if (req.method !== "POST") throw new HttpError(405, { error: "POST" });
  if (path === "/sandbox/line/follow-new") {
    // The page's form (a person trying the demo): a new LINE user who adds the account as a friend.
    const form = new URLSearchParams((await readBody(req, 64 * 1024, () => new HttpError(413, { error: "too large" }))).toString("utf8"));
    const person = state.addUser(form.get("displayName")?.trim() || "Staff", "th");
    person.following = true;
    await sendEvent(
      state,
      newEvent("follow", { type: "user", userId: person.userId }, { replyToken: lineRequestId(), follow: { isUnblocked: false } }),
    );
    res.writeHead(303, { Location: "/sandbox/line", "Content-Length": 0 }).end();
    return true;
  }
  const input = await body(req);
  if (path === "/sandbox/line/users") {
    const language = input.language === "en" ? "en" : "th";
    sendJson(res, 201, state.addUser(typeof input.displayName === "string" ? input.displayName : "LINE user", language));
    return true;
  }
  const user = /^\/sandbox\/line\/users\/([^/]+)\/(follow|unfollow|message)$/.exec(path);
  if (user) {
    const person = state.users.get(user[1]!);
    if (!person) throw notFound("LINE user");
    const source = { type: "user" as const, userId: person.userId };
    const verb = user[2]!;
    if (verb !== "message") person.following = verb === "follow";
    const event =
      verb === "follow"
        ? newEvent("follow", source, { replyToken: lineRequestId(), follow: { isUnblocked: false } })
        : verb === "unfollow"
          ? newEvent("unfollow", source)
          : newEvent("message", source, {
              replyToken: lineRequestId(),
              message: { type: "text", id: lineRequestId(), text: String(input.text ?? "") },
            });
    sendJson(res, 200, await sendEvent(state, event));
    return true;
  }
  if (path === "/sandbox/line/groups") {
    sendJson(res, 201, state.addGroup(typeof input.groupName === "string" ? input.groupName : "LINE group"));
    return true;
  }
  const group = /^\/sandbox\/line\/groups\/([^/]+)\/(join|leave)$/.exec(path);
  if (group) {
    const chat = state.groups.get(group[1]!);
    if (!chat) throw notFound("group");
    chat.botIn = group[2] === "join";
    const source = { type: "group" as const, groupId: chat.groupId };
    sendJson(res, 200, await sendEvent(state, newEvent(group[2]!, source, chat.botIn ? { replyToken: lineRequestId() } : {})));
    return true;
  }
  if (path === "/sandbox/line/faults") {
    const statuses = Array.isArray(input.push) ? input.push.filter((status): status is number => status === 429 || status === 500) : [];
    state.pushFaults.splice(0, state.pushFaults.length, ...statuses);
    state.holdAnswersMs = typeof input.holdAnswersMs === "number" && input.holdAnswersMs >= 0 ? Math.min(input.holdAnswersMs, 120_000) : 0;
    sendJson(res, 200, { push: state.pushFaults, holdAnswersMs: state.holdAnswersMs });
    return true;
  }
  if (path === "/sandbox/line/redeliver") {
    const sent = await redeliver(state, String(input.webhookEventId ?? ""));
    if (!sent) throw notFound("event");
    sendJson(res, 200, sent);
    return true;
  }
  const expire = /^\/sandbox\/line\/link-tokens\/([^/]+)\/expire$/.exec(path);
  if (expire) {
    const token = state.linkTokens.get(decodeURIComponent(expire[1]!));
    if (!token) throw notFound("link token");
    token.expiresAt = Date.now() - 1;
    sendJson(res, 200, { expired: true });
    return true;
  }
  throw new HttpError(404, { error: "no such control" });
}
