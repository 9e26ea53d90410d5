import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { toDecimalString, type Satang } from "../money";
import type { Db } from "../db/client";
import { lineGroups, merchants, staffUsers, type Role } from "../db/schema";
import { notificationsFor } from "../notify/choices";
import { LINE_CHOICE_KINDS, type LineChoiceKind } from "./schemas";

/** The groups the bot is or was in, for Settings → LINE: joined first, newest first; merchant names for those given one. */
export async function lineGroupsList(db: Db) {
  const rows = await db
    .select({
      groupId: lineGroups.groupId,
      name: lineGroups.name,
      joinedAt: lineGroups.joinedAt,
      leftAt: lineGroups.leftAt,
      merchantId: lineGroups.merchantId,
      kinds: lineGroups.kinds,
    })
    .from(lineGroups)
    .orderBy(asc(lineGroups.leftAt), asc(lineGroups.name));
  return rows;
}

/** Gives a group to a merchant (or to none) for chosen kinds; false when there is no such group or merchant. */
export async function saveLineGroup(
  db: Db,
  input: { groupId: string; merchantId: string | null; kinds: LineChoiceKind[] },
): Promise<boolean> {
  if (input.merchantId) {
    const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) return false;
  }
  const updated = await db
    .update(lineGroups)
    .set({ merchantId: input.merchantId, kinds: [...new Set(input.kinds)] })
    .where(eq(lineGroups.groupId, input.groupId))
    .returning({ id: lineGroups.groupId });
  return updated.length > 0;
}

/**
 * The LINE messages a role can get: the staff e-mails it can get (lib/notify/choices.ts), and a
 * large paid Pay-In for those who may approve money out.
 */
export function lineKindsFor(role: Role): LineChoiceKind[] {
  const email = notificationsFor(role);
  const kinds: LineChoiceKind[] = [];
  if (email.includes("approvalWaiting")) kinds.push("approval.waiting", "payin.paid_large", "daily.summary");
  if (email.includes("needsReview")) kinds.push("request.needs_review");
  if (email.includes("payoutFailed")) kinds.push("payout.failed");
  return LINE_CHOICE_KINDS.filter((kind) => kinds.includes(kind));
}

/** The LINE messages a person gets, of those `offered`: all but the ones they turned off. */
export async function lineChoicesOf(db: Db, staffId: string): Promise<LineChoiceKind[]> {
  const [person] = await db.select({ off: staffUsers.lineOff }).from(staffUsers).where(eq(staffUsers.id, staffId));
  const off = new Set(person?.off ?? []);
  return LINE_CHOICE_KINDS.filter((kind) => !off.has(kind));
}

/** Saves which of `offered` the person wants by LINE; the others keep what was stored. */
export async function saveLineChoices(db: Db, staffId: string, offered: readonly LineChoiceKind[], wanted: readonly LineChoiceKind[]) {
  const [person] = await db.select({ off: staffUsers.lineOff }).from(staffUsers).where(eq(staffUsers.id, staffId));
  const kept = (person?.off ?? []).filter((kind) => !offered.includes(kind as LineChoiceKind));
  const off = [...kept, ...offered.filter((kind) => !wanted.includes(kind))];
  await db.update(staffUsers).set({ lineOff: off }).where(eq(staffUsers.id, staffId));
  return off;
}

/** Each merchant's LINE settings, for those in `merchantIds`: the large Pay-In amount (baht text) and the summary time. */
export async function lineMerchantSettings(
  db: Db,
  merchantIds: string[],
): Promise<Map<string, { threshold: string | null; summaryTime: string | null }>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, threshold: merchants.linePaidThreshold, summaryTime: merchants.lineSummaryTime })
    .from(merchants)
    .where(inArray(merchants.id, merchantIds));
  return new Map(rows.map((row) => [row.id, { threshold: row.threshold, summaryTime: row.summaryTime }]));
}

/** Saves a merchant's LINE settings; a summary time set anew counts from now (no summary is due from before it). */
export async function saveLineMerchantSettings(
  db: Db,
  merchantId: string,
  input: { threshold: Satang | null; summaryTime: string | null },
  now = new Date(),
): Promise<boolean> {
  const [current] = await db.select({ time: merchants.lineSummaryTime }).from(merchants).where(eq(merchants.id, merchantId));
  if (!current) return false;
  await db
    .update(merchants)
    .set({
      linePaidThreshold: input.threshold === null ? null : toDecimalString(input.threshold),
      lineSummaryTime: input.summaryTime,
      ...(input.summaryTime !== current.time ? { lineSummarySince: input.summaryTime === null ? null : now } : {}),
    })
    .where(eq(merchants.id, merchantId));
  return true;
}
