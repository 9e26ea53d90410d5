/**
 * Anonymous slip-link traffic against staff work, over real HTTP against the live sandbox with its
 * own 20-per-10-s limit and PayDesk's limiter at the same rate, wired as lib/payment-api/index.ts
 * does (in memory on PGlite, in the database on Postgres). A flood of well-formed links must not
 * delay a re-check or a create, and a link the provider rejected is not asked about again.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type PaymentApi } from "../payment-api/client";
import { createMemoryLimiter, createPostgresLimiter } from "../payment-api/limiter";
import { anonymousShareOf } from "../public/anonymous-calls";
import { createRequest } from "../requests/create";
import { recheckRequest } from "../requests/recheck";
import { openSlipLink, type SlipLink, type SlipLinkCheck } from "./link";
import { payInRequest } from "../requests/contract";

const LIMIT = { count: 20, windowMs: 10_000 };
/** PayDesk's default PAYMENT_API_RATE_LIMIT, which the tests run with: the anonymous share is 5 of its 20. */
const SHARE = anonymousShareOf("20/10s")!;
const FLOOD_HITS = 400;
const IN_PARALLEL = 100;

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
      limiter: kind === "pglite" ? createMemoryLimiter({ ...LIMIT, maxWaitMs: 30_000 }) : createPostgresLimiter(database.db, sb.url, { ...LIMIT, maxWaitMs: 30_000 }),
    });

  beforeAll(async () => {
    if (skip) return;
    // The pool PayDesk opens in production (lib/db/client.ts): the flood and staff share it.
    database = await createTestDatabase(kind, { poolSize: 10 });
    sb = await startTestSandbox("live", { rateLimit: LIMIT });
    merchantRowId = (await createMerchant(database.db, createKeyVault([randomBytes(32)]), { displayName: "Coffee", orgId: sb.coffee.orgId, merchantId: sb.coffee.merchantId, submitKey: sb.coffee.submitKey, readKey: sb.coffee.readKey })).id;
    provider = newProvider();
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  const merchant = () => provider.forMerchant({ ...sb.coffee, label: "Coffee" });
  const payIn = async () => {
    const created = await createRequest(database.db, merchant(), { kind: "payin", payIn: payInRequest({ refId1: ref("F"), payerName: "สมชาย", amountSatang: 32_500, qrProvider: "PP" }) }, { merchantRowId, idempotencyKey: randomUUID(), createdBy: null });
    if (created.outcome !== "sent") throw new Error(`not sent: ${JSON.stringify(created)}`);
    return created.request;
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    return { result, ms: Date.now() - started };
  };

  it.skipIf(skip)(
    `${FLOOD_HITS} anonymous slip-link hits, ${IN_PARALLEL} at a time, leave a staff re-check and a create within 2 s`,
    async () => {
      const request = await payIn();
      const [, , orgId, paymentRequestId] = (request.providerResponse as { slipUploadUrl: string }).slipUploadUrl.split("/");
      // Bad tokens for a real request: most new, some repeated (the same leaked or guessed link).
      const repeated = Array.from({ length: 5 }, () => randomUUID());
      const linkFor = (i: number): SlipLink => ({ orgId: orgId!, paymentRequestId: paymentRequestId!, token: i % 4 === 0 ? repeated[i % 5]! : randomUUID() });
      // Each hit from its own address, so the per-address budgets let every one through.
      const ipFor = (i: number) => `198.18.${i >> 8}.${i & 255}`;
      const answers: Array<SlipLinkCheck & { ms: number }> = [];
      let next = 0;
      let stopped = false;
      const floodStarted = Date.now();
      const flood = Promise.all(
        Array.from({ length: IN_PARALLEL }, async () => {
          while (next < FLOOD_HITS && !stopped) {
            const i = next++;
            const { result, ms } = await timed(() => openSlipLink(database.db, provider, linkFor(i), ipFor(i)));
            answers.push({ ...result, ms });
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 500));

      try {
        const recheck = await timed(() => recheckRequest(database.db, async () => merchant(), { merchantIds: null }, request.id, "usr_staff"));
        const create = await timed(() => payIn());
        expect(recheck.result).toMatchObject({ found: true, after: "pending" });
        expect(recheck.ms, `the re-check took ${recheck.ms} ms`).toBeLessThan(2_000);
        expect(create.result.status).toBe("pending");
        expect(create.ms, `the create took ${create.ms} ms`).toBeLessThan(2_000);
      } catch (failure) {
        // No new hits; those in flight give up within the queue's 30 s.
        stopped = true;
        await flood;
        throw failure;
      }
      await flood;
      const floodMs = Date.now() - floodStarted;
      // Every flood hit was answered, none good; the ones past the share in words ("busy"), without
      // waiting in the provider queue (which would hold them up to its 30 s).
      expect(answers).toHaveLength(FLOOD_HITS);
      expect(answers.filter((a) => a.ok)).toEqual([]);
      const busy = answers.filter((a) => !a.ok && a.reason === "busy");
      expect(busy.length).toBeGreaterThan(FLOOD_HITS / 2);
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
      expect(await open(otherInstance, { ...bad, token: bad.token.toUpperCase() }, "203.0.113.10")).toEqual({ ok: false, reason: "invalid" });
      expect(verifyCalls.length).toBe(before);
    },
    90_000,
  );
});
