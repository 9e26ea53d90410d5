import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason } from "../db/testing/databases";
import { anonymousShareKnownSpent, anonymousShareOf, takeAnonymousCall } from "./anonymous-calls";

describe("the public pages' share of the provider budget", () => {
  it("is a quarter of the configured limit, at least one call, and nothing to guard when the limit is off", () => {
    expect(anonymousShareOf("20/10s")).toEqual({ count: 5, windowMs: 10_000 });
    expect(anonymousShareOf("2/1s")).toEqual({ count: 1, windowMs: 1_000 });
    expect(anonymousShareOf("off")).toBeNull();
  });
});

describe.each(DATABASE_KINDS)("taking anonymous calls on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;

  it.skipIf(skip)(
    "gives exactly the share to concurrent callers, refuses the rest at once with when to retry, then from memory",
    async () => {
      const database = await createTestDatabase(kind);
      try {
        // The tests run with PayDesk's default limit, 20/10s: a share of 5.
        const started = Date.now();
        const verdicts = await Promise.all(Array.from({ length: 12 }, () => takeAnonymousCall(database.db)));
        expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
        const refused = verdicts.find((v) => !v.ok);
        expect(refused).toMatchObject({ ok: false });
        expect(refused!.ok === false && refused!.retryAfterMs).toBeGreaterThan(0);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(anonymousShareKnownSpent(database.db).ok).toBe(false);
        if (database.url) {
          // Another instance on the same database: nothing in its memory, refused by the shared log.
          const other = await openDatabase({ url: database.url, migrate: false, poolSize: 2 });
          try {
            expect(anonymousShareKnownSpent(other.db).ok).toBe(true);
            expect(await takeAnonymousCall(other.db)).toMatchObject({ ok: false });
          } finally {
            await other.close();
          }
        }
      } finally {
        await database.dispose();
      }
    },
    60_000,
  );
});
