import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createRequest } from "./create";
import { messageKey } from "./form-messages";
import { factWords } from "./notes";
import { payInRequest, payOutRequest } from "./contract";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe.each(DATABASE_KINDS)("create flow on %s", (kind) => {
  // 2 s: a first submit on a loaded machine can take most of a second; the lost-answer test's fault holds 6 s.
  const setup = setUpSandboxWithCoffee(kind, "spec", { timeoutMs: 2_000 });
  const { skip } = setup;

  const payIn = (refId1 = ref("K")) => ({
    kind: "payin" as const,
    payIn: payInRequest({ refId1, payerName: "สมชาย", amountSatang: 32_550, qrProvider: "PP" as const }),
  });
  const opts = (idempotencyKey = randomUUID()) => ({ merchantRowId: setup.merchantRowId, idempotencyKey, createdBy: null });
  const atProvider = async (refId1: string) => (await setup.sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;

  it.skipIf(skip)("records, sends and stores the provider's answer, with a timeline", async () => {
    const payload = payIn();
    const result = await createRequest(setup.db, setup.api, payload, opts());
    expect(result).toMatchObject({ outcome: "sent", state: "pending" });
    if (result.outcome !== "sent") return;
    expect(result.request.providerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.request.generatedAmount).toMatch(/^325\.\d\d$/);
    expect(result.request.expireAt).toBeInstanceOf(Date);
    const events = await setup.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, result.request.id))
      .orderBy(asc(requestEvents.id));
    expect(events.map((e) => e.type)).toEqual(["created", "submit_accepted"]);
  });

  it.skipIf(skip)("a double click or retried form with the same key creates one request, here and at the provider", async () => {
    const payload = payIn();
    const options = opts();
    const results = await Promise.all([
      createRequest(setup.db, setup.api, payload, options),
      createRequest(setup.db, setup.api, payload, options),
      createRequest(setup.db, setup.api, payload, options),
    ]);
    expect(results.filter((r) => r.outcome === "sent")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "existing")).toHaveLength(2);
    expect(await atProvider(payload.payIn.refId1)).toBe(1);
    const again = await createRequest(setup.db, setup.api, payload, options);
    expect(again.outcome).toBe("existing");
    expect(await atProvider(payload.payIn.refId1)).toBe(1);
  });

  it.skipIf(skip)("refuses a RefId1 this merchant already used, before calling the provider", async () => {
    const payload = payIn();
    await createRequest(setup.db, setup.api, payload, opts());
    expect(await createRequest(setup.db, setup.api, payload, opts())).toMatchObject({
      outcome: "invalid",
      fieldErrors: { refId1: [messageKey("refId1Taken")] },
    });
  });

  it.skipIf(skip)("keeps the provider's rejection with its code", async () => {
    const result = await createRequest(setup.db, setup.api, { kind: "payin", payIn: { ...payIn().payIn, amountSatang: 100 } }, opts());
    expect(result).toMatchObject({ outcome: "sent", state: "rejected", request: { statusCode: "ERROR_VALUE_NOT_IN_RANGE" } });
  });

  it.skipIf(skip)("marks a lost answer unknown, never resending by itself", async () => {
    const payload = payIn();
    await setup.sb.control("POST", "/faults", {
      operation: "SubmitPayInRequest",
      kind: "timeout",
      when: "after",
      delayMs: 6_000,
      match: { refId1: payload.payIn.refId1 },
    });
    const result = await createRequest(setup.db, setup.api, payload, opts());
    expect(result).toMatchObject({ outcome: "sent", state: "unknown" });
    if (result.outcome === "sent") expect(result.reason && factWords(result.reason, "en")).toMatch(/may or may not have been created/);
    expect(await atProvider(payload.payIn.refId1)).toBe(1);
  });

  it.skipIf(skip)("holds a pay-out for approval without sending it", async () => {
    const refId1 = ref("H");
    const result = await createRequest(
      setup.db,
      setup.api,
      {
        kind: "payout",
        payOut: payOutRequest({ refId1, amountSatang: 10_000_000, destination: { type: "promptpay", promptPayId: "0812345678" } }),
      },
      { ...opts(), holdForApproval: true },
    );
    expect(result).toMatchObject({ outcome: "held", request: { status: "awaiting_approval" } });
    expect(await atProvider(refId1)).toBe(0);
    const [row] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.refId1, refId1));
    expect(row?.input).toMatchObject({ destination: { type: "promptpay", promptPayId: "0812345678" } });
  });
});
