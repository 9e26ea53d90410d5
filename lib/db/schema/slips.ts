/** Slips customers uploaded through PayDesk's slip page (lib/slips). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { money, createdAt, bytea } from "./columns";
import { merchants } from "./merchants";
import { paymentRequests } from "./requests";
import { staffUsers } from "./staff";

/**
 * The slips customers uploaded through PayDesk's slip page, as the provider received them: the
 * re-encoded JPEG (lib/slips/reencode.ts) and a small thumbnail, so staff see them in the console
 * through PayDesk (app/api/slips/[id]/…), never from a public address. Each row is one upload the
 * provider accepted (lib/slips/upload.ts says why only those). Bounded by the upload cap
 * (MAX_UPLOAD_BYTES, lib/slips/image.ts) and THUMBNAIL_MAX_BYTES (lib/slips/reencode.ts).
 */
export const slips = pgTable(
  "slips",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => paymentRequests.id),
    /** The request's merchant, so staff scope is checked on the slip itself. */
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    createdAt: createdAt(),
    /** The slip reference's first and last 4 characters as the customer gave them; null when not given. */
    first4: text("first4"),
    last4: text("last4"),
    note: text("note"),
    image: bytea("image").notNull(),
    imageType: text("image_type").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    thumbnailType: text("thumbnail_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /**
     * What the slip's QR says (lib/slips/qr.ts), read once by the server after the upload or when
     * staff first open the slip; qr_read_at null until then. A bank slip's QR names the sending
     * bank (its Bank of Thailand number) and the transaction reference; a payment QR may hold an amount.
     */
    qrReadAt: timestamp("qr_read_at", { withTimezone: true }),
    qrKind: text("qr_kind"),
    qrBank: text("qr_bank"),
    qrReference: text("qr_reference"),
    qrAmount: money("qr_amount"),
    /**
     * The merchant's staff's own judgement of the slip against its request (lib/slips/decide.ts):
     * it matches, or it does not (with a note saying why). It changes nothing at the provider and
     * never the request's state — only the provider says a request is paid.
     */
    decision: text("decision"),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => staffUsers.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("slips_request_idx").on(t.requestId, t.createdAt),
    // The Slips page's order, per merchant and across them.
    index("slips_merchant_created_idx").on(t.merchantId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index("slips_created_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    check("slips_image_size", sql`octet_length(${t.image}) between 1 and 5242880 and ${t.byteSize} = octet_length(${t.image})`),
    check("slips_thumbnail_size", sql`octet_length(${t.thumbnail}) between 1 and 262144`),
    check("slips_qr_kind", sql`${t.qrKind} is null or ${t.qrKind} in ('slip', 'payment_qr', 'other', 'none')`),
    check("slips_decision", sql`${t.decision} is null or ${t.decision} in ('matches', 'does_not_match')`),
    check(
      "slips_decision_whole",
      sql`(${t.decision} is null) = (${t.decidedAt} is null) and (${t.decision} is distinct from 'does_not_match' or coalesce(length(${t.decisionNote}), 0) > 0) and coalesce(length(${t.decisionNote}), 0) <= 500`,
    ),
    // Another slip with the same transaction reference: the same transfer shown twice.
    index("slips_qr_reference_idx")
      .on(t.qrReference)
      .where(sql`${t.qrReference} is not null`),
  ],
);
