/** Staff notifications to send (lib/notify). */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { paymentRequests } from "./requests";
import { staffUsers } from "./staff";

/**
 * An e-mail a staff member should get about a request (lib/notify): written in the transaction of
 * the change (a Pay-Out held for approval: every other person who may approve it), sent by the
 * notify loop, one e-mail per person for all that is due (lib/notify/worker.ts). The row is the
 * record: sent (with the address and the SMTP message id), skipped (nothing left to do by then,
 * and why) or failed (given up after NOTIFY_MAX_ATTEMPTS, with the last error).
 */
export const staffNotifications = pgTable(
  "staff_notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What the person is told: a request waits for their approval, or needs their attention (lib/notify/outbox.ts). */
    kind: text("kind").$type<"approval.waiting" | "request.needs_review" | "payout.failed">().notNull(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffUsers.id),
    requestId: text("request_id")
      .notNull()
      .references(() => paymentRequests.id),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    outcome: text("outcome").$type<"sent" | "skipped" | "failed">(),
    /** Why a skipped one was not sent (lib/notify/worker.ts); none on rows skipped before migration 0035. */
    skipReason: text("skip_reason").$type<"turned_off" | "disabled" | "no_access" | "decided" | "no_mailer">(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The address it went to (the person's at the time). */
    email: text("email"),
    messageId: text("message_id"),
    lastError: text("last_error"),
    /** Set just before the SMTP server is given the e-mail, cleared once its outcome is recorded (lib/notify/worker.ts). */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    /**
     * Sends started and never recorded (the sender stopped in between), found by a later lease: the
     * person may have had this e-mail that many times more than once (migration 0039).
     */
    unconfirmedSends: integer("unconfirmed_sends").notNull().default(0),
  },
  (t) => [
    unique("staff_notifications_once").on(t.kind, t.staffId, t.requestId),
    index("staff_notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.outcome} is null`),
    index("staff_notifications_request_idx").on(t.requestId),
    check("staff_notifications_outcome", sql`${t.outcome} in ('sent', 'skipped', 'failed')`),
    check(
      "staff_notifications_skip_reason",
      sql`${t.skipReason} is null or (${t.outcome} = 'skipped' and ${t.skipReason} in ('turned_off', 'disabled', 'no_access', 'decided', 'no_mailer'))`,
    ),
  ],
);
