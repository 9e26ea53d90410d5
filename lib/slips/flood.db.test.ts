/**
 * Anonymous slip-link traffic against staff work, over real HTTP against the live sandbox with its
 * own 20-per-10-s limit and PayDesk's limiter at the same rate, wired as lib/provider/index.ts
 * does (in memory on PGlite, in the database on Postgres). A flood of well-formed links must not
 * delay a re-check or a create, and a link the provider rejected is not asked about again.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type PaymentApi } from "../provider/client";
import { createMemoryLimiter, createPostgresLimiter } from "../provider/limiter";
import { anonymousShareOf } from "../public/anonymous-calls";
import { createRequest } from "../requests/create";
import { recheckRequest } from "../requests/recheck";
import { openSlipLink, type SlipLink, type SlipLinkCheck } from "./link";
import { payInRequest } from "../requests/contract";
import { scaled } from "@/lib/testing/vitest-project";

const LIMIT = { count: 20, windowMs: 10_000 };
/** PayDesk's default PAYMENT_API_RATE_LIMIT, which the tests run with: the anonymous share is 5 of its 20. */
const SHARE = anonymousShareOf("20/10s")!;
const IN_PARALLEL = 100;
/** Each flooder's pause between hits: a yield to the event loop, so staff I/O can run (a tight loop starves it). */
const FLOOD_PAUSE_MS = 5;
/** How long the flood runs alone first, so the public share is spent before staff start. */
const FLOOD_LEAD_MS = 1_000;
/** Flood answers that must arrive while each staff call is in flight: proof the flood was still on. */
const MIN_ANSWERS_DURING_STAFF_CALL = 20;

