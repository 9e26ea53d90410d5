import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../../db/testing/databases";
import { ApiError } from "./errors";
import { checkApiRateLimit, DEFAULT_API_RATE_LIMIT, parseApiRateLimit } from "./rate";

const limit = { max: 3, windowMs: 10_000 };

/** The 429's status and Retry-After seconds, or "ok". */
async function verdict(promise: Promise<void>): Promise<"ok" | { status: number; retryAfter: number | undefined; message: string }> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, fields } = error as ApiError;
    expect(fields).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
    return { status, retryAfter: fields.retryAfterSeconds, message: fields.message };
  }
}

describe.each(DATABASE_KINDS)("the merchant API's rate limit per key on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  beforeAll(async () => {
    if (!skip) database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it.skipIf(skip)("lets max calls through per window, then answers 429 with the seconds left; each key has its own", async () => {
    const start = new Date("2026-11-24T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (let i = 0; i < 3; i++) expect(await verdict(checkApiRateLimit(database.db, `k-${kind}`, limit, at(i * 1000)))).toBe("ok");
    expect(await verdict(checkApiRateLimit(database.db, `k-${kind}`, limit, at(2_500)))).toEqual({
      status: 429,
      retryAfter: 8,
      message: "Too many requests for this API key; retry in 8 s.",
    });
    // Never "retry in 0 s": the last moments of a window round up to 1.
    expect(await verdict(checkApiRateLimit(database.db, `k-${kind}`, limit, at(9_999)))).toMatchObject({ retryAfter: 1 });
    expect(await verdict(checkApiRateLimit(database.db, `other-${kind}`, limit, at(2_500)))).toBe("ok");
    // The next window starts afresh.
    expect(await verdict(checkApiRateLimit(database.db, `k-${kind}`, limit, at(10_000)))).toBe("ok");
  });
});

describe("the merchant API's rate limit shared by two instances", () => {
  const skip = postgresSkipReason();
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase("postgres", { poolSize: 8 });
    second = await openDatabase({ url: database.url!, poolSize: 8, migrate: false });
  });
  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });

  it.skipIf(skip)("counts one key's calls on both against one budget", async () => {
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verdict(checkApiRateLimit(i % 2 ? database.db : second.db, "shared", { max: 10, windowMs: 60_000 }, now)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome !== "ok")).toHaveLength(10);
  });
});

describe("API_RATE_LIMIT", () => {
  it("reads calls per seconds, 100 per 10 s by default", () => {
    expect(parseApiRateLimit("3/60s")).toEqual({ max: 3, windowMs: 60_000 });
    expect(parseApiRateLimit("100/10s")).toEqual(DEFAULT_API_RATE_LIMIT);
    expect(DEFAULT_API_RATE_LIMIT).toEqual({ max: 100, windowMs: 10_000 });
  });
});
