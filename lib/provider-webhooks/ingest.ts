import "server-only";
import { and, eq, gt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchants, webhookDeliveries } from "../db/schema";
import { webhookSecretDigest } from "../merchants/webhook-secret";
import { storeAndMatch, type Prepared } from "./match";
import { parseWebhook } from "./parse";
import type { RefusalProblem } from "./refusals";
import type { Note } from "../requests/notes";

/**
 * Receiving a webhook: authenticate, read, de-duplicate, store — then answer. The provider signs
 * nothing and never retries (docs/provider-facts.md §6.4), so the shared secret in a custom header is the
 * authentication, and the answer comes only once the delivery is durably stored; applying it is
 * `processDelivery`, run right after from a bounded queue (lib/provider-webhooks/queue.ts), or by the
 * reconciliation loop when that queue is full or this process dies first.
 */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

export interface IngestAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The stored delivery to process, when there is one. */
  deliveryId: number | null;
  /** Its body as read here and the request it names, for `processDelivery` (so neither is read twice). */
  prepared: Prepared | null;
  /** Why a 401 was answered, for the refusal log (lib/provider-webhooks/refusals.ts). */
  refused?: RefusalProblem;
}

const answer = (
  status: number,
  body: Record<string, unknown>,
  stored: { deliveryId: number; prepared: Prepared } | null = null,
): IngestAnswer => ({
  status,
  body,
  deliveryId: stored?.deliveryId ?? null,
  prepared: stored?.prepared ?? null,
});

const REFUSALS: Record<RefusalProblem, string> = {
  missing: "The webhook secret header is missing.",
  unknown: "The webhook secret is not one PayDesk issued.",
  other_merchant: "The webhook secret does not belong to the merchant this webhook names.",
};
const refusal = (problem: RefusalProblem): IngestAnswer => ({
  ...answer(401, { status: "error", message: REFUSALS[problem] }),
  refused: problem,
});
const tooLarge = (): IngestAnswer => answer(413, { status: "error", message: `A webhook body is at most ${MAX_WEBHOOK_BYTES} bytes.` });

export type Authenticated = { ok: true; holders: Holder[] } | { ok: false; answer: IngestAnswer };

/** The secret header alone, before anything of the body is read: who may be sending this? */
export async function authenticateWebhook(db: Db, secret: string | null): Promise<Authenticated> {
  if (!secret) return { ok: false, answer: refusal("missing") };
  const holders = await secretHolders(db, webhookSecretDigest(secret));
  return holders.length === 0 ? { ok: false, answer: refusal("unknown") } : { ok: true, holders };
}

/** Authenticates, then reads the body: for callers that hold the whole body already (tests, benchmarks). */
export async function ingestWebhook(db: Db, input: { secret: string | null; rawBody: string }): Promise<IngestAnswer> {
  if (Buffer.byteLength(input.rawBody, "utf8") > MAX_WEBHOOK_BYTES) return tooLarge();
  const authenticated = await authenticateWebhook(db, input.secret);
  return authenticated.ok ? ingestBody(db, authenticated.holders, input.rawBody) : authenticated.answer;
}

