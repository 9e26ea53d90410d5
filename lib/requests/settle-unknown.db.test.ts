import { scaled } from "@/lib/testing/vitest-project";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payInBody, ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { type MerchantApi } from "../provider/client";
import { CLOCK_SKEW_MS } from "./adopt";
import { createRequest, newRequestId, type RequestRow } from "./create";
import { reconcileRequest } from "./reconcile";
import { payInRequest } from "./contract";
import { coffeeApi } from "../merchants/testing/sandbox-merchant";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

/**
 * An unknown submit always ends (docs/provider-facts.md §3.1, §8.6), against the live profile, which
 * answers a duplicate RefId1 with an empty HTTP 500 as the live provider does. Several requests
 * that could all be the submit's (SUBMIT_UNRESOLVED_AMBIGUOUS) cannot be made there: RefId1 is
 * unique per org, rejected rows included, as at the provider (sandbox/submit.ts); that verdict is
 * tested in ./adopt.test.ts.
 */
describe.each(DATABASE_KINDS)("an unknown submit against the live sandbox, on %s", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "live", { timeoutMs: scaled(10_000), backoffMs: 10 });
  const { skip } = setup;
  const row = async (id: string): Promise<RequestRow> =>
    (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const timeline = (id: string) =>
    setup.db.select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(asc(requestEvents.id));
  const create = async (refId1: string, amountSatang = 45_000, using = setup.api) => {
    const result = await createRequest(
      setup.db,
      using,
      { kind: "payin", payIn: payInRequest({ refId1, payerName: "P", amountSatang, qrProvider: "PP" }) },
      { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
    );
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  const reconcile = (r: RequestRow, options: { graceMs?: number; maxResends?: number; using?: MerchantApi } = {}) =>
    reconcileRequest(setup.db, options.using ?? setup.api, r, {
      providerMerchantId: setup.sb.coffee.merchantId,
      graceMs: options.graceMs ?? 0,
      maxResends: options.maxResends,
    });
  /** A request made at the provider directly (its portal, another system), not by PayDesk. */
  const madeElsewhere = async (refId1: string, amount: number) => {
    const response = await setup.sb.submit("SubmitPayInRequest", setup.sb.coffee, payInBody({ RefId1: refId1, RequestedAmount: amount }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { paymentResponse: { id: string } }).paymentResponse.id;
  };
  const notes = async (id: string) => JSON.stringify((await timeline(id)).map((e) => e.data));

  it.skipIf(skip)("refuses, never adopts, a RefId1 used by a request made outside PayDesk with the same amount", async () => {
    const refId1 = ref("DS");
    const elsewhere = await madeElsewhere(refId1, 450);
    // Earlier than the clock-skew tolerance allows for: it cannot be this submit's.
    await new Promise((resolve) => setTimeout(resolve, CLOCK_SKEW_MS + 200));
    const created = await create(refId1);
    // The live provider's REF_ID1_DUPLICATE is an empty HTTP 500: the outcome is unknown.
    expect(created.status).toBe("unknown");
    expect(await reconcile(created)).toMatchObject({ state: "rejected", changed: true });
    const settled = await row(created.id);
    expect(settled).toMatchObject({
      status: "rejected",
      statusCode: "REF_ID1_USED_AT_PROVIDER",
      providerId: null,
      generatedAmount: null,
      providerResponse: null,
      nextCheckAt: null,
    });
    expect(settled).toMatchObject({ statusReason: null, statusFacts: { note: "ref_id1_taken", refId1 } });
    const refusal = (await timeline(created.id)).find((e) => e.type === "submit_rejected");
    expect(refusal?.data).toMatchObject({
      code: "REF_ID1_USED_AT_PROVIDER",
      found: [{ providerId: elsewhere, requestedAmount: "450.00", notOurs: "created_before" }],
    });
  });

  it.skipIf(skip)(
    "never adopts a request made elsewhere just before its submit: a person decides, with the candidate on record",
    async () => {
      const refId1 = ref("DJ");
      // Made at the provider a moment before PayDesk's send, with the same RefId1, amount and payer (the
      // live provider drops PayerName): PayDesk's submit is refused with an empty 500, and the one request
      // found cannot be told apart from one PayDesk's submit could have made behind a slow provider clock.
      const elsewhere = await madeElsewhere(refId1, 450);
      const created = await create(refId1);
      expect(created.status).toBe("unknown");
      expect(await reconcile(created)).toMatchObject({ state: "needs_review", changed: true });
      expect(await row(created.id)).toMatchObject({
        status: "needs_review",
        statusCode: "SUBMIT_UNRESOLVED_AMBIGUOUS",
        providerId: null,
        nextCheckAt: null,
      });
      expect((await timeline(created.id)).find((e) => e.type === "submit_unresolved")?.data).toMatchObject({
        found: [{ providerId: elsewhere, requestedAmount: "450.00", notOurs: null, undecidable: true }],
      });
      // A staff re-check learns nothing new and still adopts nothing.
      expect(await reconcile(await row(created.id))).toMatchObject({ state: "needs_review", changed: false });
      expect(await row(created.id)).toMatchObject({ providerId: null });
    },
  );

  it.skipIf(skip)("refuses a RefId1 the provider holds under another amount, without resending or claiming it has none", async () => {
    const refId1 = ref("DA");
    await madeElsewhere(refId1, 999);
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    expect(await reconcile(created)).toMatchObject({ state: "rejected" });
    expect(await row(created.id)).toMatchObject({ statusCode: "REF_ID1_USED_AT_PROVIDER", providerId: null });
    const entries = await timeline(created.id);
    expect(entries.map((e) => e.type)).not.toContain("resent");
    expect(await notes(created.id)).not.toContain("no_such_ref_id1");
    expect(entries.find((e) => e.type === "submit_rejected")?.data).toMatchObject({
      found: [{ requestedAmount: "999.00", notOurs: "other_amount" }],
    });
  });

  it.skipIf(skip)("does not adopt a provider request another PayDesk row already holds", async () => {
    const refId1 = ref("DL");
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "http500", when: "before", match: { refId1 } });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    // After this submit was sent, a request with the same RefId1, amount and payer appears at the
    // provider — indistinguishable from this one's, except that another row already holds it.
    const elsewhere = await madeElsewhere(refId1, 450);
    const holder = newRequestId();
    await setup.db.insert(paymentRequests).values({
      id: holder,
      merchantId: setup.merchantRowId,
      kind: "payin",
      refId1: ref("HOLD"),
      requestedAmount: "450.00",
      status: "pending",
      input: {},
      idempotencyKey: holder,
      providerId: elsewhere,
    });
    expect(await reconcile(created)).toMatchObject({ state: "rejected" });
    expect(await row(created.id)).toMatchObject({ statusCode: "REF_ID1_USED_AT_PROVIDER", providerId: null });
    // The database backs it up: no second row may hold that provider request.
    await expect(
      setup.db.update(paymentRequests).set({ providerId: elsewhere }).where(eq(paymentRequests.id, created.id)),
    ).rejects.toThrow();
  });

  it.skipIf(skip)("still adopts what its own submit created, even when the answer was lost after", async () => {
    const refId1 = ref("DO");
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "http500", when: "after", match: { refId1 } });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    expect(await reconcile(created)).toMatchObject({ state: "pending", changed: true });
    const [atProvider] = (await setup.sb.control<{ id: string }[]>("GET", `/requests?refId1=${refId1}`)).body;
    expect(await row(created.id)).toMatchObject({ status: "pending", providerId: atProvider!.id, statusCode: null });
  });

  it.skipIf(skip)("leaves to a person, and stops polling, a submit the provider never shows after every resend", async () => {
    const refId1 = ref("DN");
    await setup.sb.control("POST", "/faults", {
      operation: "SubmitPayInRequest",
      kind: "http500",
      when: "before",
      count: 5,
      match: { refId1 },
    });
    const created = await create(refId1);
    expect(await reconcile(created, { maxResends: 1 })).toMatchObject({ state: "unknown" }); // resent, lost again
    expect(await reconcile(await row(created.id), { maxResends: 1 })).toMatchObject({ state: "needs_review", changed: true });
    const left = await row(created.id);
    expect(left).toMatchObject({ status: "needs_review", statusCode: "SUBMIT_UNRESOLVED_NOT_FOUND", nextCheckAt: null });
    expect((await timeline(created.id)).filter((e) => e.type === "resent")).toHaveLength(1);
    // Staff's "Re-check now" still looks it up, and sends nothing by itself.
    expect(await reconcile(left, { maxResends: 1 })).toMatchObject({ state: "needs_review", changed: false, note: { note: "still_none" } });
    expect((await setup.sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body).toHaveLength(0);
    await setup.sb.control("DELETE", "/faults");
  });

  it.skipIf(skip)("leaves to a person a submit PayDesk cannot look up (no read key), instead of checking forever", async () => {
    const refId1 = ref("DK");
    const withoutReadKey = coffeeApi(setup.sb, { timeoutMs: scaled(10_000), backoffMs: 10, readKey: null });
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "http500", when: "after", match: { refId1 } });
    const created = await create(refId1, 45_000, withoutReadKey);
    expect(created.status).toBe("unknown");
    expect(await reconcile(created, { using: withoutReadKey })).toMatchObject({ state: "needs_review", changed: true });
    expect(await row(created.id)).toMatchObject({ statusCode: "SUBMIT_UNRESOLVED_NO_LOOKUP", nextCheckAt: null });
    // Once a read key is there, a staff re-check settles it onto the request its submit made.
    expect(await reconcile(await row(created.id))).toMatchObject({ state: "pending", changed: true });
    expect(await row(created.id)).toMatchObject({ status: "pending", statusCode: null, statusReason: null });
  });

  it.skipIf(skip)("leaves to a person a submit whose look-up has failed for more than a day, and keeps trying before that", async () => {
    const refId1 = ref("DF");
    await setup.sb.control("POST", "/faults", { operation: "SubmitPayInRequest", kind: "http500", when: "after", match: { refId1 } });
    const created = await create(refId1);
    expect(created.status).toBe("unknown");
    expect(created.submittedAt).not.toBeNull();
    // The provider answers every look-up with an empty 500 (an outage; list calls cannot be scoped): not a missing key, so PayDesk waits.
    const { body: outage } = await setup.sb.control<{ id: string }>("POST", "/faults", {
      operation: "GetPaymentRequests",
      kind: "http500",
      count: 1_000,
    });
    try {
      expect(await reconcile(created)).toMatchObject({ state: "unknown", changed: false });
      expect((await row(created.id)).nextCheckAt).not.toBeNull();
      // Sent more than 24 hours ago and still no look-up: a person is asked, and polling stops.
      await setup.db
        .update(paymentRequests)
        .set({ submittedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(paymentRequests.id, created.id));
      expect(await reconcile(await row(created.id))).toMatchObject({ state: "needs_review", changed: true });
      const left = await row(created.id);
      expect(left).toMatchObject({
        status: "needs_review",
        statusCode: "SUBMIT_UNRESOLVED_NO_LOOKUP",
        nextCheckAt: null,
        providerId: null,
      });
      // What went wrong is kept, as facts, for the person: the provider failing to answer.
      expect(left.statusFacts).toMatchObject({ kind: "provider_error" });
    } finally {
      await setup.sb.control("DELETE", `/faults/${outage.id}`);
    }
    // The provider answers again: a staff re-check settles it onto the request its submit made.
    expect(await reconcile(await row(created.id))).toMatchObject({ state: "pending", changed: true });
    const [atProvider] = (await setup.sb.control<{ id: string }[]>("GET", `/requests?refId1=${refId1}`)).body;
    expect(await row(created.id)).toMatchObject({ status: "pending", providerId: atProvider!.id, statusCode: null });
  });
});
