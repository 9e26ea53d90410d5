/**
 * The slip page's per-address budget is spent before anything else is answered: while the public
 * share of the provider budget is spent, the page says "busy" from memory (no database work, so a
 * flood costs nothing there), and those answers must count against the address too, or one client
 * could make the server render them without end.
 * Real database (PGlite and Postgres), the live sandbox behind the provider client.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createPaymentApi, type PaymentApi } from "../provider/client";
import { createMemoryLimiter } from "../provider/limiter";
import { anonymousShareKnownSpent, takeAnonymousCall } from "../public/anonymous-calls";
import { openSlipLink, SLIP_LIMITS, type SlipLinkCheck } from "./link";

describe.each(DATABASE_KINDS)("the slip page's per-address budget, on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let provider: PaymentApi;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox("live");
    provider = createPaymentApi({
      baseUrl: sb.url,
      timeoutMs: 5_000,
      limiter: createMemoryLimiter({ count: 20, windowMs: 10_000, maxWaitMs: 1_000 }),
    });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  /** Spends whatever is left of the public share, so the next hit is "busy" from memory. */
  const spendTheShare = async () => {
    while (anonymousShareKnownSpent(database.db).ok) {
      if (!(await takeAnonymousCall(database.db)).ok) break;
    }
  };

  it.skipIf(skip)("counts the hits answered 'busy' against the address, and refuses the one past its budget", async () => {
    const link = { orgId: sb.coffee.orgId, paymentRequestId: randomUUID(), token: randomUUID() };
    // Addresses of this test alone (the count is per process, and both databases' runs share it).
    const [ip, other] = kind === "pglite" ? ["192.0.2.61", "192.0.2.62"] : ["192.0.2.71", "192.0.2.72"];
    const answers: SlipLinkCheck[] = [];
    for (let hit = 0; hit <= SLIP_LIMITS.pageByIp.max; hit++) {
      await spendTheShare();
      answers.push(await openSlipLink(database.db, provider, link, ip));
    }
    // Every hit within the budget was "busy" (the share stayed spent throughout)…
    expect(answers.slice(0, SLIP_LIMITS.pageByIp.max).every((a) => !a.ok && a.reason === "busy")).toBe(true);
    // …and the one past it is refused for the address, not rendered again.
    expect(answers.at(-1)).toMatchObject({ ok: false, reason: "rate_limited" });
    // Another address still gets its own answer.
    await spendTheShare();
    expect(await openSlipLink(database.db, provider, link, other)).toMatchObject({ ok: false, reason: "busy" });
  });
});
