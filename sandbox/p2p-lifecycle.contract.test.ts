import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payOutBody, ref, startTestSandbox, type TestSandbox } from "./testing/harness";

interface Entity {
  id: string;
  status: string;
  partialPayouts: { payinRequestId: string | null; status: string }[];
}

describe("P2P reservations on a Pay-Out", () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox("spec");
  });
  afterAll(async () => sb.dispose());

  async function payoutWithP2P(amount: number, p2pAmount: number) {
    const out = await (await sb.submit("SubmitPayOutRequest", sb.coffee, payOutBody({ RequestedAmount: amount }))).json();
    const p2p = await (
      await sb.submit("SubmitPayInRequestP2P", sb.coffee, {
        RefId1: ref("R"),
        PayerName: "P",
        RequestedAmount: p2pAmount,
        Currency: "THB",
        QrProvider: "PP",
      })
    ).json();
    expect(p2p.status).toBe("OK");
    return { payoutId: out.paymentResponse.id as string, p2pId: p2p.paymentResponse.id as string };
  }

  it("refuses the final payout while P2P money is reserved, so nothing is paid twice", async () => {
    // A pay-out larger than any other test's, so this P2P matches it.
    const { payoutId, p2pId } = await payoutWithP2P(990_000, 400);
    const refused = await sb.control<{ error: string }>("POST", `/requests/${payoutId}/payout`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/reserved by pending P2P pay-ins/);
    expect((await sb.control("POST", `/requests/${p2pId}/approve`)).status).toBe(200);
    const final = await sb.control<{ request: { status: string; totalPayOutPaidAmountDecimal: number } }>(
      "POST",
      `/requests/${payoutId}/payout`,
      {},
    );
    expect(final.status).toBe(200);
    expect(final.body.request.totalPayOutPaidAmountDecimal).toBe(990_000);
  });

  it("cancels reservations when the Pay-Out is rejected; approving that P2P then pays nothing out", async () => {
    const { payoutId, p2pId } = await payoutWithP2P(980_000, 300);
    expect((await sb.control("POST", `/requests/${payoutId}/reject`, { reason: "test" })).status).toBe(200);
    const payout = (await sb.control<Entity>("GET", `/requests/${payoutId}`)).body;
    expect(payout.partialPayouts.find((p) => p.payinRequestId === p2pId)?.status).toBe("Canceled");
    const approved = await sb.control<{ webhookDeliveryIds: string[] }>("POST", `/requests/${p2pId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.webhookDeliveryIds).toHaveLength(1); // PaymentIn.Success only, no PaymentOut.Success
  });

  it("refuses webhook faults that could never apply", async () => {
    const res = await sb.control<{ error: string }>("POST", "/faults", { operation: "webhook", kind: "http500" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/only the kinds "drop" and "delay"/);
  });
});
