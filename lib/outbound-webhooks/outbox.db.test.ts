import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboundDeliveries, outboundEvents, paymentRequests, webhookEndpoints } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { applyToRequest } from "../requests/apply";
import type { MerchantApi } from "../provider/client";
import { payOutRequest } from "../requests/contract";
import { createRequest, newRequestId } from "../requests/create";
import { eventTypeFor } from "./events";
import { setUpTestDatabase } from "../testing/database-fixture";
import { testMerchant } from "../merchants/testing/test-merchant";

/**
 * The outbox: a state change and the events it causes commit in one statement (lib/requests/apply.ts),
 * one delivery per endpoint subscribed to the event; nothing for a change that is not news, that is
 * refused, or that no enabled endpoint wants.
 */
describe.each(DATABASE_KINDS)("the outbound outbox on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let merchantId: string;
  let other: string;

  beforeAll(async () => {
    if (skip) return;
    const vault = createKeyVault([randomBytes(32)]);
    const merchant = (n: number) =>
      createMerchant(setup.db, vault, {
        displayName: `M${n}`,
        orgId: "org-a",
        merchantId: `b0c8a7a4-0000-4000-8000-00000000003${n}`,
        submitKey: "submit-key-000000000000",
      });
    merchantId = (await merchant(1)).id;
    other = (await merchant(2)).id;
  });

  let n = 0;
  const endpoint = async (merchant: string, eventTypes: string[], enabled = true) => {
    const id = `we_${kind}_${++n}`;
    await setup.db
      .insert(webhookEndpoints)
      .values({ id, merchantId: merchant, url: "https://shop.example.com/hooks", eventTypes, enabled, secretEncrypted: "sealed" });
    return id;
  };
  const request = async (merchant: string, kindOf: "payin" | "payout", status: string) => {
    const id = newRequestId();
    await setup.db.insert(paymentRequests).values({
      id,
      merchantId: merchant,
      kind: kindOf,
      refId1: `R${randomUUID().slice(0, 8)}`,
      requestedAmount: "150.00",
      generatedAmount: kindOf === "payin" ? "150.37" : null,
      status,
      input: {},
      idempotencyKey: randomUUID(),
      providerId: randomUUID(),
    });
    return id;
  };
  const paid = { type: "provider_status", status: "Paid", statusCode: null, reason: null } as const;
  const eventsOf = (requestId: string) => setup.db.select().from(outboundEvents).where(eq(outboundEvents.requestId, requestId));
  const deliveriesOf = async (eventId: string) =>
    (await setup.db.select().from(outboundDeliveries).where(eq(outboundDeliveries.eventId, eventId))).map((d) => d.endpointId).sort();

  it.skipIf(skip)("writes the event with the row as it now stands, and a delivery for each enabled endpoint that wants it", async () => {
    const wants = await endpoint(merchantId, ["payin.paid", "payin.expired"]);
    const alsoWants = await endpoint(merchantId, ["payin.paid"]);
    await endpoint(merchantId, ["payout.paid"]);
    await endpoint(merchantId, ["payin.paid"], false);
    await endpoint(other, ["payin.paid"]);
    const id = await request(merchantId, "payin", "pending");
    expect(await applyToRequest(setup.db, id, paid, { actor: "webhook" })).toMatchObject({ applied: true, state: "paid" });
    const [event, ...more] = await eventsOf(id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: "payin.paid", merchantId, id: expect.stringMatching(/^evt_[0-9a-f]{24}$/) });
    expect(event!.requestRow).toMatchObject({ id, status: "paid", paid_amount: 150.37, merchant_id: merchantId });
    expect(await deliveriesOf(event!.id)).toEqual([wants, alsoWants].sort());
  });

  it.skipIf(skip)("writes nothing for a change no endpoint wants, for a refused event, or for one that is not news", async () => {
    // A merchant whose only endpoint wants rejections: its payment is not news for anyone.
    const third = await testMerchant(setup.db, { displayName: "M3", merchantId: "b0c8a7a4-0000-4000-8000-000000000033" });
    await endpoint(third, ["payin.rejected"]);
    const quiet = await request(third, "payin", "pending");
    await applyToRequest(setup.db, quiet, paid, { actor: "webhook" });
    expect(await eventsOf(quiet)).toEqual([]);
    const refused = await request(third, "payin", "pending");
    await applyToRequest(
      setup.db,
      refused,
      { type: "provider_status", status: "Rejected", statusCode: "X", reason: null },
      { actor: "webhook" },
    );
    expect((await eventsOf(refused)).map((e) => e.type)).toEqual(["payin.rejected"]);

    const id = await request(merchantId, "payin", "pending");
    await applyToRequest(setup.db, id, paid, { actor: "webhook" });
    // A duplicate webhook (paid again) is ignored: no second event.
    expect(await applyToRequest(setup.db, id, paid, { actor: "webhook" })).toMatchObject({ applied: false });
    expect((await eventsOf(id)).length).toBe(1);
    // Pending → pending (a check that confirms) is not news.
    const pending = await request(merchantId, "payin", "submitting");
    await applyToRequest(setup.db, pending, { type: "submit_accepted", providerStatus: "Pending" }, { actor: "provider" });
    expect(await eventsOf(pending)).toEqual([]);
  });

  it.skipIf(skip)("tells of a pay-out held for approval at create, in the same transaction as the row", async () => {
    await endpoint(merchantId, ["withdrawal.awaiting_approval"]);
    const payOut = payOutRequest({
      refId1: `H${randomUUID().slice(0, 8)}`,
      amountSatang: 9_000_000,
      destination: { type: "promptpay", promptPayId: "0812345678" },
    });
    // A held request never reaches the provider: no client is needed.
    const held = await createRequest(
      setup.db,
      {} as MerchantApi,
      { kind: "withdrawal", payOut },
      {
        merchantRowId: merchantId,
        idempotencyKey: randomUUID(),
        createdBy: null,
        holdForApproval: true,
      },
    );
    expect(held).toMatchObject({ outcome: "held", state: "awaiting_approval" });
    if (held.outcome !== "held") return;
    const [event] = await eventsOf(held.request.id);
    expect(event).toMatchObject({ type: "withdrawal.awaiting_approval" });
    expect(event!.requestRow).toMatchObject({ status: "awaiting_approval", kind: "withdrawal" });
  });

  it.skipIf(skip)("tells a pay-out's approval, payment and refusal under its own names", async () => {
    await endpoint(merchantId, ["payout.approved", "payout.paid", "payout.rejected", "payout.declined"]);
    const held = await request(merchantId, "payout", "awaiting_approval");
    await applyToRequest(setup.db, held, { type: "approval_granted" }, { actor: "usr_approver" });
    await applyToRequest(setup.db, held, { type: "submit_accepted", providerStatus: "Pending" }, { actor: "provider" });
    await applyToRequest(
      setup.db,
      held,
      { type: "provider_status", status: "Approved", statusCode: null, reason: null },
      { actor: "webhook" },
    );
    expect((await eventsOf(held)).map((e) => e.type).sort()).toEqual(["payout.approved", "payout.paid"]);
    const declined = await request(merchantId, "payout", "awaiting_approval");
    await applyToRequest(setup.db, declined, { type: "approval_declined", reason: "not ours" }, { actor: "usr_approver" });
    expect((await eventsOf(declined)).map((e) => e.type)).toEqual(["payout.declined"]);
  });
});

