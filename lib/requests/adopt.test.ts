import { describe, expect, it } from "vitest";
import type { PaymentRecord } from "../provider/client";
import { CLOCK_SKEW_MS, judgeFound, type SubmitFacts } from "./adopt";

const MERCHANT = "6f1c7a8e-2b1d-4d0e-9a53-1b2c3d4e5f60";
const sentAt = new Date("2026-11-23T10:00:00Z");
const at = (ms: number) => new Date(sentAt.getTime() + ms).toISOString();

const payIn: SubmitFacts = {
  kind: "payin",
  providerMerchantId: MERCHANT,
  requestedSatang: 45_000,
  refId2: null,
  refId3: null,
  sentAt,
  input: { refId1: "R1", payerName: "Somchai", amountSatang: 45_000, qrProvider: "PP", customerEmail: "a@example.com" },
};

const record = (over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: "0b6f0e8a-0000-4000-8000-000000000001",
  orgId: "demo",
  refId1: "R1",
  refId2: null,
  refId3: null,
  status: "Pending",
  statusCode: null,
  statusReason: null,
  direction: "PayIn",
  merchantId: MERCHANT.toUpperCase(),
  payerName: null,
  customerEmail: "A@example.com",
  customerPhone: null,
  bankAccountNo: null,
  promptPayId: null,
  payinBankAccountId: null,
  requestedSatang: 45_000,
  generatedSatang: 45_037,
  createdAt: at(300),
  expireAt: at(1_800_000),
  isP2P: false,
  feePct: null,
  discardCent: null,
  payoutPaidSatang: null,
  partialPayouts: [],
  payInResponse: null,
  ...over,
});

const none = new Set<string>();

describe("judging what an unknown submit created", () => {
  it("adopts the one request its submit could have made", () => {
    expect(judgeFound(payIn, [record()], none)).toMatchObject({ verdict: "adopt", record: { id: record().id } });
  });

  it("never adopts a request created within the clock-skew window before the send: a person decides", () => {
    // Ours behind a slow provider clock, or someone else's made just before (our submit then refused
    // with an empty 500): the live provider drops PayerName, so nothing tells them apart.
    for (const ms of [-CLOCK_SKEW_MS + 100, -2_000, -1]) {
      expect(judgeFound(payIn, [record({ createdAt: at(ms) })], none)).toMatchObject({
        verdict: "unresolved",
        code: "SUBMIT_UNRESOLVED_AMBIGUOUS",
        found: [{ notOurs: null, undecidable: true }],
      });
    }
    expect(judgeFound(payIn, [record({ createdAt: at(0) })], none).verdict).toBe("adopt");
    expect(judgeFound(payIn, [record({ createdAt: at(-CLOCK_SKEW_MS - 100) })], none)).toMatchObject({
      verdict: "taken",
      found: [{ notOurs: "created_before" }],
    });
  });

  it.each<[string, Partial<PaymentRecord>, string]>([
    ["another merchant's", { merchantId: "11111111-2222-4333-8444-555555555555" }, "other_merchant"],
    ["a pay-out", { direction: "PayOut" }, "other_kind"],
    ["a P2P pay-in", { isP2P: true }, "other_kind"],
    ["another amount", { requestedSatang: 99_900 }, "other_amount"],
    ["other references", { refId2: "INV-9" }, "other_references"],
    ["another customer", { customerEmail: "b@example.com" }, "other_payer"],
    ["another payer name, where the provider keeps one", { payerName: "Somsri" }, "other_payer"],
  ])("refuses to take %s request as its own: the RefId1 was taken", (_label, over, why) => {
    expect(judgeFound(payIn, [record(over)], none)).toMatchObject({ verdict: "taken", found: [{ notOurs: why }] });
  });

  it("never takes a request another PayDesk row holds", () => {
    expect(judgeFound(payIn, [record()], new Set([record().id]))).toMatchObject({ verdict: "taken", found: [{ notOurs: "linked" }] });
  });

  it("leaves it to a person when two could be its own, or one lacks what would tell", () => {
    const twins = [record(), record({ id: "0b6f0e8a-0000-4000-8000-000000000002", createdAt: at(400) })];
    expect(judgeFound(payIn, twins, none)).toMatchObject({ verdict: "unresolved", code: "SUBMIT_UNRESOLVED_AMBIGUOUS" });
    expect(judgeFound(payIn, [record({ createdAt: null })], none).verdict).toBe("unresolved");
    expect(judgeFound(payIn, [record({ requestedSatang: null })], none).verdict).toBe("unresolved");
  });

  it("picks its own out of the requests others made with the same RefId1", () => {
    const mixed = [record({ id: "0b6f0e8a-0000-4000-8000-00000000000a", createdAt: at(-3_600_000) }), record()];
    expect(judgeFound(payIn, mixed, none)).toMatchObject({ verdict: "adopt", record: { id: record().id } });
  });

  it("compares a pay-out's recipient", () => {
    const payOut: SubmitFacts = {
      ...payIn,
      kind: "payout",
      input: { destination: { type: "bank", bankCode: "KBANK", accountNo: "0123456789", accountName: "X" } },
    };
    const sent = record({ direction: "PayOut", customerEmail: null, bankAccountNo: "0123456789" });
    expect(judgeFound(payOut, [sent], none).verdict).toBe("adopt");
    expect(judgeFound(payOut, [{ ...sent, bankAccountNo: "9999999999" }], none)).toMatchObject({
      verdict: "taken",
      found: [{ notOurs: "other_payer" }],
    });
  });

  it("finds nothing to judge when the provider has no such RefId1", () => {
    expect(judgeFound(payIn, [], none)).toEqual({ verdict: "none" });
  });
});
