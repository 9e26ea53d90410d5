import { describe, expect, it } from "vitest";
import {
  createIntakeGate,
  INTAKE_MAX_WAITING_BYTES,
  INTAKE_MIN_WEIGHT,
  IntakeFull,
  intakeUnavailable,
  isIntakeUnavailable,
  RETRY_AFTER_SECONDS,
} from "./intake";

describe("the webhook intake's gate", () => {
  it("runs as many at a time as it has connections, queues a bounded number, and refuses past that", async () => {
    // Three of the least weight fit the room.
    const gate = createIntakeGate({ concurrency: 2, maxWaitingBytes: 3 * INTAKE_MIN_WEIGHT });
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

  it("bounds the waiting room by what its webhooks hold, not by their number: thousands of provider jobs wait, a few bodies at the cap fill it", async () => {
    const hold = () => {
      const releases: (() => void)[] = [];
      return { releases, task: () => new Promise<void>((resolve) => releases.push(resolve)) };
    };
    // The process's own room: 5,000 waiting provider jobs (~1 KB) is 5 s of a 1,000/s burst, refused by a count of 500.
    const gate = createIntakeGate({ concurrency: 2, maxWaitingBytes: INTAKE_MAX_WAITING_BYTES });
    const { releases, task } = hold();
    const jobs = Array.from({ length: 5_002 }, () => gate.run(task, 900));
    await new Promise((r) => setTimeout(r, 0));
    expect([gate.running, gate.waiting, gate.waitingBytes]).toEqual([2, 5_000, 5_000 * INTAKE_MIN_WEIGHT]);
    // Bodies at the 256 KB cap: the room takes what is left of its 32 MB and refuses the one past it.
    const big = 256 * 1024;
    const room = Math.floor((INTAKE_MAX_WAITING_BYTES - gate.waitingBytes) / big);
    const bigOnes = Array.from({ length: room }, () => gate.run(task, big));
    await expect(gate.run(task, big)).rejects.toBeInstanceOf(IntakeFull);
    expect(gate.waiting).toBe(5_000 + room);
    // Released, every one of them runs and the room is empty again.
    while (gate.running > 0 || gate.waiting > 0) {
      for (const release of releases.splice(0)) release();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all([...jobs, ...bigOnes]);
    expect([gate.running, gate.waiting, gate.waitingBytes]).toEqual([0, 0, 0]);
  });

  it("frees the turn of a statement that failed", async () => {
    const gate = createIntakeGate({ concurrency: 1, maxWaitingBytes: 0 });
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
