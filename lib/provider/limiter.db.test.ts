import { describe, expect, it } from "vitest";
import { scaled } from "../testing/vitest-project";
import { eq } from "drizzle-orm";
import { openDatabase, type Db } from "../db/client";
import { providerCalls } from "../db/schema";
import { createTestDatabase, postgresSkipReason } from "../db/testing/databases";
import { createMemoryLimiter, createPostgresLimiter, parseLimit, type RateLimiter } from "./limiter";
import { setUpTwoInstances } from "@/lib/testing/database-fixture";

/** The most acquisitions seen in any interval of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function recordedCalls(db: Db, provider: string): Promise<number[]> {
  const rows = await db.select({ at: providerCalls.at }).from(providerCalls).where(eq(providerCalls.provider, provider));
  return rows.map((r) => r.at.getTime());
}

async function hammer(limiters: RateLimiter[], perLimiter: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    limiters.flatMap((limiter) =>
      Array.from({ length: perLimiter }, async () => {
        const slot = await limiter.acquire();
        expect(slot.ok).toBe(true);
        times.push(Date.now());
      }),
    ),
  );
  return times;
}

describe("memory limiter", () => {
  it("lets at most `count` calls into any window and queues the rest", async () => {
    const limiter = createMemoryLimiter({ count: 5, windowMs: 300, marginMs: 20, maxWaitMs: 5_000 });
    const started = Date.now();
    const times = await hammer([limiter], 15);
    // Times are taken after each acquire resolves, so a loaded machine can delay some; half a
    // window still tells a limiter that works from one that lets everything through at once.
    expect(busiestWindow(times, 150)).toBeLessThanOrEqual(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 320 - 10);
  });

  it("answers busy instead of queueing past the bounded wait", async () => {
    const limiter = createMemoryLimiter({ count: 1, windowMs: 1_000, maxWaitMs: 100 });
    expect((await limiter.acquire()).ok).toBe(true);
    const second = await limiter.acquire();
    expect(second).toMatchObject({ ok: false });
    if (!second.ok) expect(second.wouldWaitMs).toBeGreaterThan(100);
  });

  it("parses the configured limit", () => {
    expect(parseLimit("20/10s")).toEqual({ count: 20, windowMs: 10_000 });
    expect(parseLimit("off")).toBeNull();
    expect(() => parseLimit("20 per 10")).toThrow(/20\/10s/);
  });
});

describe("Postgres limiter shared by two app instances", () => {
  // A second pool on the same database stands for a second PayDesk instance.
  const setup = setUpTwoInstances({ poolSize: 4 });
  const { skip } = setup;

  it.skipIf(skip)("keeps both instances together under the provider's limit", async () => {
    const config = { count: 6, windowMs: 500, marginMs: 30, maxWaitMs: 10_000 };
    const a = createPostgresLimiter(setup.db, "http://provider.test", config);
    const b = createPostgresLimiter(setup.second.db, "http://provider.test", config);
    const started = Date.now();
    const times = await hammer([a, b], 12);
    expect(times).toHaveLength(24);
    // The calls as the database recorded them: what the provider would see, whatever the test's timing.
    expect(busiestWindow(await recordedCalls(setup.db, "http://provider.test"), 500)).toBeLessThanOrEqual(6);
    // 24 calls at 6 per 530 ms need at least three more windows after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 530 - 50);
  });

  it.skipIf(skip)("serves one process's waiters first come, first served: none runs out of time while later ones go through", async () => {
    // 3 calls per 330 ms; 15 callers at once on one instance, each willing to wait 2.2 s (more on a
    // loaded machine, where each round's statements take longer): in turn the last is served after
    // four more windows (~1.3 s). Racing for each freed slot instead, a caller can lose round after
    // round, and the order served says so whatever the patience.
    const config = { count: 3, windowMs: 300, marginMs: 30, maxWaitMs: scaled(2_200) };
    const limiter = createPostgresLimiter(setup.db, "http://fifo.test", config);
    const served: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 5));
        const answer = await limiter.acquire();
        if (answer.ok) served.push(i);
        return answer.ok;
      }),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect(served).toEqual([...served].sort((x, y) => x - y));
  });

  it.skipIf(skip)("keeps separate budgets for separate providers", async () => {
    const config = { count: 2, windowMs: 10_000, maxWaitMs: 50 };
    const x = createPostgresLimiter(setup.db, "http://x.test", config);
    const y = createPostgresLimiter(setup.second.db, "http://y.test", config);
    expect((await x.acquire()).ok && (await x.acquire()).ok).toBe(true);
    expect((await x.acquire()).ok).toBe(false);
    expect((await y.acquire()).ok).toBe(true);
  });
});

describe("Postgres limiter waiting for budget", () => {
  const skip = postgresSkipReason();

  // Callers wait between tries with no transaction open: a burst queued for the provider's budget
  // must not take the connections every other page needs.
  it.skipIf(skip)("holds no database connection while callers wait", async () => {
    const database = await createTestDatabase("postgres", { poolSize: 1 });
    try {
      const limiter = createPostgresLimiter(database.db, "http://wait.test", { count: 1, windowMs: 1_500, marginMs: 0, maxWaitMs: 5_000 });
      expect((await limiter.acquire()).ok).toBe(true);
      const waiters = [limiter.acquire(), limiter.acquire()];
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      await database.db.select({ at: providerCalls.at }).from(providerCalls).limit(1);
      // The pool's only connection was free: well before the first waiter's slot (1.5 s).
      expect(Date.now() - started).toBeLessThan(500);
      expect((await Promise.all(waiters)).map((w) => w.ok)).toEqual([true, true]);
    } finally {
      await database.dispose();
    }
  });
});

describe("Postgres limiter on the embedded PGlite", () => {
  it("works the same way in one process", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const limiter = createPostgresLimiter(database.db, "http://provider.test", {
        count: 3,
        windowMs: 300,
        marginMs: 20,
        maxWaitMs: 5_000,
      });
      await hammer([limiter], 7);
      const recorded = await recordedCalls(database.db, "http://provider.test");
      expect(recorded).toHaveLength(7);
      expect(busiestWindow(recorded, 300)).toBeLessThanOrEqual(3);
    } finally {
      await database.dispose();
    }
  });
});

/**
 * One budget shared by priority: with 20 per window, reconciliation fills at most 9 (45 %),
 * webhook confirmations at most 14 with it (70 %), and staff still get every slot left, at once;
 * anonymous pages get nothing once 8 calls are in the window.
 */