describe("which change is which event", () => {
  it("names the changes merchants are told of, and only those", () => {
    expect(eventTypeFor("payin", "pending", "paid", true)).toBe("payin.paid");
    expect(eventTypeFor("payin_p2p", "pending", "rejected", false)).toBe("payin.rejected");
    expect(eventTypeFor("payin", "pending", "expired", false)).toBe("payin.expired");
    expect(eventTypeFor("payin", "submitting", "pending", false)).toBeNull();
    expect(eventTypeFor("payin", "paid", "paid", false)).toBeNull();
    expect(eventTypeFor("withdrawal", "pending", "approved", true)).toBe("withdrawal.paid");
    expect(eventTypeFor("payout", "pending", "pending", true)).toBe("payout.partially_paid");
    expect(eventTypeFor("payout", "pending", "pending", false)).toBeNull();
    expect(eventTypeFor("payout", "awaiting_approval", "submitting", false)).toBe("payout.approved");
    expect(eventTypeFor("payout", "awaiting_approval", "canceled", false)).toBe("payout.declined");
    expect(eventTypeFor("payout", "unknown", "rejected", false)).toBe("payout.rejected");
    expect(eventTypeFor("payout", "submitting", "unknown", false)).toBeNull();
  });

  it("calls a request that ended paid paid, whichever word the provider used (spec: paid, live: approved)", () => {
    for (const to of ["paid", "approved"] as const) {
      // Paid in one go: the money grew from nothing to all of it, and that is not a partial payment.
      expect(eventTypeFor("payout", "pending", to, true), to).toBe("payout.paid");
      expect(eventTypeFor("withdrawal", "pending", to, true), to).toBe("withdrawal.paid");
      expect(eventTypeFor("payout", "unknown", to, true), to).toBe("payout.paid");
      expect(eventTypeFor("payin", "pending", to, true), to).toBe("payin.paid");
      expect(eventTypeFor("payin_p2p", "pending", to, true), to).toBe("payin.paid");
    }
  });
});
