import { describe, expect, it } from "vitest";
import { nextCheckAt, type ScheduleFacts } from "./schedule";

const now = new Date("2026-11-21T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);
const facts = (f: Partial<ScheduleFacts>): ScheduleFacts => ({
  state: "pending",
  kind: "payin",
  createdAt: ago(60_000),
  expireAt: later(14 * 60_000),
  checkCount: 0,
  ...f,
});
const delay = (f: Partial<ScheduleFacts>) => {
  const next = nextCheckAt(facts(f), now);
  return next === null ? null : next.getTime() - now.getTime();
};

describe("reconciliation schedule", () => {
  it("never checks a terminal or held request again", () => {
    for (const state of ["paid", "approved", "rejected", "expired", "canceled", "awaiting_approval"] as const)
      expect(delay({ state })).toBeNull();
  });

  it("never polls a submit left to a person: the provider cannot tell, so a timer learns nothing", () => {
    expect(delay({ state: "needs_review", checkCount: 0 })).toBeNull();
    expect(delay({ state: "needs_review", kind: "payout", checkCount: 40 })).toBeNull();
  });

  it("backs off an unknown submit from 10 s to every 5 minutes, and keeps going", () => {
    expect([0, 1, 2, 3, 10, 100].map((checkCount) => delay({ state: "unknown", checkCount }))).toEqual([
      10_000, 20_000, 40_000, 80_000, 300_000, 300_000,
    ]);
  });

  it("checks a pending Pay-In every 20 s until expiry, every 5 minutes for an hour after, then stops", () => {
    expect(delay({})).toBe(20_000);
    expect(delay({ expireAt: later(5_000) })).toBe(5_000);
    expect(delay({ expireAt: ago(10 * 60_000) })).toBe(300_000);
    expect(delay({ expireAt: ago(61 * 60_000) })).toBeNull();
  });

  it("checks a Pay-Out every 30 seconds in its first hour, every 2 minutes for two days, then stops", () => {
    expect(delay({ kind: "payout", createdAt: ago(10 * 60_000) })).toBe(30_000);
    expect(delay({ kind: "withdrawal", createdAt: ago(5 * 3_600_000) })).toBe(120_000);
    expect(delay({ kind: "payout", createdAt: ago(49 * 3_600_000) })).toBeNull();
  });
});