/** Reads, de-duplicates and stores the body of a webhook whose secret `holders` hold. */
export async function ingestBody(db: Db, holders: Holder[], rawBody: string): Promise<IngestAnswer> {
  const merchantId = holders.length === 1 ? holders[0]!.id : null;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    await store(db, { rawBody, verdict: "malformed", reason: "the body is not JSON", merchantId });
    return answer(400, { status: "error", message: "The body is not JSON." });
  }
  const walked = walk(json);
  // Deeper than any webhook: refused before anything recursive (the parser, the log) walks it.
  if (walked === "too_deep") {
    await store(db, { rawBody, verdict: "malformed", reasonFacts: { note: "webhook_too_deep", limit: MAX_WEBHOOK_DEPTH }, merchantId });
    return answer(400, {
      status: "error",
      message: `The body is nested more than ${MAX_WEBHOOK_DEPTH} levels deep; a provider webhook is 3 levels deep.`,
    });
  }
  // PostgreSQL's text and jsonb cannot hold U+0000: a field carrying it would fail every write
  // that stores it, so the delivery is kept, escaped, as unreadable, and the sender told why.
  if (walked === "nul") {
    await store(db, { rawBody, verdict: "malformed", reason: "a field contains a NUL character (U+0000)", merchantId });
    return answer(400, {
      status: "error",
      message: "A field contains a NUL character (U+0000), which no webhook of the provider carries.",
    });
  }
  const parsed = parseWebhook(json);
  if (!parsed.ok) {
    await store(db, { rawBody, verdict: "malformed", reason: parsed.reason, merchantId });
    return answer(400, { status: "error", message: `Not a webhook PayDesk can read: ${parsed.reason}.` });
  }
  const e = parsed.event;
  // The body names the merchant; the secret must be that merchant's.
  const merchant =
    e.merchantId === null
      ? holders.length === 1
        ? holders[0]
        : undefined
      : holders.find((h) => h.merchantId.toLowerCase() === e.merchantId!.toLowerCase() && (e.orgId === null || h.orgId === e.orgId));
  if (!merchant) return refusal("other_merchant");

  const stored = await storeAndMatch(db, { providerJobId: e.jobId, event: e.event, merchantId: merchant.id, rawBody }, e.requestId);
  if (!stored) {
    // The same job again: kept in the log, applied once.
    await store(db, {
      rawBody,
      verdict: "duplicate",
      reason: `job ${e.jobId} was already received`,
      merchantId: merchant.id,
      event: e.event,
    });
    return answer(200, { status: "ok", duplicate: true });
  }
  return answer(200, { status: "ok" }, { deliveryId: stored.deliveryId, prepared: { event: e, match: stored.match } });
}

/**
 * How deep a webhook's JSON may nest. The provider's job is 3 levels (job → Parameters → one
 * parameter); past this bound a body is refused unread, whatever its size within the cap.
 */
export const MAX_WEBHOOK_DEPTH = 32;

/**
 * Is there a U+0000 in any string (value or key) of this JSON, or is it nested deeper than
 * MAX_WEBHOOK_DEPTH? Walked without recursion: 256 KB of "[" is 262,144 levels, which a recursive
 * walk answers with a stack overflow.
 */
function walk(json: unknown): "nul" | "too_deep" | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: json, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "nul";
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_WEBHOOK_DEPTH) return "too_deep";
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes("\u0000")) return "nul";
      stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}

export type Holder = { id: string; orgId: string; merchantId: string };
const HOLDER_CACHE_MS = 2_000;
const holderCache = new Map<string, { at: number; holders: Holder[] }>();

/**
 * Which merchants hold this secret (current, or previous within its overlap)? Remembered for two
 * seconds: a burst of webhooks asks once, and a rotation still takes effect within that time.
 */
async function secretHolders(db: Db, digest: string): Promise<Holder[]> {
  const cached = holderCache.get(digest);
  if (cached && Date.now() - cached.at < HOLDER_CACHE_MS) return cached.holders;
  const holders = await db
    .select({ id: merchants.id, orgId: merchants.orgId, merchantId: merchants.merchantId })
    .from(merchants)
    .where(
      or(
        eq(merchants.webhookSecretHash, digest),
        and(eq(merchants.webhookSecretPreviousHash, digest), gt(merchants.webhookSecretPreviousUntil, new Date())),
      ),
    );
  if (holderCache.size > 1_000) holderCache.clear();
  holderCache.set(digest, { at: Date.now(), holders });
  return holders;
}

/** A delivery kept for the log only. Its raw body may hold NUL bytes (not JSON at all): written as the text "\\u0000", so storing cannot fail. */
async function store(
  db: Db,
  row: { rawBody: string; verdict: string; reason?: string; reasonFacts?: Note; merchantId: string | null; event?: string },
): Promise<void> {
  const rawBody = row.rawBody.replaceAll("\u0000", "\\u0000");
  await db.insert(webhookDeliveries).values({
    providerJobId: null,
    rawBody,
    verdict: row.verdict,
    reason: row.reason ?? null,
    reasonFacts: row.reasonFacts ?? null,
    merchantId: row.merchantId,
    event: row.event ?? null,
  });
}