describe.each(DATABASE_KINDS)("the slip page under a flood, on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let provider: PaymentApi;
  let merchantRowId: string;
  /** VerifyPayInToken calls that reached the sandbox. */
  const verifyCalls: number[] = [];

  const countingFetch: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes("/action/VerifyPayInToken/")) verifyCalls.push(Date.now());
    return fetch(input, init);
  };
  const newProvider = () =>
    createPaymentApi({
      baseUrl: sb.url,
      timeoutMs: 5_000,
      fetch: countingFetch,
      limiter:
        kind === "pglite"
          ? createMemoryLimiter({ ...LIMIT, maxWaitMs: 30_000 })
          : createPostgresLimiter(database.db, sb.url, { ...LIMIT, maxWaitMs: 30_000 }),
    });

  beforeAll(async () => {
    if (skip) return;
    // The pool PayDesk opens in production (lib/db/client.ts): the flood and staff share it.
    database = await createTestDatabase(kind, { poolSize: 10 });
    sb = await startTestSandbox("live", { rateLimit: LIMIT });
    merchantRowId = (
      await createMerchant(database.db, createKeyVault([randomBytes(32)]), {
        displayName: "Coffee",
        orgId: sb.coffee.orgId,
        merchantId: sb.coffee.merchantId,
        submitKey: sb.coffee.submitKey,
        readKey: sb.coffee.readKey,
      })
    ).id;
    provider = newProvider();
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const merchant = () => provider.forMerchant({ ...sb.coffee, label: "Coffee" });
  const payIn = async () => {
    const created = await createRequest(
      database.db,
      merchant(),
      { kind: "payin", payIn: payInRequest({ refId1: ref("F"), payerName: "สมชาย", amountSatang: 32_500, qrProvider: "PP" }) },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (created.outcome !== "sent") throw new Error(`not sent: ${JSON.stringify(created)}`);
    return created.request;
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    return { result, ms: Date.now() - started };
  };

  it.skipIf(skip)(
    `a flood of anonymous slip-link hits, ${IN_PARALLEL} at a time and still going, leaves a staff re-check and a create within 2 s each`,
    async () => {
      const request = await payIn();
      const [, , orgId, paymentRequestId] = (request.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
      // Bad tokens for a real request: most new, some repeated (the same leaked or guessed link).
      const repeated = Array.from({ length: 5 }, () => randomUUID());
      const linkFor = (i: number): SlipLink => ({
        orgId: orgId!,
        paymentRequestId: paymentRequestId!,
        token: i % 4 === 0 ? repeated[i % 5]! : randomUUID(),
      });
      // Each hit from its own address, so the per-address budgets let every one through.
      const ipFor = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;
      /** Each answer with when it arrived, to show the flood was running while staff worked. */
      const answers: Array<SlipLinkCheck & { ms: number; at: number }> = [];
      let next = 0;
      let stopped = false;
      const floodStarted = Date.now();
      // The flood runs until staff are done (or the test fails), not for a fixed number of hits.
      const flood = Promise.all(
        Array.from({ length: IN_PARALLEL }, async (_, worker) => {
          // Staggered starts, so answers arrive all the time rather than in one batch per pause.
          await new Promise((r) => setTimeout(r, worker % FLOOD_PAUSE_MS));
          while (!stopped) {
            const i = next++;
            const { result, ms } = await timed(() => openSlipLink(database.db, provider, linkFor(i), ipFor(i)));
            answers.push({ ...result, ms, at: Date.now() });
            await new Promise((r) => setTimeout(r, FLOOD_PAUSE_MS));
          }
        }),
      );
      const answeredBetween = (from: number, to: number) => answers.filter((a) => a.at >= from && a.at <= to).length;
      const during = async <T>(work: () => Promise<T>) => {
        const from = Date.now();
        const { result, ms } = await timed(work);
        return { result, ms, floodAnswers: answeredBetween(from, Date.now()) };
      };
      await new Promise((r) => setTimeout(r, FLOOD_LEAD_MS));

      let recheck, create;
      try {
        recheck = await during(() => recheckRequest(database.db, async () => merchant(), { merchantIds: null }, request.id, "usr_staff"));
        create = await during(() => payIn());
      } finally {
        // No new hits; those in flight give up within the queue's 30 s.
        stopped = true;
        await flood;
      }
      const floodMs = Date.now() - floodStarted;
      expect(recheck.result).toMatchObject({ found: true, after: "pending" });
      // Far below the 30 s a call queued behind the flood would wait; scaled, as a loaded machine is slower.
      expect(recheck.ms, `the re-check took ${recheck.ms} ms`).toBeLessThan(scaled(2_000));
      expect(create.result.status).toBe("pending");
      expect(create.ms, `the create took ${create.ms} ms`).toBeLessThan(scaled(2_000));
      // The flood was still on while each staff call was in flight, not over before it began.
      expect(recheck.floodAnswers, "flood answers during the re-check").toBeGreaterThan(MIN_ANSWERS_DURING_STAFF_CALL);
      expect(create.floodAnswers, "flood answers during the create").toBeGreaterThan(MIN_ANSWERS_DURING_STAFF_CALL);
      // Every flood hit was answered, none good; the ones past the share in words ("busy"), without
      // waiting in the provider queue (which would hold them up to its 30 s).
      expect(answers).toHaveLength(next);
      expect(answers.filter((a) => a.ok)).toEqual([]);
      const busy = answers.filter((a) => !a.ok && a.reason === "busy");
      expect(busy.length).toBeGreaterThan(answers.length / 2);
      expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(LIMIT.windowMs);
      // The provider heard at most the public share per window of the flood.
      expect(SHARE).toEqual({ count: 5, windowMs: 10_000 });
      const windows = Math.ceil(floodMs / SHARE.windowMs) + 1;
      expect(verifyCalls.length).toBeLessThanOrEqual(SHARE.count * windows);
    },
    90_000,
  );

  it.skipIf(skip)(
    "a link the provider rejected is refused from memory, by any instance, without asking the provider again",
    async () => {
      const request = await payIn();
      const [, , orgId, paymentRequestId] = (request.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
      const bad: SlipLink = { orgId: orgId!, paymentRequestId: paymentRequestId!, token: randomUUID() };
      // The flood above may have spent this window's share: wait out "busy" answers.
      const open = async (api: PaymentApi, link: SlipLink, ip: string) => {
        const deadline = Date.now() + 25_000;
        for (;;) {
          const answer = await openSlipLink(database.db, api, link, ip);
          if (answer.ok || answer.reason !== "busy" || Date.now() > deadline) return answer;
          await new Promise((r) => setTimeout(r, answer.retryAfterMs ?? 500));
        }
      };
      expect(await open(provider, bad, "203.0.113.9")).toEqual({ ok: false, reason: "invalid" });
      const before = verifyCalls.length;
      // A client as another instance has; rejections are remembered only in the database it shares.
      const otherInstance = newProvider();
      expect(await open(otherInstance, bad, "203.0.113.10")).toEqual({ ok: false, reason: "invalid" });
      expect(await open(otherInstance, { ...bad, token: bad.token.toUpperCase() }, "203.0.113.10")).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(verifyCalls.length).toBe(before);
    },
    90_000,
  );
});
