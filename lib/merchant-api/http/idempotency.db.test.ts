import { describe, expect, it } from "vitest";
import { apiIdempotency } from "../../db/schema";
import { DATABASE_KINDS } from "../../db/testing/databases";
import { LANE_WAIT_MS } from "../../provider/limiter";
import { ApiError } from "./errors";
import {
  canonicalJson,
  checkIdempotencyKey,
  fingerprintOf,
  IDEMPOTENCY_WINDOW_MS,
  LOCK_MS,
  refusalOf,
  sweepIdempotency,
  withIdempotency,
} from "./idempotency";

import { setUpTestDatabase, setUpTwoInstances } from "../../testing/database-fixture";

describe.each(DATABASE_KINDS)("Idempotency-Key on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  let n = 0;
  const fresh = () => `key-${kind}-${++n}`;
  const body = fingerprintOf("POST", "/api/v1/checkouts", { amount: "150.00" });
  const other = fingerprintOf("POST", "/api/v1/checkouts", { amount: "151.00" });

  it.skipIf(skip)("answers the same request again from the store, without running it again", async () => {
    const key = fresh();
    let runs = 0;
    const run = async () => ({ status: 201, body: { id: `req_${++runs}` } });
    const first = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, run);
    const again = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, run);
    expect(first).toEqual({ replayed: false, answer: { status: 201, body: { id: "req_1" } } });
    expect(again).toEqual({ replayed: true, answer: { status: 201, body: { id: "req_1" } } });
    expect(runs).toBe(1);
    // Keys belong to one API key: another key's same string is its own.
    expect(await withIdempotency(setup.db, { keyId: "k2", idempotencyKey: key, fingerprint: body }, run)).toMatchObject({
      replayed: false,
    });
  });

  it.skipIf(skip)("refuses the same key with another request (422), and while the first still runs (409)", async () => {
    const key = fresh();
    await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({ status: 201, body: {} }));
    await expect(
      withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: other }, async () => ({ status: 201, body: {} })),
    ).rejects.toMatchObject({
      status: 422,
      fields: { code: "idempotency_key_reused" },
    });

    const slow = fresh();
    let release!: () => void;
    const running = withIdempotency(setup.db, { keyId: "k1", idempotencyKey: slow, fingerprint: body }, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 201, body: { id: "slow" } };
    });
    await expect.poll(() => release !== undefined).toBe(true);
    await expect(
      withIdempotency(setup.db, { keyId: "k1", idempotencyKey: slow, fingerprint: body }, async () => ({ status: 201, body: {} })),
    ).rejects.toMatchObject({
      status: 409,
      fields: { code: "idempotency_key_in_use", retryAfterSeconds: 2 },
    });
    release();
    expect((await running).answer.body).toEqual({ id: "slow" });
  });

  it.skipIf(skip)("runs once when 50 calls with one key arrive together", async () => {
    const key = fresh();
    let runs = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { status: 201, body: { id: "once" } };
        }),
      ),
    );
    expect(runs).toBe(1);
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") expect(outcome.value.answer.body).toEqual({ id: "once" });
      else expect(outcome.reason).toMatchObject({ status: 409 });
    }
  });

  it.skipIf(skip)("answers 409 or runs again, never a 500, when 50 calls arrive together and the first one fails", async () => {
    // A call that lost the claim to one whose run failed and let it go, before it could read the
    // claim, claims again rather than find nothing to answer with.
    for (let round = 0; round < 5; round++) {
      const key = fresh();
      const boom = new Error("provider went away");
      let runs = 0;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => {
            runs++;
            throw boom;
          }),
        ),
      );
      expect(runs).toBeGreaterThanOrEqual(1);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        const reason = (outcome as PromiseRejectedResult).reason as unknown;
        if (reason !== boom) expect(reason).toMatchObject({ status: 409, fields: { code: "idempotency_key_in_use" } });
      }
      expect(outcomes.filter((outcome) => (outcome as PromiseRejectedResult).reason === boom)).toHaveLength(runs);
    }
  });

  it.skipIf(skip)("keeps the answer of the call that took a lapsed claim over, not the late one of the call it lapsed under", async () => {
    const key = fresh();
    let release!: () => void;
    // A call whose claim lapsed while it still ran (started LOCK_MS ago).
    const late = withIdempotency(
      setup.db,
      { keyId: "k1", idempotencyKey: key, fingerprint: body, now: new Date(Date.now() - LOCK_MS - 1_000) },
      async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 201, body: { id: "late" } };
      },
    );
    await expect.poll(() => release !== undefined).toBe(true);
    const takeover = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
      status: 201,
      body: { id: "took over" },
    }));
    expect(takeover).toEqual({ replayed: false, answer: { status: 201, body: { id: "took over" } } });
    release();
    expect((await late).answer.body).toEqual({ id: "late" });
    const replay = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
      status: 201,
      body: {},
    }));
    expect(replay).toEqual({ replayed: true, answer: { status: 201, body: { id: "took over" } } });
  });

  it.skipIf(skip)(
    "lets a failed or 5xx first call go, so a retry runs; keeps a 4xx refusal of a request that ran as the answer",
    async () => {
      const key = fresh();
      await expect(
        withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => {
          throw new Error("database went away");
        }),
      ).rejects.toThrow(/went away/);
      const unavailable = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
        status: 503,
        body: {},
      }));
      expect(unavailable).toMatchObject({ replayed: false, answer: { status: 503 } });
      expect(
        await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
          status: 201,
          body: { id: "third" },
        })),
      ).toMatchObject({
        replayed: false,
      });

      // The provider refused it: PayDesk recorded the request, so the refusal is its answer.
      const refused = fresh();
      const refusal = new ApiError(422, {
        type: "provider_error",
        code: "AMOUNT_TOO_HIGH",
        message: "The provider refused this request.",
        paymentRequest: "req_refused",
      });
      await expect(
        withIdempotency(setup.db, { keyId: "k1", idempotencyKey: refused, fingerprint: body }, async () => {
          throw refusal;
        }),
      ).rejects.toBe(refusal);
      const replay = await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: refused, fingerprint: body }, async () => ({
        status: 201,
        body: {},
      }));
      expect(replay.replayed).toBe(true);
      expect(refusalOf(replay.answer)).toMatchObject({ status: 422, fields: { code: "AMOUNT_TOO_HIGH", paymentRequest: "req_refused" } });
    },
  );

  it.skipIf(skip)(
    "keeps nothing for a request refused before it ran (validation): the corrected request may use the same key",
    async () => {
      const key = fresh();
      const invalid = new ApiError(400, {
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "amount",
        message: "amount: bad",
      });
      await expect(
        withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: other }, async () => {
          throw invalid;
        }),
      ).rejects.toBe(invalid);
      expect(await setup.db.select().from(apiIdempotency)).not.toContainEqual(expect.objectContaining({ idempotencyKey: key }));
      // The corrected body (another fingerprint) under the same key runs, and its answer is kept.
      expect(
        await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
          status: 201,
          body: { id: "corrected" },
        })),
      ).toEqual({ replayed: false, answer: { status: 201, body: { id: "corrected" } } });
      expect(
        await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body }, async () => ({
          status: 201,
          body: {},
        })),
      ).toEqual({ replayed: true, answer: { status: 201, body: { id: "corrected" } } });
    },
  );

  it.skipIf(skip)("forgets an answer after 24 hours, and takes over a claim whose instance died", async () => {
    const key = fresh();
    const then = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1_000);
    await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: body, now: then }, async () => ({
      status: 201,
      body: { id: "old" },
    }));
    expect(
      await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: key, fingerprint: other }, async () => ({
        status: 201,
        body: { id: "new" },
      })),
    ).toEqual({
      replayed: false,
      answer: { status: 201, body: { id: "new" } },
    });

    const stuck = fresh();
    // A claim made LOCK_MS ago by an instance that never finished.
    await setup.db.insert(apiIdempotency).values({
      keyId: "k1",
      idempotencyKey: stuck,
      fingerprint: body,
      lockedUntil: new Date(Date.now() - 1),
      createdAt: new Date(Date.now() - LOCK_MS),
    });
    expect(
      await withIdempotency(setup.db, { keyId: "k1", idempotencyKey: stuck, fingerprint: body }, async () => ({
        status: 201,
        body: { id: "taken over" },
      })),
    ).toMatchObject({
      replayed: false,
    });

    await sweepIdempotency(setup.db, new Date(Date.now() + IDEMPOTENCY_WINDOW_MS + 60_000));
    expect(await setup.db.select().from(apiIdempotency)).toEqual([]);
  });
});