async function lanesShareByPriority(limiters: [RateLimiter, RateLimiter]): Promise<void> {
  const [a, b] = limiters;
  const take = (limiter: RateLimiter, lane: "staff" | "reconcile" | "anonymous" | "webhook", n: number) =>
    Promise.all(Array.from({ length: n }, () => limiter.acquire({ lane, maxWaitMs: 0 }))).then((slots) => slots.filter((s) => s.ok).length);
  // Reconciliation on both instances tries for 15: only 9 fit under its ceiling.
  expect((await take(a, "reconcile", 8)) + (await take(b, "reconcile", 7))).toBe(9);
  expect(await take(b, "anonymous", 1)).toBe(0);
  // Webhook confirmations (70 %: 14) may add 5; staff the rest, up to 20.
  expect(await take(a, "webhook", 7)).toBe(5);
  expect(await take(b, "staff", 10)).toBe(6);
  const refused = await a.acquire({ lane: "staff", maxWaitMs: 0 });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.wouldWaitMs).toBeGreaterThan(50_000);
}

describe("lanes of one budget", () => {
  const config = { count: 20, windowMs: 60_000, maxWaitMs: 0 };

  it("in one process: lower lanes stop at their ceilings and staff keep the rest", async () => {
    const limiter = createMemoryLimiter(config);
    await lanesShareByPriority([limiter, limiter]);
  });

  it("a lower lane waits only for its own ceiling to free, within its bound", async () => {
    const limiter = createMemoryLimiter({ count: 4, windowMs: 300, marginMs: 10, maxWaitMs: 0 });
    // Reconciliation's ceiling is one call: the second waits for the first to leave the window.
    expect((await limiter.acquire({ lane: "reconcile" })).ok).toBe(true);
    const second = await limiter.acquire({ lane: "reconcile", maxWaitMs: 1_000 });
    expect(second.ok).toBe(true);
    expect(second.waitedMs).toBeGreaterThanOrEqual(250);
  });

  const skip = postgresSkipReason();
  it.skipIf(skip)("across two instances on Postgres, with each call's lane and wait recorded", async () => {
    const database = await createTestDatabase("postgres", { poolSize: 4 });
    const second = await openDatabase({ url: database.url!, poolSize: 4, migrate: false });
    try {
      const provider = `http://lanes-${Date.now()}.test`;
      await lanesShareByPriority([
        createPostgresLimiter(database.db, provider, config),
        createPostgresLimiter(second.db, provider, config),
      ]);
      const rows = await database.db
        .select({ lane: providerCalls.lane, waitedMs: providerCalls.waitedMs })
        .from(providerCalls)
        .where(eq(providerCalls.provider, provider));
      const byLane = Object.fromEntries(
        ["staff", "webhook", "reconcile", "anonymous"].map((lane) => [lane, rows.filter((r) => r.lane === lane).length]),
      );
      expect(byLane).toEqual({ staff: 6, webhook: 5, reconcile: 9, anonymous: 0 });
      expect(rows.every((r) => r.waitedMs !== null && r.waitedMs >= 0)).toBe(true);
    } finally {
      await second.close();
      await database.dispose();
    }
  });
});
