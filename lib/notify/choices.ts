import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffUsers, type Role } from "../db/schema";
import { can } from "../auth/permissions";
import { NOTIFICATION_FIELDS, type NotificationChoices, type NotificationField, type NotificationKind } from "./choice-schema";

/**
 * The staff e-mails a role can get at all (lib/notify/outbox.ts decides who is told): a request
 * waiting for approval reaches those who may approve; a request in review reaches its maker and the
 * approvers; failed money out, its maker (who may make Pay-Outs) and the approvers.
 */
export function notificationsFor(role: Role): NotificationField[] {
  const approves = can(role, "payout.approve");
  const makesMoneyOut = can(role, "payout.create") || can(role, "withdrawal.create");
  const makesAny = makesMoneyOut || can(role, "payin.create") || can(role, "p2p.create");
  const fields: NotificationField[] = [];
  if (approves) fields.push("approvalWaiting");
  if (approves || makesAny) fields.push("needsReview");
  if (approves || makesMoneyOut) fields.push("payoutFailed");
  return fields;
}

async function personOf(db: Db, staffId: string) {
  const [person] = await db
    .select({ role: staffUsers.role, off: staffUsers.notificationsOff })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  return person;
}

/** What the form shows: each e-mail the role can get, checked unless the person turned it off. */
export async function notificationChoicesOf(
  db: Db,
  staffId: string,
): Promise<{ offered: NotificationField[]; choices: NotificationChoices }> {
  const person = await personOf(db, staffId);
  const off = new Set(person?.off ?? []);
  const choices = Object.fromEntries(
    (Object.entries(NOTIFICATION_FIELDS) as [NotificationField, NotificationKind][]).map(([field, kind]) => [field, !off.has(kind)]),
  ) as NotificationChoices;
  return { offered: person ? notificationsFor(person.role) : [], choices };
}

/**
 * Saves what the person chose. Only the e-mails their role can get are taken from the form; one
 * it cannot get keeps what was stored (a role changed later finds the earlier choice).
 */
export async function saveNotificationChoices(db: Db, staffId: string, choices: NotificationChoices): Promise<NotificationKind[]> {
  const person = await personOf(db, staffId);
  if (!person) return [];
  const offered = new Set(notificationsFor(person.role));
  const off = (Object.entries(NOTIFICATION_FIELDS) as [NotificationField, NotificationKind][])
    .filter(([field, kind]) => (offered.has(field) ? !choices[field] : person.off.includes(kind)))
    .map(([, kind]) => kind);
  await db.update(staffUsers).set({ notificationsOff: off, updatedAt: new Date() }).where(eq(staffUsers.id, staffId));
  return off;
}