describe("Idempotency-Key shared by two instances", () => {
  const setup = setUpTwoInstances({ poolSize: 8 });
  const { skip } = setup;

  it.skipIf(skip)("runs once when the same call reaches both", async () => {
    let runs = 0;
    const fingerprint = fingerprintOf("POST", "/api/v1/payouts", {});
    const call = (db: typeof setup.second.db) =>
      withIdempotency(db, { keyId: "k1", idempotencyKey: "shared", fingerprint }, async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 201, body: { id: "one" } };
      }).catch((error: ApiError) => error.status);
    await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? setup.db : setup.second.db)));
    expect(runs).toBe(1);
    expect(await call(setup.second.db)).toMatchObject({ replayed: true, answer: { body: { id: "one" } } });
  });
});

describe("an Idempotency-Key's own rules", () => {
  it("compares the request's parameters, not its bytes: keys in another order are the same request", () => {
    const path = "/api/v1/checkouts";
    const a = fingerprintOf("POST", path, JSON.parse('{"amount":"150.00","payer":{"name":"A","email":"a@example.com"},"tags":[1,2]}'));
    const b = fingerprintOf(
      "POST",
      path,
      JSON.parse('{ "tags": [1, 2], "payer": {"email":"a@example.com", "name":"A"}, "amount": "150.00" }'),
    );
    expect(b).toBe(a);
    expect(
      fingerprintOf("POST", path, JSON.parse('{"amount":"150.00","payer":{"name":"A","email":"a@example.com"},"tags":[2,1]}')),
    ).not.toBe(a);
    expect(fingerprintOf("POST", path, { amount: "150.01" })).not.toBe(fingerprintOf("POST", path, { amount: "150.00" }));
    expect(fingerprintOf("POST", "/api/v1/payouts", { amount: "150.00" })).not.toBe(fingerprintOf("POST", path, { amount: "150.00" }));
    expect(canonicalJson({ b: 1, a: { d: null, c: "x" } })).toBe('{"a":{"c":"x","d":null},"b":1}');
  });

  it("keeps a claim longer than a merchant API call may take (lane wait + the longest provider timeout, twice over)", () => {
    // PAYMENT_API_TIMEOUT_MS may be set up to 120 s (lib/env.ts); a claim lapsing under a running
    // call would let a retry send the request to the provider again.
    expect(LOCK_MS).toBeGreaterThanOrEqual(2 * (LANE_WAIT_MS.merchant_api + 120_000));
  });

  it("takes 1 to 255 visible ASCII characters, and names the header otherwise", () => {
    expect(checkIdempotencyKey("3f0c9a7e-2b1d-4c59-9d8e-0f6a5b4c3d2e")).toBe("3f0c9a7e-2b1d-4c59-9d8e-0f6a5b4c3d2e");
    for (const bad of ["", "a".repeat(256), "has space", "ไทย"]) {
      expect(() => checkIdempotencyKey(bad)).toThrow(ApiError);
    }
  });
});
