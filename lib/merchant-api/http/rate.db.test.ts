import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../../db/testing/databases";
import { ApiError } from "./errors";
import { checkApiRateLimit, DEFAULT_API_RATE_LIMIT, parseApiRateLimit } from "./rate";

import { setUpTestDatabase, setUpTwoInstances } from "../../testing/database-fixture";

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
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  it.skipIf(skip)("lets max calls through per window, then answers 429 with the seconds left; each key has its own", async () => {
    const start = new Date("2026-11-24T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (let i = 0; i < 3; i++) expect(await verdict(checkApiRateLimit(setup.db, `k-${kind}`, limit, at(i * 1000)))).toBe("ok");
    expect(await verdict(checkApiRateLimit(setup.db, `k-${kind}`, limit, at(2_500)))).toEqual({
      status: 429,
      retryAfter: 8,
      message: "Too many requests for this API key; retry in 8 s.",
    });
    // Never "retry in 0 s": the last moments of a window round up to 1.
    expect(await verdict(checkApiRateLimit(setup.db, `k-${kind}`, limit, at(9_999)))).toMatchObject({ retryAfter: 1 });
    expect(await verdict(checkApiRateLimit(setup.db, `other-${kind}`, limit, at(2_500)))).toBe("ok");
    // The next window starts afresh.
    expect(await verdict(checkApiRateLimit(setup.db, `k-${kind}`, limit, at(10_000)))).toBe("ok");
  });
});

describe("the merchant API's rate limit shared by two instances", () => {
  const setup = setUpTwoInstances({ poolSize: 8 });
  const { skip } = setup;

  it.skipIf(skip)("counts one key's calls on both against one budget", async () => {
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verdict(checkApiRateLimit(i % 2 ? setup.db : setup.second.db, "shared", { max: 10, windowMs: 60_000 }, now)),
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
