import "server-only";
import { randomInt } from "node:crypto";

// No 0/O, 1/l/I: the admin reads it out or types it into a message, and the person types it in.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * The password an admin hands a new (or reset) person, shown once. Four groups of five from 31
 * characters: ~99 bits, far past guessing under the sign-in throttle, and it only has to survive
 * until the person's first sign-in, when they must replace it.
 */
export function oneTimePassword(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}
