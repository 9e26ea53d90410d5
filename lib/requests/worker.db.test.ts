import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { openDatabase, type Database } from "../db/client";
import { paymentRequests, requestEvents } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { type MerchantApi } from "../provider/client";
import { createRequest } from "./create";
import { reconcileDue, type WorkerOptions } from "./worker";
import { payInRequest } from "./contract";
import { coffeeApi } from "../merchants/testing/sandbox-merchant";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe.each(DATABASE_KINDS)("reconciliation worker on %s", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "live", { timeoutMs: 600, backoffMs: 10 });
  const { skip } = setup;
  let second: Database | null = null;
  /** The worker's reads: patient, so a loaded machine makes them slow, not failed. Submits keep the short timeout the faults rely on. */
  let patientApi: MerchantApi;
  const logged: string[] = [];

  beforeAll(async () => {
    if (skip) return;
    if (setup.database.url) second = await openDatabase({ url: setup.database.url, migrate: false, poolSize: 3 });
    patientApi = coffeeApi(setup.sb, { timeoutMs: 10_000, backoffMs: 10 });
  });
  afterAll(async () => second?.close());

  const worker = (db = setup.db): WorkerOptions => ({ db, apiFor: async () => patientApi, log: (line) => logged.push(line) });
  const makeDue = (ids: string[]) =>
    setup.db
      .update(paymentRequests)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(inArray(paymentRequests.id, ids));
  const create = async (refId1: string, amountSatang = 30_000) => {
    const r = await createRequest(
      setup.db,
      setup.api,
      { kind: "payin", payIn: payInRequest({ refId1, payerName: "P", amountSatang, qrProvider: "PP" }) },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (r.outcome !== "sent") throw new Error(r.outcome);
    return r.request;
  };

  it.skipIf(skip)("settles lost answers by itself, each request checked once even with two instances leasing", async () => {
    const refs = [ref("W1"), ref("W2"), ref("W3"), ref("W4")];
    for (const refId1 of refs)
      await setup.sb.control("POST", "/faults", {
        operation: "SubmitPayInRequest",
        kind: "timeout",
        when: "after",
        delayMs: 1_500,
        match: { refId1 },
      });
    const rows = await Promise.all(refs.map((refId1) => create(refId1)));
    expect(rows.map((r) => r.status)).toEqual(["unknown", "unknown", "unknown", "unknown"]);
    await makeDue(rows.map((r) => r.id));
    const passes = await Promise.all([reconcileDue(worker()), reconcileDue(worker(second?.db ?? setup.db))]);
    expect(passes[0] + passes[1]).toBe(4);
    const after = await setup.db
      .select()
      .from(paymentRequests)
      .where(
        inArray(
          paymentRequests.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after.map((r) => r.status)).toEqual(["pending", "pending", "pending", "pending"]);
    expect(after.every((r) => r.leaseUntil === null && r.nextCheckAt !== null)).toBe(true);
    const settled = await setup.db
      .select()
      .from(requestEvents)
      .where(
        and(
          inArray(
            requestEvents.requestId,
            rows.map((r) => r.id),
          ),
          eq(requestEvents.actor, "reconcile"),
        ),
      );
    expect(settled).toHaveLength(4);
  });

  it.skipIf(skip)("learns a payment no webhook announced, and stops checking once it is terminal", async () => {
    // A baht amount no other request here has: the live profile keeps the baht and randomises the
    // satang, and two pending requests with the same amount match neither (docs/provider-facts.md §5.1).
    const row = await create(ref("WP"), 77_700);
    expect((await setup.sb.control<{ matched: boolean }>("POST", `/requests/${row.providerId}/pay`, {})).body.matched).toBe(true);
    await makeDue([row.id]);
    expect(await reconcileDue(worker())).toBeGreaterThanOrEqual(1);
    const [after] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(after, logged.join("\n")).toMatchObject({ status: "paid", nextCheckAt: null });
  });

  it.skipIf(skip)("backs off when nothing changed", async () => {
    const row = await create(ref("WB"));
    await makeDue([row.id]);
    await reconcileDue(worker());
    const [after] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.id));
    expect(after?.status).toBe("pending");
    expect(after?.checkCount).toBe(1);
    expect(after!.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
  });
});
