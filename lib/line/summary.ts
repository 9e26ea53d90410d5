import "server-only";
import { and, eq, isNotNull, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lineMessages, merchants } from "../db/schema";
import { periodFigures } from "../overview/figures";
import { bangkokDay, parseRange } from "../overview/range";
import { waitingNow } from "../overview/waiting";
import { bangkokDayStart } from "../requests/list-filters";
import type { Satang } from "../money";
import { summaryMessage, type DailySummary } from "./messages";
import { enqueueLineMessages, type LineMessageToSend } from "./outbox";

/**
 * Each merchant's daily LINE summary, at the Bangkok time it chose (Settings → LINE): the overview's
 * own figures (lib/overview/figures.ts, so the summary and the overview page say the same) for a
 * Bangkok day — from noon on, today so far; before noon, yesterday whole — to the merchant's groups
 * given "daily.summary" and the linked people who may approve its money out and chose it. Written by
 * the LINE loop's pass once due, once per merchant and day (the dedupe key), and not at all when more
 * than six hours late (an instance down all evening does not send the evening's summary at breakfast).
 */
const DAY_MS = 86_400_000;
const LATE_MS = 6 * 3_600_000;

export interface DueSummary {
  /** The Bangkok day the figures are of. */
  day: string;
  /** The moment it was due. */
  at: Date;
  /** "18:00" when the figures are of the day so far; null for a whole day. */
  untilTime: string | null;
}

/** The summary due at `time` ("HH:MM", Bangkok) most recently by `now`, if not before `since` nor too late. */
export function dueSummary(time: string, since: Date | null, now = new Date()): DueSummary | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  let at = new Date(bangkokDayStart(bangkokDay(now))!.getTime() + minutes * 60_000);
  if (at > now) at = new Date(at.getTime() - DAY_MS);
  if ((since && at <= since) || now.getTime() - at.getTime() > LATE_MS) return null;
  const morning = minutes < 12 * 60;
  return { day: morning ? bangkokDay(new Date(at.getTime() - DAY_MS)) : bangkokDay(at), at, untilTime: morning ? null : time };
}

type Row = Record<string, unknown>;

/** Who gets a merchant's summary: its groups given the kind, and the linked people who may approve its money out. */
async function recipientsOf(db: Db, merchantId: string, approverRoles: readonly string[]) {
  const result = await db.execute(sql`
    select g.group_id as to_line_id, null as staff_id, g.group_id, 'th' as locale
    from line_groups g where g.merchant_id = ${merchantId} and g.left_at is null and 'daily.summary' = any(g.kinds)
    union all
    select a.line_user_id, s.id, null, coalesce(s.locale, 'th')
    from staff_users s join line_accounts a on a.staff_id = s.id
    where not s.is_disabled and s.role in (${sql.join(
      approverRoles.map((role) => sql`${role}`),
      sql`, `,
    )}) and (s.merchant_ids is null or ${merchantId} = any(s.merchant_ids))`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    toLineId: String(row.to_line_id),
    staffId: row.staff_id === null ? null : String(row.staff_id),
    groupId: row.group_id === null ? null : String(row.group_id),
    locale: row.locale === "en" ? ("en" as const) : ("th" as const),
  }));
}

/** Writes every merchant's summary that is due and not yet written; returns how many merchants' it wrote. */
export async function enqueueDueSummaries(
  db: Db,
  options: { consoleUrl: string; approverRoles: readonly string[]; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const scheduled = await db
    .select({ id: merchants.id, name: merchants.displayName, time: merchants.lineSummaryTime, since: merchants.lineSummarySince })
    .from(merchants)
    .where(isNotNull(merchants.lineSummaryTime));
  let written = 0;
  for (const merchant of scheduled) {
    const due = dueSummary(merchant.time!, merchant.since, now);
    if (!due) continue;
    const prefix = `daily.summary:${merchant.id}:${due.day}:`;
    const [already] = await db
      .select({ id: lineMessages.id })
      .from(lineMessages)
      .where(and(eq(lineMessages.kind, "daily.summary"), like(lineMessages.dedupeKey, `${prefix}%`)))
      .limit(1);
    if (already) continue;
    const recipients = await recipientsOf(db, merchant.id, options.approverRoles);
    if (recipients.length === 0) continue;
    const everyMerchant = { merchantIds: null };
    const [figures, waiting] = await Promise.all([
      periodFigures(db, everyMerchant, merchant.id, parseRange({ range: "custom", from: due.day, to: due.day }, now).range),
      waitingNow(db, everyMerchant, merchant.id),
    ]);
    const summary: DailySummary = {
      merchant: merchant.name,
      day: due.day,
      untilTime: due.untilTime,
      moneyIn: { count: figures.payIn.paid.count, satang: figures.payIn.paid.satang as Satang },
      moneyOut: {
        count: figures.payOut.succeeded.count + figures.withdrawal.succeeded.count,
        satang: (figures.payOut.succeeded.satang + figures.withdrawal.succeeded.satang) as Satang,
      },
      netSatang: (figures.payIn.net.netSatang - figures.payOut.net.netSatang - figures.withdrawal.net.netSatang) as Satang,
      feesUnknown: figures.payIn.net.feeUnknownSatang + figures.payOut.net.feeUnknownSatang + figures.withdrawal.net.feeUnknownSatang > 0,
      waitingApproval: waiting.awaitingApproval.count,
      needsReview: waiting.needsReview,
      failed: figures.payOut.failed.count + figures.withdrawal.failed.count,
    };
    const overview = new URL("/overview", options.consoleUrl);
    overview.searchParams.set("range", "custom");
    overview.searchParams.set("from", due.day);
    overview.searchParams.set("to", due.day);
    const messages: LineMessageToSend[] = recipients.map((recipient) => ({
      kind: "daily.summary",
      dedupeKey: `${prefix}${recipient.toLineId}`,
      toLineId: recipient.toLineId,
      staffId: recipient.staffId,
      groupId: recipient.groupId,
      merchantId: merchant.id,
      messages: [summaryMessage(summary, recipient.locale, overview.href)],
    }));
    await enqueueLineMessages(db, messages);
    written += 1;
  }
  return written;
}
