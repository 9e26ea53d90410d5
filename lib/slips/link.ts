import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { findBank } from "../banks";
import type { Db } from "../db/client";
import { merchantLogos, merchants, paymentRequests } from "../db/schema";
import type { CustomerBrand } from "../checkout/view";
import { logoPath } from "../merchants/brand-color";
import type { PaymentApi } from "../provider/client";
import { toSatang, type Satang } from "../money";
import { hitRateLimits, type Limit, type RateVerdict } from "../public/rate-limit";
import { ipThrottleKey } from "../http/request-ip";
import { isEndedPaid, isTerminal, type State } from "../requests/lifecycle";
import { readStoredPayInAnswer } from "../requests/stored-answer";
import { anonymousShareKnownSpent, takeAnonymousCall } from "../public/anonymous-calls";
import { rememberRejected, wasRejected } from "./rejected-tokens";

/**
 * The customer's slip link, `/payin-slip-upload/<orgId>/<paymentRequestId>/<token>` — the provider's
 * own path, so its relative `slipUploadUrl` works with PayDesk's address in front (docs/provider-facts.md
 * §4.6, §4.8). The provider is the judge of the token (24 h, not single-use): PayDesk asks it
 * (`VerifyPayInToken`) before showing anything, and shows the request from its own records.
 */

/** Provider ids and slip tokens are UUIDs (§4.8); anything else is refused without a provider call. */
const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const orgIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export interface SlipLink {
  orgId: string;
  paymentRequestId: string;
  token: string;
}

export interface SlipRequestView {
  merchantName: string;
  amountSatang: Satang;
  refId1: string;
  payerName: string | null;
  bankName: { th: string; en: string } | null;
  bankCode: string | null;
  accountNo: string | null;
  accountName: string | null;
  /** A request that is over takes no slip here: "paid" (already complete) or "closed" (expired, rejected, cancelled). */
  ended: "paid" | "closed" | null;
  /** The merchant's look, as on its checkout (lib/merchants/branding.ts). */
  brand: CustomerBrand;
}

export type SlipLinkCheck =
  | { ok: true; request: SlipRequestView | null; requestId: string | null }
  | { ok: false; reason: "invalid" | "unavailable" | "rate_limited" | "busy"; retryAfterMs?: number };

/** The provider's word on a link's token; "busy" when the public pages' share of its budget is spent. */
export type TokenCheck =
  { ok: true } | { ok: false; reason: "invalid" | "unavailable" } | { ok: false; reason: "busy"; retryAfterMs: number };

