import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiIdempotency } from "../../db/schema";
import { ApiError } from "./errors";
import { log } from "../../ops/log";

/**
 * `Idempotency-Key` for the merchant API's POSTs, shared by every instance (the database, not
 * memory), per API key:
 *
 * - the first call claims the key (an insert that only one caller can win) and runs;
 * - its answer is stored, and the same key with the same request (method, path, and the body's
 *   parameters: the same JSON with its keys in another order or other spacing is the same request)
 *   within 24 hours answers it again — without running, so without a second provider call;
 * - the same key with another request → 422; while the first still runs → 409;
 * - as Stripe keeps them, an answer is stored only once the request ran: a success, or a refusal
 *   that names the payment request PayDesk recorded for it (the provider refused it, or did not
 *   take it: `paymentRequest`). A refusal before anything was recorded — the body's schema, the
 *   contract's rules (amount, PromptPay id), the merchant's limits, a reference in use, a Pay-In
 *   not refundable yet — is not stored: the claim is let go, and the corrected request may use
 *   the same key;
 * - a 5xx answer or a failure is not stored either: the claim is let go, and a retry runs again. (The
 *   request PayDesk recorded meanwhile stays; its reference is then mapped anew,
 *   lib/merchant-api/requests.ts.)
 * - a claim left by an instance that died mid-call lapses after LOCK_MS; until then the same key
 *   answers 409 (a caller whose claim lost to one that was let go meanwhile tries the claim again).
 *   A call finishing after its claim was taken over neither stores its answer nor lets the other's go.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * Longer than any call may take, so a claim never lapses under a call still running (which would let
 * a retry send the request to the provider a second time): the merchant API's lane waits up to
 * LANE_WAIT_MS.merchant_api (25 s, lib/provider/limiter.ts) for a slot, then the one provider call
 * takes at most PAYMENT_API_TIMEOUT_MS (120 s at most, lib/env.ts). Five minutes is twice that; a
 * crashed instance's claim answers 409 for at most that long.
 */
export const LOCK_MS = 5 * 60 * 1000;
/** How often a caller tries the claim when the row it lost to vanished before it could read it. */
const CLAIM_ATTEMPTS = 3;
export const MAX_KEY_LENGTH = 255;
/** One call in this many sweeps the answers past the window. */
const SWEEP_CHANCE = 0.002;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface Idempotent {
  replayed: boolean;
  answer: StoredAnswer;
}

/** `params`: the body as parsed JSON (null without one); compared as parameters, not bytes. */
export function fingerprintOf(method: string, path: string, params: unknown): string {
  return `${method} ${path} ${createHash("sha256").update(canonicalJson(params)).digest("hex")}`;
}

/** JSON with every object's keys sorted, so that the order a client wrote them in does not count. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function checkIdempotencyKey(value: string): string {
  if (value.length === 0 || value.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ApiError(400, {
      type: "invalid_request_error",
      code: "idempotency_key_invalid",
      param: "Idempotency-Key",
      message: `Idempotency-Key: 1 to ${MAX_KEY_LENGTH} visible ASCII characters, such as a UUID.`,
    });
  }
  return value;
}

export async function withIdempotency(
  db: Db,
  claim: { keyId: string; idempotencyKey: string; fingerprint: string; now?: Date },
  run: () => Promise<StoredAnswer>,
): Promise<Idempotent> {
  const now = claim.now ?? new Date();
  // Now and then, forget answers past the window (as lib/public/rate-limit.ts does its windows): the
  // table holds about a day of keys, not every key ever sent.
  if (Math.random() < SWEEP_CHANCE) {
    void sweepIdempotency(db, now).catch((error: unknown) => log("api").error("sweeping old Idempotency-Keys failed", { error }));
  }
  const where = and(eq(apiIdempotency.keyId, claim.keyId), eq(apiIdempotency.idempotencyKey, claim.idempotencyKey));
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  for (let attempt = 1; ; attempt++) {
    // A row older than the window, or a claim that lapsed, is taken over; otherwise the insert wins or nothing happens.
    const claimed = await db
      .insert(apiIdempotency)
      .values({ keyId: claim.keyId, idempotencyKey: claim.idempotencyKey, fingerprint: claim.fingerprint, lockedUntil, createdAt: now })
      .onConflictDoUpdate({
        target: [apiIdempotency.keyId, apiIdempotency.idempotencyKey],
        set: { fingerprint: claim.fingerprint, lockedUntil, status: null, body: null, createdAt: now },
        setWhere: sql`${apiIdempotency.createdAt} < ${new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString()}::timestamptz
          or (${apiIdempotency.status} is null and ${apiIdempotency.lockedUntil} < ${now.toISOString()}::timestamptz)`,
      })
      .returning({ keyId: apiIdempotency.keyId });
    if (claimed.length > 0) break;

    const [row] = await db.select().from(apiIdempotency).where(where).limit(1);
    if (!row) {
      // The claim this call lost to was let go (its run failed) between the two statements: claim again.
      if (attempt < CLAIM_ATTEMPTS) continue;
      throw inUse();
    }
    if (row.fingerprint !== claim.fingerprint) throw reused();
    if (row.status === null) throw inUse();
    return { replayed: true, answer: { status: row.status, body: row.body } };
  }

  // Only this call's own claim is finished or let go: if it lapsed and another call took the key
  // over meanwhile (its lockedUntil differs), that call's answer is the one kept.
  const mine = and(where, eq(apiIdempotency.lockedUntil, lockedUntil), sql`${apiIdempotency.status} is null`);
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (error) {
    // A 4xx refusal of a request that ran (PayDesk recorded it) is its answer, kept like any other;
    // a refusal before that, and anything else, lets the claim go.
    if (error instanceof ApiError && error.status < 500 && error.fields.paymentRequest !== undefined) {
      await db
        .update(apiIdempotency)
        .set({ status: error.status, body: { refused: error.fields }, lockedUntil: null })
        .where(mine);
      throw error;
    }
    await db.delete(apiIdempotency).where(mine);
    throw error;
  }
  if (answer.status >= 500) {
    await db.delete(apiIdempotency).where(mine);
    return { replayed: false, answer };
  }
  await db.update(apiIdempotency).set({ status: answer.status, body: answer.body, lockedUntil: null }).where(mine);
  return { replayed: false, answer };
}

const inUse = () =>
  new ApiError(409, {
    type: "idempotency_error",
    code: "idempotency_key_in_use",
    param: "Idempotency-Key",
    message: "A request with this Idempotency-Key is still being handled; retry in a few seconds to get its answer.",
    retryAfterSeconds: 2,
  });

const reused = () =>
  new ApiError(422, {
    type: "idempotency_error",
    code: "idempotency_key_reused",
    param: "Idempotency-Key",
    message: "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request.",
  });

/** A stored refusal (a 4xx the first call threw), to be thrown again on a replay. */
export function refusalOf(answer: StoredAnswer): ApiError | null {
  const refused = (answer.body as { refused?: ApiError["fields"] } | null)?.refused;
  return refused ? new ApiError(answer.status, refused) : null;
}

/** Forgets answers older than the window (run now and then; an old row is also taken over when its key comes again). */
export async function sweepIdempotency(db: Db, now = new Date()): Promise<void> {
  await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)));
}
