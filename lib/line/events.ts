import "server-only";
import { validateSignature } from "@line/bot-sdk";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lineEvents, lineGroups, staffUsers } from "../db/schema";
import { log } from "../ops/log";
import { callLine, type LineResult } from "./client";
import { completeLink, personOfLineUser, recordLinkOffer, unlinkLineUser } from "./linking";
import { linkOfferMessage, linkResultMessage } from "./messages";
import { enqueueLineMessages } from "./outbox";

/**
 * LINE's webhook events (docs/line-facts.md). `receiveLineEvents` is what the webhook route does
 * before it answers: the `x-line-signature` checked over the raw body with the channel secret,
 * each event stored once by `webhookEventId` (a redelivery or a repeat only counts up `repeats`),
 * and nothing else, so LINE hears 200 well within its 2 s. `handleLineEvents` acts on what was
 * stored, after the answer: each event claimed and marked handled in one transaction, so two
 * instances, a redelivery or a retry after a crash change nothing twice.
 */
export interface LineIntake {
  status: 200 | 400 | 401;
  body: Record<string, unknown>;
  /** Events stored for the first time, to handle now. */
  fresh: string[];
}

interface LineEvent {
  type: string;
  webhookEventId: string;
  source?: { type?: string; userId?: string; groupId?: string };
  link?: { result?: string; nonce?: string };
  message?: { type?: string; text?: string };
}

export async function receiveLineEvents(db: Db, secret: string, raw: string, signature: string | null): Promise<LineIntake> {
  if (!signature || !validateSignature(raw, secret, signature))
    return { status: 401, body: { error: "The x-line-signature header does not match the body." }, fresh: [] };
  let events: LineEvent[];
  try {
    const parsed = JSON.parse(raw) as { events?: unknown };
    if (!Array.isArray(parsed.events)) throw new Error("no events");
    events = (parsed.events as LineEvent[]).filter((event) => typeof event?.webhookEventId === "string" && typeof event.type === "string");
  } catch {
    return { status: 400, body: { error: "The body is not LINE's webhook JSON ({ destination, events })." }, fresh: [] };
  }
  const fresh: string[] = [];
  for (const event of events) {
    const [stored] = await db
      .insert(lineEvents)
      .values({ webhookEventId: event.webhookEventId, type: event.type, event })
      .onConflictDoUpdate({ target: lineEvents.webhookEventId, set: { repeats: sql`${lineEvents.repeats} + 1` } })
      .returning({ repeats: lineEvents.repeats });
    if (stored?.repeats === 0) fresh.push(event.webhookEventId);
  }
  // An empty list is the LINE Developers console's "Verify": 200 says the address and secret are right.
  return { status: 200, body: { received: events.length, new: fresh.length }, fresh };
}

export interface LineEventDeps {
  /** The Messaging API calls events need (link tokens, group names); tests hand the stand-in's. */
  api: {
    issueLinkTokenWithHttpInfo(userId: string): Promise<{ httpResponse: Response; body: { linkToken: string } }>;
    getGroupSummaryWithHttpInfo(groupId: string): Promise<{ httpResponse: Response; body: { groupName: string } }>;
  };
  /** Where staff open PayDesk (CONSOLE_URL, else PUBLIC_BASE_URL): the link page's address. */
  consoleUrl: string;
}

type Prepared = { linkToken?: LineResult<{ linkToken: string }>; groupName?: string };

/** What an event needs from LINE, asked before the transaction (a slow LINE never holds the database). */
async function prepare(db: Db, event: LineEvent, deps: LineEventDeps): Promise<Prepared> {
  const userId = event.source?.type === "user" ? event.source.userId : undefined;
  if ((event.type === "follow" || event.type === "message") && userId && !(await personOfLineUser(db, userId))) {
    const linkToken = await callLine(() => deps.api.issueLinkTokenWithHttpInfo(userId));
    // LINE away: the event stays unhandled and is taken again later.
    if (!linkToken.ok && linkToken.failure.kind === "unavailable")
      throw new Error(`LINE did not issue a link token: ${linkToken.failure.message}`);
    return { linkToken };
  }
  if (event.type === "join" && event.source?.groupId) {
    const summary = await callLine(() => deps.api.getGroupSummaryWithHttpInfo(event.source!.groupId!));
    return { groupName: summary.ok ? summary.value.groupName : "LINE group" };
  }
  return {};
}

