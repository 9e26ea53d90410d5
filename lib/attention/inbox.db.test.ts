import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentRequests, slips, staffUsers, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { attentionCount, attentionInbox, kindsFor, type Viewer } from "./inbox";
import { insertPlaceholderMerchants, setUpTestDatabase } from "../testing/database-fixture";

const NOW = new Date("2026-11-28T06:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe("needs attention: what waits for a person, and only while it waits", () => {
  const setup = setUpTestDatabase("pglite");
  const viewer = (role: string, merchantIds: string[] | null = null): Viewer => ({ role, userId: "usr_fin", merchantIds });
  const kindsAndIds = async (v: Viewer) =>
    Object.fromEntries((await attentionInbox(setup.db, v, NOW)).map((g) => [g.kind, g.items.map((i) => i.id).sort()]));

  beforeAll(async () => {
    await insertPlaceholderMerchants(setup.db, ["mer_a", "mer_b"]);
    await setup.db.insert(staffUsers).values({ id: "usr_fin", email: "fin@shop", name: "Fin", passwordHash: "x", role: "finance" });
    const request = (id: string, over: Partial<typeof paymentRequests.$inferInsert>) => ({
      id,
      merchantId: "mer_a",
      kind: "payout" as const,
      refId1: id.toUpperCase(),
      requestedAmount: "60000.00",
      status: "pending",
      input: {},
      idempotencyKey: id,
      createdAt: ago(2),
      updatedAt: ago(1),
      ...over,
    });
    await setup.db
      .insert(paymentRequests)
      .values([
        request("req_held_other", { status: "awaiting_approval", createdBy: null }),
        request("req_held_b", { status: "awaiting_approval", merchantId: "mer_b" }),
        request("req_review", { kind: "payin", status: "needs_review", statusCode: "ERR_SOMETHING" }),
        request("req_out_refused", { status: "rejected", providerResponse: { status: "Rejected" }, statusReason: "Account closed" }),
        request("req_out_refused_old", { status: "rejected", providerResponse: { status: "Rejected" }, updatedAt: ago(8 * 24) }),
        request("req_out_refused_at_submit", { status: "rejected", providerResponse: null }),
        request("req_slip", { kind: "payin", status: "pending", requestedAmount: "150.00", generatedAmount: "150.37" }),
        request("req_slip_paid", { kind: "payin", status: "paid" }),
        request("req_slip_late", { kind: "payin", status: "expired" }),
        request("req_slip_decided", { kind: "payin", status: "pending" }),
      ]);
    const image = new Uint8Array([1, 2, 3]);
    const slip = (id: string, requestId: string, at: Date) => ({
      id,
      requestId,
      merchantId: "mer_a",
      createdAt: at,
      image,
      imageType: "image/jpeg",
      thumbnail: image,
      thumbnailType: "image/jpeg",
      byteSize: image.length,
    });
    await setup.db
      .insert(slips)
      .values([
        slip("slp_1", "req_slip", ago(3)),
        slip("slp_2", "req_slip", ago(1)),
        slip("slp_3", "req_slip_paid", ago(1)),
        slip("slp_4", "req_slip_late", ago(2)),
        { ...slip("slp_5", "req_slip_decided", ago(1)), decision: "matches", decidedAt: ago(1) },
      ]);
    await setup.db.insert(webhookEndpoints).values([
      {
        id: "we_failing",
        merchantId: "mer_a",
        url: "https://shop.example/hooks",
        eventTypes: ["*"],
        secretEncrypted: "v1:x",
        failingSince: ago(5),
      },
      { id: "we_fine", merchantId: "mer_a", url: "https://shop.example/ok", eventTypes: ["*"], secretEncrypted: "v1:x" },
    ]);
    await setup.db.insert(webhookDeliveries).values([
      { merchantId: "mer_a", verdict: "unmatched_money", event: "Payment.Success", rawBody: "{}", receivedAt: ago(2) },
      { merchantId: "mer_a", verdict: "unmatched_money", event: "Payment.Success", rawBody: "{}", receivedAt: ago(30) },
      { merchantId: "mer_a", verdict: "applied", event: "Payment.Success", rawBody: "{}", receivedAt: ago(1) },
    ]);
  });

  it("gives an admin every kind, each item once, with why it is there in its facts", async () => {
    const ids = await kindsAndIds(viewer("admin"));
    expect(ids).toEqual({
      approve: ["req_held_b", "req_held_other"],
      review: ["req_review"],
      // Accepted, then refused, in the last 7 days; never the one refused when it was sent.
      payout_failed: ["req_out_refused"],
      // One item per request; none for a request already paid or a slip decided; one for a request
      // that ended unpaid (the money may have come too late).
      slip: ["req_slip", "req_slip_late"],
      endpoint: ["we_failing"],
      webhook: [expect.any(String)],
    });
    expect(await attentionCount(setup.db, viewer("admin"), NOW)).toBe(2 + 1 + 1 + 2 + 1 + 1);
    const inbox = await attentionInbox(setup.db, viewer("admin"), NOW);
    const refused = inbox.find((g) => g.kind === "payout_failed")!.items[0]!;
    expect(refused).toMatchObject({ subject: "REQ_OUT_REFUSED", detail: "Account closed", href: "/requests/req_out_refused" });
    expect(inbox.find((g) => g.kind === "slip")!.items[0]).toMatchObject({ amount: "150.37", since: ago(1), href: "/slips/slp_2" });
    expect(inbox.find((g) => g.kind === "webhook")!.items[0]).toMatchObject({
      detail: "unmatched_money",
      href: "/webhooks?verdict=unmatched_money",
    });
  });

  it("shows each role only what it can act on, within its merchants", async () => {
    // A viewer cannot decide on a slip, so is not asked to.
    expect(kindsFor("viewer")).toEqual(["review", "webhook"]);
    expect(kindsFor("operator")).toEqual(["review", "slip", "webhook"]);
    expect(kindsFor("finance")).toEqual(["approve", "review", "payout_failed", "slip", "webhook"]);
    expect(Object.keys(await kindsAndIds(viewer("viewer")))).toEqual(["review", "webhook"]);
    expect((await kindsAndIds(viewer("finance", ["mer_b"]))).approve).toEqual(["req_held_b"]);
    expect(await attentionCount(setup.db, viewer("admin", []), NOW)).toBe(0);
  });

  it("does not ask a person to approve their own Pay-Out", async () => {
    await setup.db.update(paymentRequests).set({ createdBy: "usr_fin" }).where(eq(paymentRequests.id, "req_held_b"));
    expect((await kindsAndIds(viewer("finance"))).approve).toEqual(["req_held_other"]);
  });

  it("lets each item go by itself once it is done", async () => {
    const before = await attentionCount(setup.db, viewer("admin"), NOW);
    await setup.db.update(paymentRequests).set({ status: "pending" }).where(eq(paymentRequests.id, "req_held_other"));
    await setup.db.update(paymentRequests).set({ status: "paid" }).where(eq(paymentRequests.id, "req_review"));
    await setup.db.update(paymentRequests).set({ status: "paid" }).where(eq(paymentRequests.id, "req_slip"));
    await setup.db
      .update(slips)
      .set({ decision: "does_not_match", decisionNote: "another shop's", decidedAt: NOW })
      .where(eq(slips.id, "slp_4"));
    await setup.db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, "we_failing"));
    expect(await attentionCount(setup.db, viewer("admin"), NOW)).toBe(before - 5);
    // What stays for a set time leaves when it is over.
    expect(await attentionCount(setup.db, viewer("admin"), new Date(NOW.getTime() + 8 * 86_400_000))).toBe(0);
  });
});
