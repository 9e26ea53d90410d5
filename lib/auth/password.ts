import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * Staff passwords: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), which is
 * also @node-rs/argon2's default algorithm. The parameters live in each hash, so raising them later
 * keeps old hashes verifiable. Each hash costs ~20–50 ms of one core: the sign-in throttle, not the
 * hash, is what stops guessing (lib/auth/throttle.ts).
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Longer input is refused before hashing: a megabyte "password" would only burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) throw new Error(`a password has 1–${MAX_PASSWORD_LENGTH} characters`);
  return hash(password, OPTIONS);
}

/** False for a wrong password, an over-long one, or a stored hash that is not argon2 (never throws). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for sign-ins to an unknown email: otherwise
 * the answer's speed would tell an attacker which emails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword("no account has this password; it only costs time");
  await verifyPassword(await dummy, password.slice(0, MAX_PASSWORD_LENGTH) || "x");
  return false;
}
