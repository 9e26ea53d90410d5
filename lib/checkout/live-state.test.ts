import { describe, expect, it } from "vitest";
import { isEndedPaid, isEndedUnpaid, isTerminal as isTerminalState, STATES } from "../requests/lifecycle";
import { countdownParts, isTerminal, outcomeOf, reduceStatus, shownStatus, type LiveStatus } from "./live-state";

const at = (state: LiveStatus["state"], changedAt = "2026-01-01T00:00:00.000Z", reason: string | null = null): LiveStatus => ({
  state,
  reason,
  changedAt,
});

describe("the checkout's live status", () => {
  it("takes later news, and keeps the same object when nothing changed", () => {
    const pending = at("pending");
    expect(reduceStatus(pending, at("pending", "2026-01-01T00:00:05.000Z"))).toBe(pending);
    expect(reduceStatus(pending, at("paid"))).toEqual(at("paid"));
  });

  it("never leaves an outcome, but PayDesk's word on the same outcome replaces the hub's guess", () => {
    const guess = at("paid", "2026-01-01T00:00:01.000Z");
    expect(reduceStatus(guess, at("pending"))).toBe(guess);
    expect(reduceStatus(guess, at("rejected", "2026-01-01T00:00:02.000Z", "x"))).toBe(guess);
    expect(reduceStatus(guess, at("approved", "2026-01-01T00:00:02.000Z"))).toEqual(at("approved", "2026-01-01T00:00:02.000Z"));
    // A second guess does not replace the first.
    expect(reduceStatus(guess, at("paid", "2026-01-01T00:00:09.000Z"), false)).toBe(guess);
  });

  it("shows a pending request expired once its time ran out, and nothing else", () => {
    expect(shownStatus(at("pending"), 0).state).toBe("expired");
    expect(shownStatus(at("pending"), 1).state).toBe("pending");
    expect(shownStatus(at("unknown"), -5).state).toBe("unknown");
    expect(shownStatus(at("paid"), -5).state).toBe("paid");
  });

  it("names the outcome cards", () => {
    expect([outcomeOf("approved"), outcomeOf("paid"), outcomeOf("canceled"), outcomeOf("pending")]).toEqual([
      "paid",
      "paid",
      "canceled",
      null,
    ]);
  });

  it("counts down in whole seconds, never below zero, urgent from five minutes", () => {
    expect(countdownParts(61_001)).toEqual({ seconds: 62, minutes: "1", secondsOfMinute: "02", hurry: true });
    expect(countdownParts(-3_000)).toEqual({ seconds: 0, minutes: "0", secondsOfMinute: "00", hurry: true });
    expect(countdownParts(5 * 60_000 + 1).hurry).toBe(false);
  });
});

describe("the checkout's copy of the one rule (it may import nothing)", () => {
  it("ends paid, ends otherwise and stays open exactly where lib/requests/lifecycle.ts says", () => {
    // The checkout never shows needs_review (a person's work, not the customer's).
    for (const state of STATES.filter((s): s is LiveStatus["state"] => s !== "needs_review")) {
      expect(outcomeOf(state) === "paid", state).toBe(isEndedPaid(state));
      expect(outcomeOf(state) !== null && outcomeOf(state) !== "paid", state).toBe(isEndedUnpaid(state));
      expect(isTerminal(state), state).toBe(isTerminalState(state));
    }
  });
});
