import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loopStats, startLoop, type Loop } from "./loop";

/** A pass that can be held open from the test, recording each call. */
function controlledPass(takes: number[] = []) {
  const calls: { stoppingAtStart: boolean; stopping: () => boolean }[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const pass = async (stopping: () => boolean) => {
    calls.push({ stoppingAtStart: stopping(), stopping });
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return takes[calls.length - 1] ?? 0;
  };
  return {
    calls,
    pass,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
      release = null;
    },
  };
}

let name = 0;
const uniqueName = () => `test-loop-${++name}`;

describe("the one loop of the background jobs", () => {
  let loop: Loop | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    vi.useRealTimers();
    await loop?.stop();
    loop = null;
  });

  it("runs its first pass after firstPassAfterMs, then every pollMs while passes take nothing", async () => {
    const p = controlledPass();
    loop = startLoop({ name: uniqueName(), pass: p.pass, pollMs: 1_000, firstPassAfterMs: 300 });
    await vi.advanceTimersByTimeAsync(299);
    expect(p.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(p.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(2);
  });

  it("goes on at once after a full batch and waits after a short one", async () => {
    const p = controlledPass([20, 20, 5, 0]);
    loop = startLoop({ name: uniqueName(), pass: p.pass, pollMs: 1_000, firstPassAfterMs: 0, fullBatch: 20 });
    await vi.advanceTimersByTimeAsync(10);
    // 20, 20 went straight on; 5 was short: the fourth waits for the poll.
    expect(p.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.calls).toHaveLength(4);
  });

  it("never runs two passes at once: wakes during a pass make one more pass after it", async () => {
    const p = controlledPass();
    loop = startLoop({ name: uniqueName(), pass: p.pass, pollMs: 60_000, firstPassAfterMs: 0 });
    p.holdNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.calls).toHaveLength(1);
    loop.wake();
    loop.wake();
    loop.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(p.calls).toHaveLength(1);
    p.release();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(p.calls).toHaveLength(2);
  });

  it("a wake between passes runs one at once (after wakeAfterMs, one pass for a burst)", async () => {
    const p = controlledPass();
    loop = startLoop({ name: uniqueName(), pass: p.pass, pollMs: 60_000, wakeAfterMs: 5 });
    for (let i = 0; i < 10; i++) loop.wake();
    await vi.advanceTimersByTimeAsync(4);
    expect(p.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(p.calls).toHaveLength(1);
  });

  it("logs and counts a failed pass, and tries again after pollMs", async () => {
    const logs: string[] = [];
    let calls = 0;
    const loopName = uniqueName();
    loop = startLoop({
      name: loopName,
      pollMs: 1_000,
      firstPassAfterMs: 0,
      log: (m) => logs.push(m),
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error("connection refused");
        return 0;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(logs).toEqual([`${loopName} pass failed: connection refused`]);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    const stats = loopStats().find((s) => s.name === loopName)!;
    expect(stats).toMatchObject({ passes: 2, failures: 1, taken: 0, running: false });
  });

  it("stop tells the running pass, waits for it and for drain, and runs no pass after", async () => {
    const p = controlledPass([1, 1, 1]);
    let drained = false;
    const started = startLoop({
      name: uniqueName(),
      pass: p.pass,
      pollMs: 10,
      firstPassAfterMs: 0,
      drain: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        drained = true;
      },
    });
    p.holdNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.calls).toHaveLength(1);
    expect(p.calls[0]!.stopping()).toBe(false);
    let stopped = false;
    const stopping = started.stop().then(() => (stopped = true));
    expect(p.calls[0]!.stopping()).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    p.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    expect(drained).toBe(true);
    started.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.calls).toHaveLength(1);
  });

  it("counts the items its passes took", async () => {
    const loopName = uniqueName();
    const p = controlledPass([3, 4, 0]);
    loop = startLoop({ name: loopName, pass: p.pass, pollMs: 1_000, firstPassAfterMs: 0, fullBatch: Infinity });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loopStats().find((s) => s.name === loopName)).toMatchObject({ passes: 3, taken: 7 });
  });
});
