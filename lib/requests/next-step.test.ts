import { describe, expect, it } from "vitest";
import { nextStepOf } from "./next-step";

describe("a request's next step", () => {
  it("a pending Pay-In or P2P with its link waits for the customer, and the link is to be shared", () => {
    expect(nextStepOf({ state: "pending", kind: "payin", hasCheckoutLink: true })).toEqual({ waitsFor: "customer", action: "share" });
    expect(nextStepOf({ state: "pending", kind: "payin_p2p", hasCheckoutLink: true })).toEqual({ waitsFor: "customer", action: "share" });
  });

  it("a pending Pay-In without a link to hand out waits for the provider", () => {
    expect(nextStepOf({ state: "pending", kind: "payin", hasCheckoutLink: false })).toEqual({ waitsFor: "provider", action: "recheck" });
  });

  it("a held Pay-Out or Withdrawal waits for a second approver", () => {
    expect(nextStepOf({ state: "awaiting_approval", kind: "payout", hasCheckoutLink: false })).toEqual({
      waitsFor: "approver",
      action: "approve",
    });
    expect(nextStepOf({ state: "awaiting_approval", kind: "withdrawal", hasCheckoutLink: false })).toEqual({
      waitsFor: "approver",
      action: "approve",
    });
  });

  it("a lost answer, a submit on its way and a pending pay-out wait for the provider, and can be re-checked", () => {
    for (const state of ["unknown", "submitting"] as const)
      expect(nextStepOf({ state, kind: "payin", hasCheckoutLink: false })).toEqual({ waitsFor: "provider", action: "recheck" });
    expect(nextStepOf({ state: "pending", kind: "payout", hasCheckoutLink: false })).toEqual({ waitsFor: "provider", action: "recheck" });
  });

  it("a submit the provider cannot account for waits for a person", () => {
    expect(nextStepOf({ state: "needs_review", kind: "payout", hasCheckoutLink: false })).toEqual({
      waitsFor: "person",
      action: "recheck",
    });
  });

  it("a settled request waits for nobody and offers nothing", () => {
    for (const state of ["paid", "approved", "rejected", "expired", "canceled"] as const) {
      expect(nextStepOf({ state, kind: "payin", hasCheckoutLink: true })).toEqual({ waitsFor: "nobody", action: null });
    }
  });
});