/** Public-page budgets: per address and per link, so the page cannot be used to flood the provider. */
export const SLIP_LIMITS = {
  pageByIp: { max: 60, windowMs: 10 * 60_000 },
  checkByIp: { max: 60, windowMs: 10 * 60_000 },
  checkByToken: { max: 30, windowMs: 10 * 60_000 },
  uploadByIp: { max: 30, windowMs: 60 * 60_000 },
  uploadByToken: { max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export function isWellFormed(link: SlipLink): boolean {
  return orgIdPattern.test(link.orgId) && uuid.test(link.paymentRequestId) && uuid.test(link.token);
}

export function limitHits(kind: "page" | "check" | "upload", link: SlipLink, ip: string | null) {
  const byIp = kind === "page" ? SLIP_LIMITS.pageByIp : kind === "check" ? SLIP_LIMITS.checkByIp : SLIP_LIMITS.uploadByIp;
  const hits: Array<{ key: string; limit: Limit }> = [{ key: `slip-${kind}:${ip ? ipThrottleKey(ip) : "ip:unknown"}`, limit: byIp }];
  if (kind === "check") hits.push({ key: `slip-check:token:${link.token.toLowerCase()}`, limit: SLIP_LIMITS.checkByToken });
  if (kind === "upload") hits.push({ key: `slip-upload:token:${link.token.toLowerCase()}`, limit: SLIP_LIMITS.uploadByToken });
  return hits;
}

export async function spendSlipBudget(db: Db, kind: "page" | "check" | "upload", link: SlipLink, ip: string | null): Promise<RateVerdict> {
  return hitRateLimits(db, limitHits(kind, link, ip));
}

/** Good answers are remembered briefly, so the page, its duplicate check and its upload ask the provider once. */
const verified = new Map<string, number>();
const VERIFIED_FOR_MS = 60_000;
const verifiedKey = (link: SlipLink) => `${link.paymentRequestId.toLowerCase()}:${link.token.toLowerCase()}`;

/**
 * "Busy" without any database work, when this process already knows the public share of the
 * provider budget is spent and the link is not one it has lately seen good: in a flood, the hits
 * past the share cost nothing, so staff work keeps the database to itself.
 */
function busyFromMemory(db: Db, link: SlipLink, now: number): Extract<TokenCheck, { reason: "busy" }> | null {
  if ((verified.get(verifiedKey(link)) ?? 0) > now) return null;
  const spent = anonymousShareKnownSpent(db, now);
  return spent.ok ? null : { ok: false, reason: "busy", retryAfterMs: spent.retryAfterMs };
}

/**
 * Asks the provider whether the link's token is good. A token it rejected lately is refused from
 * memory, and the call is made only within the public pages' share of the provider's budget
 * (lib/public/anonymous-calls.ts): a flood of links, good or bad, cannot delay staff.
 */
export async function verifySlipToken(db: Db, api: PaymentApi, link: SlipLink, now = Date.now()): Promise<TokenCheck> {
  const key = verifiedKey(link);
  if ((verified.get(key) ?? 0) > now) return { ok: true };
  const busy = busyFromMemory(db, link, now);
  if (busy) return busy;
  if (await wasRejected(db, link)) return { ok: false, reason: "invalid" };
  const share = await takeAnonymousCall(db);
  if (!share.ok) return { ok: false, reason: "busy", retryAfterMs: share.retryAfterMs };
  const result = await api.slips.verifyPayInToken(link.orgId, link.paymentRequestId, link.token);
  if (result.ok) {
    if (verified.size > 10_000) verified.clear();
    verified.set(key, now + VERIFIED_FOR_MS);
    return { ok: true };
  }
  // The budget's higher lanes hold every slot the public pages may have: ask again shortly.
  if (result.kind === "busy") return { ok: false, reason: "busy", retryAfterMs: result.waitMs };
  // TOKEN_INVALID, NOTFOUND, UUID_INVALID (§3.4): the link is bad. Anything else: the provider could not say.
  if (result.kind !== "rejected") return { ok: false, reason: "unavailable" };
  await rememberRejected(db, link);
  return { ok: false, reason: "invalid" };
}

/** The request behind a slip link, from PayDesk's records; null when PayDesk did not make it. */
export async function findSlipRequest(db: Db, link: SlipLink): Promise<{ id: string; merchantId: string; view: SlipRequestView } | null> {
  const [row] = await db
    .select({
      request: paymentRequests,
      merchantName: merchants.displayName,
      brandColor: merchants.brandColor,
      logo: { width: merchantLogos.width, height: merchantLogos.height, version: merchantLogos.version },
    })
    .from(paymentRequests)
    .innerJoin(merchants, eq(merchants.id, paymentRequests.merchantId))
    .leftJoin(merchantLogos, eq(merchantLogos.merchantId, merchants.id))
    .where(
      and(
        eq(paymentRequests.providerId, link.paymentRequestId.toLowerCase()),
        eq(merchants.orgId, link.orgId),
        inArray(paymentRequests.kind, ["payin", "payin_p2p"]),
      ),
    )
    .limit(1);
  if (!row) return null;
  const r = row.request;
  const answer = readStoredPayInAnswer(r.providerResponse);
  const bank = findBank(answer.payInBankCode);
  return {
    id: r.id,
    merchantId: r.merchantId,
    view: {
      merchantName: row.merchantName,
      amountSatang: toSatang(r.generatedAmount ?? r.requestedAmount),
      refId1: r.refId1,
      payerName: r.payerName,
      bankName: bank ? { th: bank.nameTh, en: bank.nameEn } : null,
      bankCode: answer.payInBankCode ?? null,
      accountNo: answer.payInBankAccountNo ?? null,
      accountName: answer.payInBankAccountName ?? null,
      ended: isEndedPaid(r.status) ? "paid" : isTerminal(r.status as State) ? "closed" : null,
      brand: {
        color: row.brandColor,
        logo: row.logo ? { src: logoPath(r.merchantId, row.logo.version), width: row.logo.width, height: row.logo.height } : null,
      },
    },
  };
}

/**
 * This process's own count of slip-page hits per address: the same limit and window as the shared
 * one in the database, spent before anything else is answered — even the "busy" known from memory,
 * which exists so that a flood costs no database work. Every answer is still a render, so one client
 * gets at most the page budget of them per window from each instance, busy or not.
 */
const pageHitsHere = new Map<string, { start: number; hits: number }>();
const MAX_ADDRESSES_REMEMBERED = 10_000;

function spendPageBudgetHere(ip: string | null, now: number): RateVerdict {
  const { max, windowMs } = SLIP_LIMITS.pageByIp;
  const key = ip ? ipThrottleKey(ip) : "ip:unknown";
  let entry = pageHitsHere.get(key);
  if (!entry || entry.start <= now - windowMs) {
    if (pageHitsHere.size >= MAX_ADDRESSES_REMEMBERED) {
      for (const [address, counted] of pageHitsHere) if (counted.start <= now - windowMs) pageHitsHere.delete(address);
      if (pageHitsHere.size >= MAX_ADDRESSES_REMEMBERED) pageHitsHere.clear();
    }
    entry = { start: now, hits: 0 };
    pageHitsHere.set(key, entry);
  }
  entry.hits += 1;
  return entry.hits > max ? { ok: false, retryAfterMs: entry.start + windowMs - now } : { ok: true };
}

/**
 * Everything the slip page needs before it shows anything: the address's budget (here first, then
 * shared by every instance), the provider's word on the token, the request.
 */
export async function openSlipLink(db: Db, api: PaymentApi, link: SlipLink, ip: string | null): Promise<SlipLinkCheck> {
  if (!isWellFormed(link)) return { ok: false, reason: "invalid" };
  const now = Date.now();
  const here = spendPageBudgetHere(ip, now);
  if (!here.ok) return { ok: false, reason: "rate_limited", retryAfterMs: here.retryAfterMs };
  const busy = busyFromMemory(db, link, now);
  if (busy) return busy;
  const budget = await spendSlipBudget(db, "page", link, ip);
  if (!budget.ok) return { ok: false, reason: "rate_limited", retryAfterMs: budget.retryAfterMs };
  const token = await verifySlipToken(db, api, link);
  if (!token.ok) return token;
  const found = await findSlipRequest(db, link);
  return { ok: true, request: found?.view ?? null, requestId: found?.id ?? null };
}
