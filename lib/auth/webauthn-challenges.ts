import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webauthnChallenges } from "../db/schema";

/** A WebAuthn ceremony's challenge (./passkeys.ts): stored for its purpose and person, taken once. */

export const CHALLENGE_TTL_MS = 5 * 60_000;
export type ChallengePurpose = "register" | "sign-in" | "second-factor" | "step-up";

export async function storeChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const id = `wch_${randomBytes(12).toString("hex")}`;
  // Challenges nobody answered: dropped as new ones are made, so the table stays small.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ id, challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return id;
}

/** The challenge, taken: good once, for its purpose and person, before it runs out. */
export async function takeChallenge(
  db: Db,
  id: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  return row && row.expiresAt > now ? row.challenge : null;
}
