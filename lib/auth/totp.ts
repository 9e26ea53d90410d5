import { Secret, TOTP } from "otpauth";

/**
 * Authenticator-app codes (RFC 6238, as every authenticator app makes them): 6 digits, a new one
 * every 30 seconds, SHA-1. A code is accepted for its own step and one either side (a phone's clock
 * a little off, a code typed as it changed); which step it matched is answered, so the caller can
 * refuse a step already used (lib/auth/second-factor.ts).
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "PayDesk";

const totpOf = (secret: string, label = "") =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS });

/** A new secret: 20 random bytes, in base32 as apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment QR holds (otpauth://totp/PayDesk:<email>?secret=…&issuer=PayDesk…). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step `code` is right for (now, or one step either side), or null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totpOf(secret).validate({ token: digits, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code for a time (tests, and nothing else, make codes). */
export function codeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
