/**
 * Fee and net, end to end against the sandbox's wallet: requests made through PayDesk,
 * paid or paid out at the sandbox, learnt by webhook or by reconciliation, and what PayDesk then
 * says of each (lib/requests/fees.ts, through the merchant API's view) held against the wallet
 * transaction the sandbox wrote for it, to the satang, on both profiles.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ref } from "@/sandbox/testing/harness";
import { paymentRequests } from "@/lib/db/schema";
import { type DatabaseKind } from "@/lib/db/testing/databases";
import { rotateWebhookSecret } from "@/lib/merchants/webhook-secret";
import { type MerchantApi } from "@/lib/provider/client";
import { requestView } from "@/lib/merchant-api/views";
import { ingestWebhook } from "@/lib/provider-webhooks/ingest";
import { processDelivery } from "@/lib/provider-webhooks/process";
import { createRequest, type RequestPayload } from "./create";
import { p2pRequest, payInRequest, payOutRequest } from "./contract";
import { reconcileRequest } from "./reconcile";
import { addSandboxMerchant, sandboxMerchantApi } from "../merchants/testing/sandbox-merchant";
import { setUpSandbox } from "../testing/sandbox-fixture";

const COMBOS: [DatabaseKind, "spec" | "live"][] = [
  ["pglite", "spec"],
  ["pglite", "live"],
  ["postgres", "live"],
];

interface WalletTx {
  direction: "credit" | "debit";
  amount: string;
  fee: string;
  requestId: string | null;
  cause: string;
}

describe.each(COMBOS)("fee and net on %s against the %s sandbox's wallet", (kind, profile) => {
  const setup = setUpSandbox(kind, profile);
  const { skip } = setup;
  let api: MerchantApi;
  let coffee: { id: string; secret: string };

  beforeAll(async () => {
    if (skip) return;
    const m = setup.sb.coffee;
    const id = await addSandboxMerchant(setup.db, m);
    coffee = { id, secret: await rotateWebhookSecret(setup.db, id) };
    api = sandboxMerchantApi(setup.sb, m);
    // Money to pay out with: the provider refuses a pay-out the wallet cannot cover.
    expect((await setup.sb.control("PUT", `/merchants/${m.merchantId}/wallet`, { balance: "500000.00" })).status).toBe(200);
  });

  const create = async (payload: RequestPayload) => {
    const result = await createRequest(setup.db, api, payload, {
      merchantRowId: coffee.id,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (result.outcome !== "sent") throw new Error(result.outcome);
    return result.request;
  };
  // A whole baht more each time, and odd satang: the sandbox matches a transfer by amount, and the
  // satang are what DiscardCent and the rounding act on.
  let payIns = 0;
  const payIn = () =>
    create({
      kind: "payin",
      payIn: payInRequest({ refId1: ref("FE"), payerName: "P", amountSatang: 33_333 + 100 * payIns++, qrProvider: "PP" }),
    });
  const payOut = (amountSatang: number, feePayer: "merchant" | "beneficiary" = "merchant") =>
    create({
      kind: "payout",
      payOut: payOutRequest({
        refId1: ref("FO"),
        amountSatang,
        destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
        feePayer,
      }),
    });
  const act = async (providerId: string, action: string, body: unknown = {}) => {
    const res = await setup.sb.control("POST", `/requests/${providerId}/${action}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await setup.sb.control("POST", "/webhooks/settle");
  };
  /** The webhook job the sandbox made for this provider request and event (kept whether or not it was sent anywhere). */
  const job = async (providerId: string, event: string) => {
    const res = await setup.sb.control("GET", `/webhooks/deliveries?requestId=${encodeURIComponent(providerId)}&event=${event}`);
    const [delivery] = res.body as { body: unknown }[];
    expect(delivery, `a ${event} webhook for ${providerId}`).toBeDefined();
    return delivery!.body;
  };
  const deliver = async (body: unknown) => {
    const stored = await ingestWebhook(setup.db, { secret: coffee.secret, rawBody: JSON.stringify(body) });
    expect(stored.deliveryId).not.toBeNull();
    return processDelivery(setup.db, async () => api, stored.deliveryId!, stored.prepared!);
  };
  const walletTx = async (providerId: string): Promise<WalletTx[]> => {
    const res = await setup.sb.control("GET", `/merchants/${setup.sb.coffee.merchantId}/wallet?limit=200`);
    return (res.body as { transactions: WalletTx[] }).transactions.filter((t) => t.requestId?.toLowerCase() === providerId.toLowerCase());
  };
  const viewOf = async (id: string) => {
    const [row] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    return requestView(row!, "http://127.0.0.1:3000");
  };
  const reconcile = async (id: string) => {
    const [row] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
    return reconcileRequest(setup.db, api, row!, { providerMerchantId: setup.sb.coffee.merchantId });
  };

  it.skipIf(skip)("a Pay-In paid and learnt by webhook: the fee the provider stated, and the credit its wallet got", async () => {
    const r = await payIn();
    await act(r.providerId!, "pay");
    expect(await deliver(await job(r.providerId!, "PaymentIn.Success"))).toBe("applied");
    const view = await viewOf(r.id);
    const [credit] = await walletTx(r.providerId!);
    expect(credit).toMatchObject({ direction: "credit" });
    expect(view).toMatchObject({ status: "paid", fee: credit!.fee, net: credit!.amount, fee_source: "provider", fee_rate: "1.5" });
  });

  it.skipIf(skip)("a Pay-In of a merchant that discards satang: a whole-baht credit, the satang in the fee", async () => {
    expect((await setup.sb.control("PATCH", `/merchants/${setup.sb.coffee.merchantId}`, { discardCent: true })).status).toBe(200);
    try {
      const byWebhook = await payIn();
      await act(byWebhook.providerId!, "pay");
      expect(await deliver(await job(byWebhook.providerId!, "PaymentIn.Success"))).toBe("applied");
      const [credit] = await walletTx(byWebhook.providerId!);
      expect(credit!.amount).toMatch(/\.00$/);
      expect(await viewOf(byWebhook.id)).toMatchObject({ fee: credit!.fee, net: credit!.amount, fee_source: "provider" });

      // Learnt by reconciliation alone (the webhook never came): computed from the record's rate and DiscardCent, the same figures.
      const byRecord = await payIn();
      await act(byRecord.providerId!, "pay");
      expect((await reconcile(byRecord.id)).state).toBe("paid");
      const [recorded] = await walletTx(byRecord.providerId!);
      expect(await viewOf(byRecord.id)).toMatchObject({
        fee: recorded!.fee,
        net: recorded!.amount,
        fee_source: "computed",
        fee_rate: "1.5",
      });
    } finally {
      await setup.sb.control("PATCH", `/merchants/${setup.sb.coffee.merchantId}`, { discardCent: false });
    }
  });

  it.skipIf(skip)("a Pay-In learnt by reconciliation: the fee computed from the provider's rate, as its wallet has it", async () => {
    const r = await payIn();
    // While pending, a check records the rate the provider fixed for the request; nothing is paid, so no fee yet.
    await reconcile(r.id);
    expect(await viewOf(r.id)).toMatchObject({ status: "pending", fee: null, net: null, fee_source: null, fee_rate: "1.5" });
    await act(r.providerId!, "pay");
    expect((await reconcile(r.id)).state).toBe("paid");
    const [credit] = await walletTx(r.providerId!);
    expect(await viewOf(r.id)).toMatchObject({ fee: credit!.fee, net: credit!.amount, fee_source: "computed" });
  });

  it.skipIf(skip)("a Pay-Out paid out in one transfer: its fee on top, the debit its wallet took", async () => {
    const r = await payOut(123_457);
    await act(r.providerId!, "payout");
    expect(await deliver(await job(r.providerId!, "PaymentOut.Success"))).toBe("applied");
    const view = await viewOf(r.id);
    const [debit] = await walletTx(r.providerId!);
    expect(debit).toMatchObject({ direction: "debit" });
    expect(view.status === "paid" || view.status === "approved").toBe(true);
    expect(view).toMatchObject({ fee: debit!.fee, net: debit!.amount, fee_source: "provider", fee_rate: "0.5" });
  });

  it.skipIf(skip)(
    "a Pay-Out whose recipient bears the fee: the wallet debited the amount alone, the recipient sent amount − fee",
    async () => {
      const amount = 98_765;
      // Learnt by webhook: the fee the provider stated, and what the wallet moved by.
      const byWebhook = await payOut(amount, "beneficiary");
      await act(byWebhook.providerId!, "payout");
      expect(await deliver(await job(byWebhook.providerId!, "PaymentOut.Success"))).toBe("applied");
      const [debit] = await walletTx(byWebhook.providerId!);
      expect(debit).toMatchObject({ direction: "debit", amount: "987.65", fee: "0.00" });
      const view = await viewOf(byWebhook.id);
      expect(view).toMatchObject({ fee: "4.94", net: "987.65", fee_payer: "recipient", fee_source: "provider" });

      // Learnt by a check alone: the fee computed from the rate, the same net.
      const byRecord = await payOut(amount + 100, "beneficiary");
      await reconcile(byRecord.id);
      await act(byRecord.providerId!, "payout");
      const state = (await reconcile(byRecord.id)).state;
      expect(state === "paid" || state === "approved").toBe(true);
      const [recorded] = await walletTx(byRecord.providerId!);
      expect(recorded).toMatchObject({ amount: "988.65", fee: "0.00" });
      expect(await viewOf(byRecord.id)).toMatchObject({ fee: "4.94", net: "988.65", fee_payer: "recipient", fee_source: "computed" });

      // The merchant's default, for comparison: the same amount costs the wallet the fee on top.
      const merchants = await payOut(amount + 200);
      await act(merchants.providerId!, "payout");
      expect(await deliver(await job(merchants.providerId!, "PaymentOut.Success"))).toBe("applied");
      const [paid] = await walletTx(merchants.providerId!);
      expect(await viewOf(merchants.id)).toMatchObject({ fee: paid!.fee, net: paid!.amount, fee_payer: "merchant" });
      expect(paid!.amount).toBe("994.60");
    },
  );

  it.skipIf(skip)("a Pay-Out paid in two rounds: the fee over what was paid, and net the sum of the debits, for either payer", async () => {
    for (const feePayer of ["merchant", "beneficiary"] as const) {
      const r = await payOut(80_001, feePayer);
      await reconcile(r.id); // the rate, while pending
      await act(r.providerId!, "payout", { amount: "300.00" });
      expect((await reconcile(r.id)).state).toBe("pending");
      await act(r.providerId!, "payout");
      const state = (await reconcile(r.id)).state;
      expect(state === "paid" || state === "approved").toBe(true);
      const debits = await walletTx(r.providerId!);
      expect(debits).toHaveLength(2);
      const moved = debits.reduce((sum, d) => sum + Math.round(Number(d.amount) * 100), 0);
      const fees = debits.reduce((sum, d) => sum + Math.round(Number(d.fee) * 100), 0);
      const view = await viewOf(r.id);
      expect(view).toMatchObject({ amount_paid: "800.01", net: (moved / 100).toFixed(2), fee_source: "computed" });
      // Each round's fee is rounded on its own at the provider; PayDesk's over the whole differs by at most a satang a round.
      if (feePayer === "merchant") expect(Math.abs(Math.round(Number(view.fee) * 100) - fees)).toBeLessThanOrEqual(1);
      else expect([moved, fees]).toEqual([80_001, 0]);
    }
  });

  it.skipIf(skip)("a refund of a paid Pay-In: a Pay-Out whose fee the merchant bears, as its wallet has it", async () => {
    const payin = await payIn();
    await act(payin.providerId!, "pay");
    expect(await deliver(await job(payin.providerId!, "PaymentIn.Success"))).toBe("applied");
    const result = await createRequest(
      setup.db,
      api,
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1: ref("FR"),
          amountSatang: 10_001,
          destination: { type: "bank", bankCode: "KTB", accountNo: "6621234567", accountName: "Somchai" },
        }),
      },
      { merchantRowId: coffee.id, idempotencyKey: randomUUID(), createdBy: null, refundOf: payin.id },
    );
    if (result.outcome !== "sent") throw new Error(result.outcome);
    const refund = result.request;
    await act(refund.providerId!, "payout");
    expect(await deliver(await job(refund.providerId!, "PaymentOut.Success"))).toBe("applied");
    const [debit] = await walletTx(refund.providerId!);
    expect(debit).toMatchObject({ direction: "debit" });
    expect(await viewOf(refund.id)).toMatchObject({
      refund_of: payin.id,
      fee: debit!.fee,
      net: debit!.amount,
      fee_payer: "merchant",
      fee_source: "provider",
    });
    expect(debit!.amount).toBe("100.51");
  });

  it.skipIf(skip)(
    "a P2P Pay-In approved into a Pay-Out: its credit and the pay-out's debit for that round, as the wallet has them",
    async () => {
      // A pay-out larger than any other here, so the P2P matches it; the P2P's amount has odd satang for the rounding.
      const out = await payOut(480_000_00);
      await reconcile(out.id); // the pay-out's rate, while pending
      const p2p = await create({
        kind: "payin_p2p",
        payIn: p2pRequest({ refId1: ref("FP"), payerName: "P", amountSatang: 12_345_67, qrProvider: "PP" }),
      });
      await reconcile(p2p.id);
      await act(p2p.providerId!, "approve");
      expect(await deliver(await job(p2p.providerId!, "PaymentIn.Success"))).toBe("applied");
      const [credit] = await walletTx(p2p.providerId!);
      expect(credit).toMatchObject({ direction: "credit", cause: "payin_p2p" });
      expect(await viewOf(p2p.id)).toMatchObject({ fee: credit!.fee, net: credit!.amount, fee_source: "provider" });
      // The pay-out's round: PayDesk learns what was paid out of it (a check), and its fee at the pay-out's rate is the debit's.
      expect((await reconcile(out.id)).state).toBe("pending");
      const debits = await walletTx(out.providerId!);
      expect(debits).toHaveLength(1);
      expect(debits[0]).toMatchObject({ direction: "debit", cause: "payout_p2p" });
      expect(await viewOf(out.id)).toMatchObject({
        amount_paid: "12345.67",
        fee: debits[0]!.fee,
        net: debits[0]!.amount,
        fee_source: "computed",
      });
    },
  );

  it.skipIf(skip)("a rejected request: no money moved, no fee, and nothing in the wallet", async () => {
    const r = await payIn();
    await act(r.providerId!, "reject", { statusCode: "ADMIN_REJECT", reason: "wrong customer" });
    expect(await deliver(await job(r.providerId!, "PaymentIn.Rejected"))).toBe("applied");
    expect(await viewOf(r.id)).toMatchObject({ status: "rejected", fee: null, net: null, fee_source: null });
    expect(await walletTx(r.providerId!)).toEqual([]);
  });
});