async function apply(tx: Db, event: LineEvent, prepared: Prepared, deps: LineEventDeps): Promise<string> {
  const userId = event.source?.userId;
  const groupId = event.source?.type === "group" ? event.source.groupId : undefined;
  switch (event.type) {
    case "follow":
    case "message": {
      if (!userId || event.source?.type !== "user") return "ignored";
      if (!prepared.linkToken) return "already_linked";
      if (!prepared.linkToken.ok) return `link_offer_failed: ${prepared.linkToken.failure.kind}`;
      const linkToken = prepared.linkToken.value.linkToken;
      await recordLinkOffer(tx, linkToken, userId);
      const url = new URL("/account/line/link", deps.consoleUrl);
      url.searchParams.set("linkToken", linkToken);
      await enqueueLineMessages(tx, [
        { kind: "link.offer", dedupeKey: `link.offer:${event.webhookEventId}`, toLineId: userId, messages: [linkOfferMessage(url.href)] },
      ]);
      return "link_offered";
    }
    case "unfollow":
      return userId && (await unlinkLineUser(tx, userId)) ? "unlinked" : "not_linked";
    case "accountLink": {
      if (!userId) return "ignored";
      const linked = event.link?.result === "ok" && event.link.nonce ? await completeLink(tx, userId, event.link.nonce) : null;
      const person = linked?.ok ? linked : null;
      const [who] = person ? await tx.select({ locale: staffUsers.locale }).from(staffUsers).where(eq(staffUsers.id, person.staffId)) : [];
      await enqueueLineMessages(tx, [
        {
          kind: "link.done",
          dedupeKey: `link.done:${event.webhookEventId}`,
          toLineId: userId,
          staffId: null,
          messages: [linkResultMessage(who?.locale === "en" ? "en" : "th", person ? person.name : null)],
        },
      ]);
      return person ? "linked" : `not_linked: ${linked && !linked.ok ? linked.problem : "line_said_failed"}`;
    }
    case "join":
      if (!groupId) return "ignored";
      await tx
        .insert(lineGroups)
        .values({ groupId, name: prepared.groupName ?? "LINE group" })
        .onConflictDoUpdate({
          target: lineGroups.groupId,
          set: { leftAt: null, name: prepared.groupName ?? "LINE group", joinedAt: new Date() },
        });
      return "group_joined";
    case "leave":
      if (!groupId) return "ignored";
      await tx.update(lineGroups).set({ leftAt: new Date() }).where(eq(lineGroups.groupId, groupId));
      return "group_left";
    default:
      return "ignored";
  }
}

/**
 * Acts on stored events not yet handled: `ids` (just received), or every one received before
 * `olderThan` (the LINE loop's sweep of what a stop or LINE's absence left); returns how many it handled.
 */
export async function handleLineEvents(db: Db, deps: LineEventDeps, which: { ids: string[] } | { olderThan: Date }): Promise<number> {
  const pending = await db
    .select({ id: lineEvents.webhookEventId, event: lineEvents.event })
    .from(lineEvents)
    .where(
      and(
        isNull(lineEvents.handledAt),
        "ids" in which ? inArray(lineEvents.webhookEventId, which.ids) : lt(lineEvents.receivedAt, which.olderThan),
      ),
    )
    .orderBy(lineEvents.receivedAt)
    .limit(100);
  let handled = 0;
  for (const { id, event } of pending) {
    try {
      const prepared = await prepare(db, event as LineEvent, deps);
      const outcome = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .select({ id: lineEvents.webhookEventId })
          .from(lineEvents)
          .where(and(eq(lineEvents.webhookEventId, id), isNull(lineEvents.handledAt)))
          .for("update", { skipLocked: true });
        if (!claimed) return null;
        const result = await apply(tx as unknown as Db, event as LineEvent, prepared, deps);
        await tx.update(lineEvents).set({ handledAt: new Date(), outcome: result }).where(eq(lineEvents.webhookEventId, id));
        return result;
      });
      if (outcome !== null) handled += 1;
    } catch (error) {
      // Left unhandled: the LINE loop's next pass takes it again.
      log("line").warn("a LINE event could not be handled; it will be tried again", { webhookEventId: id, error });
    }
  }
  return handled;
}
