import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lineAccounts, lineLinkNonces, lineLinkOffers, staffUsers } from "../db/schema";

/**
 * Linking a staff member's own LINE account (LINE's account-link flow, docs/line-facts.md):
 *
 * 1. A LINE user follows the account or writes to it: PayDesk asks LINE for a link token for that
 *    LINE user and sends them, in LINE, the link page's address with it (`offerLink`, by the events).
 * 2. They open it in PayDesk, signed in, and confirm: PayDesk makes a nonce for *that person* and
 *    that offer (`startLink`) and sends the browser to LINE's dialog with the token and the nonce.
 * 3. LINE sends `accountLink` with the nonce only when the LINE user who confirmed is the token's
 *    own: PayDesk links the nonce's person to that LINE user, once (`completeLink`).
 *
 * The nonce is made per signed-in person and spent once, and is refused when the LINE user LINE
 * names is not the offer's: a link made for one person never attaches to another.
 */
export const LINK_OFFER_MS = 10 * 60_000;

const hashOf = (nonce: string) => createHash("sha256").update(nonce, "utf8").digest("hex");

export async function recordLinkOffer(db: Db, linkToken: string, lineUserId: string, now = new Date()): Promise<void> {
  await db
    .insert(lineLinkOffers)
    .values({ linkToken, lineUserId, expiresAt: new Date(now.getTime() + LINK_OFFER_MS) })
    .onConflictDoNothing();
}

export type StartLink = { ok: true; nonce: string } | { ok: false; problem: "offer_unknown" | "offer_expired" };

/** Step 2: a nonce for `staffId` on the offer `linkToken` (for LINE's dialog), or why not. */
export async function startLink(db: Db, linkToken: string, staffId: string, now = new Date()): Promise<StartLink> {
  const [offer] = await db.select().from(lineLinkOffers).where(eq(lineLinkOffers.linkToken, linkToken));
  if (!offer) return { ok: false, problem: "offer_unknown" };
  if (offer.expiresAt <= now) return { ok: false, problem: "offer_expired" };
  // 32 random bytes, base64url: 43 characters (LINE takes 10 to 255; it recommends 128 bits or more).
  const nonce = randomBytes(32).toString("base64url");
  await db.insert(lineLinkNonces).values({ nonceHash: hashOf(nonce), staffId, lineUserId: offer.lineUserId, expiresAt: offer.expiresAt });
  return { ok: true, nonce };
}

export type CompleteLink =
  | { ok: true; staffId: string; name: string }
  | {
      ok: false;
      problem: "nonce_unknown" | "nonce_spent" | "nonce_expired" | "other_line_user" | "line_account_taken" | "person_disabled";
    };

/** Step 3: the `accountLink` event's LINE user and nonce: link, or why not. Spends the nonce either way. */
export async function completeLink(db: Db, lineUserId: string, nonce: string, now = new Date()): Promise<CompleteLink> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lineLinkNonces)
      .where(eq(lineLinkNonces.nonceHash, hashOf(nonce)))
      .for("update");
    if (!row) return { ok: false, problem: "nonce_unknown" } as const;
    if (row.usedAt) return { ok: false, problem: "nonce_spent" } as const;
    await tx.update(lineLinkNonces).set({ usedAt: now }).where(eq(lineLinkNonces.nonceHash, row.nonceHash));
    if (row.expiresAt <= now) return { ok: false, problem: "nonce_expired" } as const;
    if (row.lineUserId !== lineUserId) return { ok: false, problem: "other_line_user" } as const;
    const [person] = await tx
      .select({ name: staffUsers.name, isDisabled: staffUsers.isDisabled })
      .from(staffUsers)
      .where(eq(staffUsers.id, row.staffId));
    if (!person || person.isDisabled) return { ok: false, problem: "person_disabled" } as const;
    const [taken] = await tx
      .select({ staffId: lineAccounts.staffId })
      .from(lineAccounts)
      .where(and(eq(lineAccounts.lineUserId, lineUserId), ne(lineAccounts.staffId, row.staffId)));
    if (taken) return { ok: false, problem: "line_account_taken" } as const;
    await tx
      .insert(lineAccounts)
      .values({ staffId: row.staffId, lineUserId, linkedAt: now })
      .onConflictDoUpdate({ target: lineAccounts.staffId, set: { lineUserId, linkedAt: now } });
    return { ok: true, staffId: row.staffId, name: person.name } as const;
  });
}

/** The person linked to a LINE user, if any. */
export async function personOfLineUser(db: Db, lineUserId: string): Promise<{ staffId: string; name: string } | null> {
  const [row] = await db
    .select({ staffId: lineAccounts.staffId, name: staffUsers.name })
    .from(lineAccounts)
    .innerJoin(staffUsers, eq(staffUsers.id, lineAccounts.staffId))
    .where(eq(lineAccounts.lineUserId, lineUserId));
  return row ?? null;
}

export async function lineAccountOf(db: Db, staffId: string): Promise<{ lineUserId: string; linkedAt: Date } | null> {
  const [row] = await db
    .select({ lineUserId: lineAccounts.lineUserId, linkedAt: lineAccounts.linkedAt })
    .from(lineAccounts)
    .where(eq(lineAccounts.staffId, staffId));
  return row ?? null;
}

/** Unlinks from PayDesk's side (the person, on their account page). */
export async function unlinkPerson(db: Db, staffId: string): Promise<boolean> {
  return (await db.delete(lineAccounts).where(eq(lineAccounts.staffId, staffId)).returning({ id: lineAccounts.staffId })).length > 0;
}

/** Unlinks from LINE's side (`unfollow`: the person blocked the account). */
export async function unlinkLineUser(db: Db, lineUserId: string): Promise<boolean> {
  return (await db.delete(lineAccounts).where(eq(lineAccounts.lineUserId, lineUserId)).returning({ id: lineAccounts.staffId })).length > 0;
}

/** Offers and nonces past their time, forgotten (a start-up chore). */
export async function pruneLinkOffers(db: Db, now = new Date()): Promise<void> {
  await db.delete(lineLinkOffers).where(sql`${lineLinkOffers.expiresAt} < ${now}`);
  await db.delete(lineLinkNonces).where(and(sql`${lineLinkNonces.expiresAt} < ${now}`, isNull(lineLinkNonces.usedAt)));
}
