/**
 * Which provider request, if any, an unknown submit created. The lookup by RefId1 (docs/provider-facts.md
 * §8.6) returns every request of the org with that RefId1 — RefId1 is unique per org, not per
 * merchant, and it may have been used before: by another merchant, in the provider's portal, by
 * another PayDesk row. Only a request PayDesk's own submit could have made is adopted: of our
 * merchant and kind, created at or after the submit was first sent, with the same amount, payer
 * and references, and linked to no other PayDesk row. When requests are found and none can be
 * ours, the submit created nothing (the provider refuses a taken RefId1, REF_ID1_DUPLICATE — which
 * the live provider turns into an empty HTTP 500, §3.1): the request is refused, in words. When
 * the provider's answer cannot settle it, a person must (`needs_review`).
 */
import type { Satang } from "../money";
import type { PaymentRecord } from "../provider/client";

/**
 * How far the provider's clock may be behind ours. The provider stamps `createdDate` on its own
 * clock and PayDesk stamps the send on its own; both keep time by NTP, which holds servers within
 * milliseconds, and a host whose sync lapsed drifts by seconds. A request stamped earlier than this
 * before the send is not the submit's. One stamped within it, but before the send, may be ours (a
 * provider clock running behind) or someone else's made just before — with the same RefId1, our
 * submit was then refused, which the live provider answers with an empty 500 (§3.1), and the live
 * provider drops PayerName (§4.1), so nothing tells the two apart: it is never adopted, a person
 * decides (`undecidable`).
 */
export const CLOCK_SKEW_MS = 5_000;

export interface SubmitFacts {
  kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
  providerMerchantId: string;
  requestedSatang: Satang;
  refId2: string | null;
  refId3: string | null;
  /** When PayDesk first sent it. */
  sentAt: Date;
  /** What PayDesk sent, in its own terms (payment_requests.input). */
  input: Record<string, unknown>;
}

/** Why a found request is not this submit's (stored on the timeline, worded when shown). */
export type NotOurs = "other_merchant" | "other_kind" | "created_before" | "other_amount" | "other_payer" | "other_references" | "linked";

export interface FoundRequest {
  providerId: string;
  status: string;
  requestedAmount: string | null;
  createdAt: string | null;
  /** Null: it could be ours. */
  notOurs: NotOurs | null;
  /** The provider's record lacks what is needed to tell, or it was created within CLOCK_SKEW_MS before the send. */
  undecidable: boolean;
}

export type Judgement =
  | { verdict: "adopt"; record: PaymentRecord; found: FoundRequest[] }
  /** Found, none ours: the RefId1 was already used at the provider. */
  | { verdict: "taken"; found: FoundRequest[] }
  /** Several could be ours, or one cannot be told apart: a person decides. */
  | { verdict: "unresolved"; code: "SUBMIT_UNRESOLVED_AMBIGUOUS"; found: FoundRequest[] }
  | { verdict: "none" };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const sameText = (ours: unknown, theirs: string | null, fold = false) => {
  const a = text(ours);
  const b = text(theirs);
  return fold ? a?.toLowerCase() === b?.toLowerCase() : a === b;
};

function whyNotOurs(s: SubmitFacts, r: PaymentRecord, linked: ReadonlySet<string>): { notOurs: NotOurs | null; undecidable: boolean } {
  if (linked.has(r.id.toLowerCase())) return { notOurs: "linked", undecidable: false };
  if (r.merchantId !== null && r.merchantId.toLowerCase() !== s.providerMerchantId.toLowerCase())
    return { notOurs: "other_merchant", undecidable: false };
  const isPayIn = s.kind === "payin" || s.kind === "payin_p2p";
  if (r.direction !== null && r.direction.toLowerCase() !== (isPayIn ? "payin" : "payout"))
    return { notOurs: "other_kind", undecidable: false };
  if (isPayIn && r.direction !== null && r.isP2P !== (s.kind === "payin_p2p")) return { notOurs: "other_kind", undecidable: false };
  if (r.requestedSatang !== null && r.requestedSatang !== s.requestedSatang) return { notOurs: "other_amount", undecidable: false };
  const created = r.createdAt === null ? null : Date.parse(r.createdAt);
  if (created !== null && created < s.sentAt.getTime() - CLOCK_SKEW_MS) return { notOurs: "created_before", undecidable: false };
  if (!sameText(s.refId2, r.refId2) || !sameText(s.refId3, r.refId3)) return { notOurs: "other_references", undecidable: false };
  if (!samePayer(s, r)) return { notOurs: "other_payer", undecidable: false };
  const isCreatedBeforeSend = created !== null && created < s.sentAt.getTime();
  return { notOurs: null, undecidable: created === null || r.requestedSatang === null || isCreatedBeforeSend };
}

/** The customer of a Pay-In, the recipient of a Pay-Out, as far as the provider keeps them. */
function samePayer(s: SubmitFacts, r: PaymentRecord): boolean {
  if (s.kind === "payin" || s.kind === "payin_p2p") {
    // The v0.2.54 provider drops PayerName (§4.1): compared only when it keeps one.
    if (r.payerName !== null && !sameText(s.input.payerName, r.payerName)) return false;
    return sameText(s.input.customerEmail, r.customerEmail, true) && sameText(s.input.customerPhone, r.customerPhone);
  }
  const d = (s.input.destination ?? {}) as Record<string, unknown>;
  if (d.type === "saved") return r.payinBankAccountId === null || sameText(d.accountId, r.payinBankAccountId, true);
  if (d.type === "promptpay") return r.promptPayId === null || sameText(d.promptPayId, r.promptPayId);
  return r.bankAccountNo === null || sameText(d.accountNo, r.bankAccountNo);
}

/** `linked`: provider ids (lower-case) that other PayDesk rows already hold. */
export function judgeFound(s: SubmitFacts, records: readonly PaymentRecord[], linked: ReadonlySet<string>): Judgement {
  if (records.length === 0) return { verdict: "none" };
  const found = records.map((r) => ({
    record: r,
    summary: {
      providerId: r.id,
      status: r.status,
      requestedAmount: r.requestedSatang === null ? null : (r.requestedSatang / 100).toFixed(2),
      createdAt: r.createdAt,
      ...whyNotOurs(s, r, linked),
    },
  }));
  const summaries = found.map((f) => f.summary);
  const candidates = found.filter((f) => f.summary.notOurs === null);
  if (candidates.length === 0) return { verdict: "taken", found: summaries };
  const [only] = candidates;
  if (candidates.length === 1 && only && !only.summary.undecidable) return { verdict: "adopt", record: only.record, found: summaries };
  return { verdict: "unresolved", code: "SUBMIT_UNRESOLVED_AMBIGUOUS", found: summaries };
}
