import { describe, expect, it } from "vitest";
import { createIntakeGate, IntakeFull, intakeUnavailable, isIntakeUnavailable, RETRY_AFTER_SECONDS } from "./intake";

describe("the webhook intake's gate", () => {
  it("runs as many at a time as it has connections, queues a bounded number, and refuses past that", async () => {
    const gate = createIntakeGate({ concurrency: 2, maxWaiting: 3 });
    const releases: (() => void)[] = [];
    let started = 0;
    const task = () =>
      gate.run(async () => {
        started += 1;
        await new Promise<void>((resolve) => releases.push(resolve));
        return started;
      });
    const admitted = Array.from({ length: 5 }, task);
    await new Promise((r) => setTimeout(r, 0));
    expect([started, gate.running, gate.waiting]).toEqual([2, 2, 3]);
    await expect(task()).rejects.toBeInstanceOf(IntakeFull);
    // Each finished statement hands its connection to the next in line, never to more than two at once.
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
      expect(gate.running).toBeLessThanOrEqual(2);
    }
    expect((await Promise.all(admitted)).length).toBe(5);
    expect([started, gate.running, gate.waiting]).toEqual([5, 0, 0]);
  });

  it("frees the turn of a statement that failed", async () => {
    const gate = createIntakeGate({ concurrency: 1, maxWaiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });

  it("answers 503 with Retry-After for a database that cannot take the write, and for nothing else", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const canceled = new Error("Failed query", {
      cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    });
    expect([new IntakeFull(), new Error("x", { cause: refused }), canceled].map(isIntakeUnavailable)).toEqual([true, true, true]);
    expect(isIntakeUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    const answer = intakeUnavailable();
    expect([answer.status, answer.headers.get("Retry-After")]).toEqual([503, String(RETRY_AFTER_SECONDS)]);
    expect((await answer.json()).message).toMatch(/nothing was stored/);
  });
});
