/** The merchant's LINE Official Account and who and what it reaches (lib/line, docs/line-facts.md). */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import type { LineMessageKind } from "../../line/kinds";
import { merchants } from "./merchants";
import { staffUsers } from "./staff";

/** The one LINE channel PayDesk speaks through: its token and secret sealed (lib/merchants/key-vault.ts), what LINE said it is. */
export const lineChannel = pgTable(
  "line_channel",
  {
    id: text("id").primaryKey().default("line"),
    accessTokenSealed: text("access_token_sealed").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    botUserId: text("bot_user_id").notNull(),
    basicId: text("basic_id").notNull(),
    displayName: text("display_name").notNull(),
    connectedBy: text("connected_by").references(() => staffUsers.id),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("line_channel_one", sql`${t.id} = 'line'`)],
);

/**
 * Every webhook event LINE sent, stored before it is acted on, once per `webhookEventId`: a
 * redelivery (or a repeat) only counts up `repeats`; `outcome` says what the event changed.
 */
export const lineEvents = pgTable(
  "line_events",
  {
    webhookEventId: text("webhook_event_id").primaryKey(),
    type: text("type").notNull(),
    event: jsonb("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    repeats: integer("repeats").notNull().default(0),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    index("line_events_unhandled_idx")
      .on(t.receivedAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

/** A staff member's own LINE account, linked through LINE's account-link flow; one LINE account, one person. */
export const lineAccounts = pgTable("line_accounts", {
  staffId: text("staff_id")
    .primaryKey()
    .references(() => staffUsers.id),
  lineUserId: text("line_user_id").notNull().unique(),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A link token LINE issued for a LINE user who asked to link (followed the account, or wrote to
 * it), sent to them in LINE as the link page's address; lives as LINE's does (10 minutes).
 */
export const lineLinkOffers = pgTable("line_link_offers", {
  linkToken: text("link_token").primaryKey(),
  lineUserId: text("line_user_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A nonce PayDesk made for one signed-in person opening one link offer (stored as its SHA-256):
 * LINE's accountLink event names it, and the person it was made for is the one linked. Single use.
 */
export const lineLinkNonces = pgTable("line_link_nonces", {
  nonceHash: text("nonce_hash").primaryKey(),
  staffId: text("staff_id")
    .notNull()
    .references(() => staffUsers.id),
  lineUserId: text("line_user_id").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** A LINE group the bot was invited to (the `join` event), given to one merchant for chosen kinds of message by an admin. */
export const lineGroups = pgTable("line_groups", {
  groupId: text("group_id").primaryKey(),
  name: text("name").notNull(),
  joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  /** The bot left or was removed (`leave`): nothing is sent to it until it joins again. */
  leftAt: timestamp("left_at", { withTimezone: true }),
  merchantId: text("merchant_id").references(() => merchants.id),
  kinds: text("kinds").array().notNull().default([]),
});

export { LINE_MESSAGE_KINDS, type LineMessageKind } from "../../line/kinds";

/**
 * A LINE message to push (lib/line/outbox.ts), written in the transaction of what it tells, sent at
 * least once by the LINE loop (lib/line/worker.ts) under one `retry_key` made with the row, so a
 * repeat after a crash is LINE's 409 (counted in `repeats`), never a second message. The row is the
 * record: sent (LINE's request id), skipped (why) or failed (LINE's last answer).
 */
export const lineMessages = pgTable(
  "line_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<LineMessageKind>().notNull(),
    /** One message per thing told and recipient: `approval.waiting:req_…:U…`; a second write of the same is nothing. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    /** The LINE user or group it goes to. */
    toLineId: text("to_line_id").notNull(),
    staffId: text("staff_id").references(() => staffUsers.id),
    groupId: text("group_id"),
    requestId: text("request_id"),
    merchantId: text("merchant_id"),
    /**
     * The messages as pushed: built when written, or (news written by SQL with the change) before
     * its first attempt; kept, so every attempt sends the same body, as LINE's retry key wants.
     */
    messages: jsonb("messages"),
    retryKey: uuid("retry_key").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    /** Sends started and never recorded (the sender stopped in between): each was sent again with the same key. */
    unconfirmedSends: integer("unconfirmed_sends").notNull().default(0),
    /** LINE's 409s: it had already accepted this key, so the repeat sent nothing. */
    repeats: integer("repeats").notNull().default(0),
    outcome: text("outcome").$type<"sent" | "skipped" | "failed">(),
    skipReason: text("skip_reason").$type<"turned_off" | "unlinked" | "left" | "decided" | "no_channel" | "disabled">(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lineRequestId: text("line_request_id"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
  },
  (t) => [
    index("line_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.outcome} is null`),
    index("line_messages_staff_idx").on(t.staffId, t.createdAt),
    check("line_messages_outcome", sql`${t.outcome} in ('sent', 'skipped', 'failed')`),
  ],
);
