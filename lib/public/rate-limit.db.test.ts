import { describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason } from "../db/testing/databases";
import { hitRateLimits } from "./rate-limit";

describe.each(DATABASE_KINDS)("public page budgets on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;

  it.skipIf(skip)("counts hits per key in fixed windows, refuses past the limit with when to retry, and starts again after the window", async () => {
    const database = await createTestDatabase(kind);
    try {
      const limit = { max: 2, windowMs: 60_000 };
      const t0 = new Date("2026-11-22T03:00:00Z");
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await hitRateLimits(database.db, [{ key: "ip:a", limit }], at(0))).toEqual({ ok: true });
      expect(await hitRateLimits(database.db, [{ key: "ip:a", limit }], at(1_000))).toEqual({ ok: true });
      expect(await hitRateLimits(database.db, [{ key: "ip:a", limit }], at(20_000))).toEqual({ ok: false, retryAfterMs: 40_000 });
      // Another key has its own count; a hit on several keys is refused when any one is over.
      expect(await hitRateLimits(database.db, [{ key: "ip:b", limit }], at(20_000))).toEqual({ ok: true });
      expect(await hitRateLimits(database.db, [{ key: "ip:b", limit }, { key: "ip:a", limit }], at(21_000))).toMatchObject({ ok: false });
      expect(await hitRateLimits(database.db, [{ key: "ip:a", limit }], at(60_000))).toEqual({ ok: true });
    } finally {
      await database.dispose();
    }
  });

  it.skipIf(skip)("counts concurrent hits exactly (one upsert per hit)", async () => {
    const database = await createTestDatabase(kind);
    try {
      const limit = { max: 10, windowMs: 60_000 };
      const now = new Date();
      const verdicts = await Promise.all(Array.from({ length: 15 }, () => hitRateLimits(database.db, [{ key: "token:x", limit }], now)));
      expect(verdicts.filter((v) => v.ok)).toHaveLength(10);
    } finally {
      await database.dispose();
    }
  });
});
