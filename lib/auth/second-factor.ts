import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffPasskeys, staffRecoveryCodes, staffUsers } from "../db/schema";
import { KeyVaultError, type KeyVault } from "../merchants/key-vault";
import { matchingStep, newTotpSecret, totpUri } from "./totp";
import { log } from "../ops/log";

/**
 * A person's second factor: an authenticator app (TOTP) and 10 single-use recovery codes. The
 * secret is sealed by the key vault, bound to the person's id; it is shown once, at enrolment, and
 * counts only after the person confirms it with a code. A code is accepted once: the step it
 * matched is stored, and a code for that step or an earlier one is refused (a replay). Recovery
 * codes are random (50 bits), kept as SHA-256 hashes, each used at most once.
 */
export const RECOVERY_CODE_COUNT = 10;
const slotOf = (userId: string) => ({ merchantId: userId, field: "totpSecret" }) as const;
const hashOf = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** xxxxx-xxxxx from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, "");
}

export interface SecondFactorStatus {
  totpEnabled: boolean;
  totpEnabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function secondFactorStatus(db: Db, userId: string): Promise<SecondFactorStatus> {
  const [row] = await db
    .select({
      enabledAt: staffUsers.totpEnabledAt,
      left: sql<number>`(select count(*)::int from staff_recovery_codes c where c.user_id = staff_users.id and c.used_at is null)`,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return { totpEnabled: Boolean(row?.enabledAt), totpEnabledAt: row?.enabledAt ?? null, recoveryCodesLeft: Number(row?.left ?? 0) };
}

/** A new secret for the person to add to their app (replacing any earlier one not yet confirmed). */
export async function beginTotpEnrolment(
  db: Db,
  vault: KeyVault,
  user: { id: string; email: string },
): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  await db
    .update(staffUsers)
    .set({ totpPendingSecretEncrypted: vault.seal(secret, slotOf(user.id)), updatedAt: new Date() })
    .where(eq(staffUsers.id, user.id));
  return { secret, uri: totpUri(secret, user.email) };
}

/**
 * The first code from the app confirms the pending secret: from now on sign-in asks for a code.
 * Answers the recovery codes, shown once; null when the code is not right (or nothing is pending).
 */
export async function confirmTotpEnrolment(
  db: Db,
  vault: KeyVault,
  userId: string,
  code: string,
  now = new Date(),
): Promise<string[] | null> {
  const [row] = await db.select({ pending: staffUsers.totpPendingSecretEncrypted }).from(staffUsers).where(eq(staffUsers.id, userId));
  if (!row?.pending) return null;
  const step = matchingStep(vault.open(row.pending, slotOf(userId)), code, now);
  if (step === null) return null;
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(staffUsers)
      .set({ totpSecretEncrypted: row.pending, totpPendingSecretEncrypted: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
      .where(and(eq(staffUsers.id, userId), eq(staffUsers.totpPendingSecretEncrypted, row.pending!)))
      .returning({ id: staffUsers.id });
    if (confirmed.length === 0) return null;
    return replaceRecoveryCodes(tx as unknown as Db, userId);
  });
}

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  return codes;
}

/** New recovery codes (the old ones stop working), shown once; null without an authenticator app. */
export async function regenerateRecoveryCodes(db: Db, userId: string): Promise<string[] | null> {
  const status = await secondFactorStatus(db, userId);
  if (!status.totpEnabled) return null;
  return db.transaction((tx) => replaceRecoveryCodes(tx as unknown as Db, userId));
}

/** An admin's reset: the authenticator app, the recovery codes and every passkey are gone. False when there was none. */
export async function resetSecondFactor(db: Db, userId: string): Promise<boolean> {
  const hadApp = await removeTotp(db, userId);
  const passkeys = await db.delete(staffPasskeys).where(eq(staffPasskeys.userId, userId)).returning({ id: staffPasskeys.id });
  return hadApp || passkeys.length > 0;
}

/** Turns two-factor sign-in off for the person: the secret and the recovery codes are gone. */
export async function removeTotp(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .update(staffUsers)
      .set({ totpSecretEncrypted: null, totpPendingSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(staffUsers.id, userId), sql`${staffUsers.totpEnabledAt} is not null`))
      .returning({ id: staffUsers.id });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    return removed.length > 0;
  });
}

export type SecondFactorCheck = { ok: true; by: "totp" | "recovery_code" } | { ok: false; why: "wrong" | "replayed" | "unreadable" };

/**
 * Checks a code from the app (6 digits) or a recovery code for a person with an authenticator app.
 * Each is good once: the app's step moves forward atomically, a recovery code is marked used in
 * the same statement that finds it.
 */
export async function checkSecondFactor(
  db: Db,
  vault: KeyVault,
  user: { id: string; totpSecretEncrypted: string | null },
  code: string,
  now = new Date(),
): Promise<SecondFactorCheck> {
  if (!user.totpSecretEncrypted) return { ok: false, why: "wrong" };
  const trimmed = code.trim();
  if (/^\d[\d\s]{5,8}$/.test(trimmed)) {
    let secret: string;
    try {
      secret = vault.open(user.totpSecretEncrypted, slotOf(user.id));
    } catch (error) {
      if (!(error instanceof KeyVaultError)) throw error;
      // Sealed with a key PayDesk no longer has: no app code can match. A recovery code (kept as a
      // hash) still signs in; an admin's reset lets the person set the app up again.
      log("auth").error(
        "an authenticator-app secret cannot be opened with this ENCRYPTION_KEY; a recovery code or an admin's reset is needed",
        {
          user: user.id,
        },
      );
      return { ok: false, why: "unreadable" };
    }
    const step = matchingStep(secret, trimmed, now);
    if (step === null) return { ok: false, why: "wrong" };
    const moved = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(and(eq(staffUsers.id, user.id), sql`(${staffUsers.totpLastStep} is null or ${staffUsers.totpLastStep} < ${step})`))
      .returning({ id: staffUsers.id });
    return moved.length > 0 ? { ok: true, by: "totp" } : { ok: false, why: "replayed" };
  }
  if (normalizeRecoveryCode(trimmed).length !== 10) return { ok: false, why: "wrong" };
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.userId, user.id), eq(staffRecoveryCodes.codeHash, hashOf(trimmed)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0 ? { ok: true, by: "recovery_code" } : { ok: false, why: "wrong" };
}
