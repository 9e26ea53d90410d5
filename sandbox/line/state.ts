/**
 * The LINE stand-in's state (sandbox/line): one LINE Official Account's channel, the LINE users and
 * groups around it, what was pushed, the retry keys LINE remembers, the link tokens it issued and
 * the webhook events it sent. In memory: LINE's side starts fresh with the sandbox, as the
 * credentials are fixed (SANDBOX_LINE_CHANNEL_SECRET / _TOKEN), so PayDesk's connection still holds.
 * What each piece does is written down in docs/line-facts.md.
 */
import { randomBytes, randomUUID } from "node:crypto";

export interface LineChannel {
  secret: string;
  accessToken: string;
  botUserId: string;
  basicId: string;
  displayName: string;
  /** Set by PUT /v2/bot/channel/webhook/endpoint, as in the LINE Developers console. */
  webhookUrl: string | null;
}

export interface LineUser {
  userId: string;
  displayName: string;
  language: "th" | "en";
  /** A friend of the bot (followed, not blocked). */
  following: boolean;
}

export interface LineGroup {
  groupId: string;
  groupName: string;
  botIn: boolean;
}

export interface Push {
  requestId: string;
  at: string;
  to: string;
  retryKey: string | null;
  messages: unknown[];
  /** What the stand-in answered: 200 sent, 409 a repeat of an accepted key (not sent again), 429/500 a fault (not sent). */
  status: number;
}

export interface SentEvent {
  webhookEventId: string;
  body: string;
  redelivery: boolean;
  at: string;
  /** The webhook's HTTP status, or what went wrong (`timeout`, `network`, `no webhook URL`). */
  answer: number | string;
}

export interface LinkToken {
  userId: string;
  expiresAt: number;
  used: boolean;
}

/** LINE's link tokens live 10 minutes (docs/line-facts.md). */
export const LINK_TOKEN_MS = 10 * 60_000;

export class LineState {
  readonly users = new Map<string, LineUser>();
  readonly groups = new Map<string, LineGroup>();
  readonly pushes: Push[] = [];
  /** Accepted retry keys → the accepted request's id and what it sent (kept 24 h by LINE; for the sandbox's life here). */
  readonly retryKeys = new Map<string, { requestId: string; sentMessages: { id: string; quoteToken: string }[] }>();
  readonly linkTokens = new Map<string, LinkToken>();
  readonly events: SentEvent[] = [];
  /** Statuses the next pushes answer instead of sending (429, 500), first first. */
  readonly pushFaults: number[] = [];
  /** The next pushes are sent (accepted, the retry key remembered) and their answer held this long: a sender can die meanwhile. */
  holdAnswersMs = 0;

  constructor(readonly channel: LineChannel) {}

  addUser(displayName: string, language: "th" | "en"): LineUser {
    const user = { userId: `U${randomBytes(16).toString("hex")}`, displayName, language, following: false };
    this.users.set(user.userId, user);
    return user;
  }

  addGroup(groupName: string): LineGroup {
    const group = { groupId: `C${randomBytes(16).toString("hex")}`, groupName, botIn: false };
    this.groups.set(group.groupId, group);
    return group;
  }

  issueLinkToken(userId: string, now = Date.now()): string {
    const token = randomBytes(24).toString("base64url");
    this.linkTokens.set(token, { userId, expiresAt: now + LINK_TOKEN_MS, used: false });
    return token;
  }
}

export const lineRequestId = (): string => randomUUID();

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID, as LINE's webhookEventId is: 10 characters of time, 16 random. */
export function ulid(now = Date.now()): string {
  let time = "";
  for (let rest = now, i = 0; i < 10; i += 1, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  const random = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join("");
  return time + random;
}
