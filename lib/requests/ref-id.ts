/**
 * RefId1 suggestions for the create forms: `PD` + the Bangkok date + 8 random characters, e.g.
 * `PD260714-7K3F9Q2X` (17 characters). RefId1 is printed into the PromptPay QR, so it stays short
 * ASCII (docs/provider-facts.md §8.2); the provider keeps every RefId1 it has seen, rejected ones included
 * (§8.6), so a rejected attempt needs a fresh one — hence a generator, not a counter.
 *
 * Runs in the browser (the form's "new RefId1" button) and on the server alike: no Node imports.
 */

// Crockford's base32: no I, L, O or U, so a RefId1 read aloud or copied by hand survives.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_LENGTH = 8;

const bangkokDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", year: "2-digit", month: "2-digit", day: "2-digit" });

/** YYMMDD in Bangkok time: the day staff see on their calendar, whatever the server's zone. */
function datePart(now: Date): string {
  const parts = Object.fromEntries(bangkokDate.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}`;
}

export type RandomBytes = (length: number) => Uint8Array;

const cryptoRandom: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A new RefId1 suggestion. 40 random bits a day: a collision is a one-in-a-trillion event. */
export function generateRefId1(now: Date = new Date(), random: RandomBytes = cryptoRandom): string {
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  const suffix = Array.from(random(RANDOM_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `PD${datePart(now)}-${suffix}`;
}

/** An idempotency key for one rendering of a create form (what makes a double submit harmless). */
export function generateIdempotencyKey(random: RandomBytes = cryptoRandom): string {
  return `idk_${Array.from(random(16), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
