import { describe, expect, it } from "vitest";
import { CALL_STATS_WINDOW_MS, createCallStats, outcomeOf } from "./call-stats";

describe("the provider's recent answers", () => {
  it("counts errors over the last 15 minutes only, and a refusal is an answer, not an error", () => {
    let now = 1_000_000;
    const stats = createCallStats(() => now);
    expect(stats.read()).toEqual({ calls: 0, errors: 0, errorRate: null, lastErrorAt: null });
    stats.record(outcomeOf({ ok: true }));
    stats.record(outcomeOf({ ok: false, kind: "rejected" }));
    stats.record(outcomeOf({ ok: false, kind: "timeout" }));
    now += 1_000;
    stats.record(outcomeOf({ ok: false, kind: "provider_error" }));
    expect(stats.read()).toEqual({ calls: 4, errors: 2, errorRate: 0.5, lastErrorAt: new Date(now) });
    // 15 minutes after the first three, only the last one is left.
    now += CALL_STATS_WINDOW_MS - 500;
    expect(stats.read()).toMatchObject({ calls: 1, errors: 1, errorRate: 1 });
    now += 1_000;
    expect(stats.read()).toEqual({ calls: 0, errors: 0, errorRate: null, lastErrorAt: null });
  });
});
