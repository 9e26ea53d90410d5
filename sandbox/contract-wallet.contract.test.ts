/**
 * The provider's wallet per merchant (docs/provider-facts.md §9), over real HTTP on both profiles:
 * the two read endpoints, a transaction for every credit and debit linked to its request with its
 * fee (DiscardCent included), P2P approvals, pay-out approval refused on a short balance, and the
 * control API's seed and manual adjustment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededMerchant } from "./seed";
import { payInBody, payOutBody, ref, restartTestSandbox, startTestSandbox, type TestSandbox } from "./testing/harness";

interface WalletBody {
  status: string;
  description: string;
  wallet: { id: string; merchantId: string; orgId: string; pointBalanceDecimal: number; pointBalance: number } | null;
}
interface WalletTxBody {
  id: string;
  walletId: string;
  tags: string | null;
  description: string | null;
  txType: number;
  txAmount: number;
  txAmountDecimal: number;
  previousBalanceDecimal: number;
  currentBalanceDecimal: number;
  createdDate: string;
}
interface ControlTx {
  direction: "credit" | "debit";
  amount: string;
  fee: string;
  balanceAfter: string;
  cause: string;
  requestId: string | null;
  tags: string | null;
  description: string | null;
}
interface ControlWallet {
  balance: string;
  transactions: ControlTx[];
}

describe.each(["spec", "live"] as const)("the provider's wallet (%s profile)", (profile) => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox(profile);
  });
  afterAll(async () => sb?.dispose());

  const getWallet = (key: string | null) => sb.call("GetMerchantWallet", { controller: "Merchant", key, method: "GET" });
  const getTxs = (walletId: string, key: string, body: Record<string, unknown> = {}) =>
    sb.call("GetMerchantWalletTxs", { controller: "Merchant", key, rest: walletId, body });
  const controlWallet = async (m: SeededMerchant) => (await sb.control<ControlWallet>("GET", `/merchants/${m.merchantId}/wallet`)).body;
  const setBalance = async (m: SeededMerchant, balance: string) => {
    const res = await sb.control<ControlWallet>("PUT", `/merchants/${m.merchantId}/wallet`, { balance });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(balance);
  };
  async function walletOf(m: SeededMerchant) {
    const body = (await (await getWallet(m.readKey)).json()) as WalletBody;
    expect(body.status).toBe("OK");
    if (!body.wallet) throw new Error("no wallet");
    return body.wallet;
  }
  async function webhookParams(requestId: string, event: string): Promise<Record<string, string | null>> {
    await sb.control("POST", "/webhooks/settle");
    const list = (
      await sb.control<{ body: { Parameters: { Name: string; Value: string | null }[] } }[]>(
        "GET",
        `/webhooks/deliveries?requestId=${requestId}&event=${event}`,
      )
    ).body;
    const first = list[0];
    if (!first) throw new Error(`no ${event} webhook for ${requestId}`);
    return Object.fromEntries(first.body.Parameters.map((p) => [p.Name, p.Value]));
  }

  it("opens every demo merchant's wallet with a recorded opening balance, readable by a VIEWER key only", async () => {
    const res = await getWallet(sb.gadgets.readKey);
    expect(res.status).toBe(200);
    const body = (await res.json()) as WalletBody;
    expect(body).toMatchObject({ status: "OK", description: "Success" });
    expect(body.wallet).toMatchObject({ merchantId: sb.gadgets.merchantId, orgId: sb.gadgets.orgId, pointBalanceDecimal: 100_000_000 });
    const txs = (await (await getTxs(body.wallet?.id ?? "", sb.gadgets.readKey)).json()) as WalletTxBody[];
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      txType: 1,
      txAmountDecimal: 100_000_000,
      previousBalanceDecimal: 0,
      currentBalanceDecimal: 100_000_000,
    });

    // The submit key's roles do not match "Merchant:GetMerchantWallet" (§1.3); no key at all is a 401.
    expect((await getWallet(sb.gadgets.submitKey)).status).toBe(403);
    expect((await getWallet(null)).status).toBe(401);
    // Wrong method.
    expect((await sb.call("GetMerchantWallet", { controller: "Merchant", key: sb.gadgets.readKey, body: {} })).status).toBe(405);
  });

  it("credits a matched pay-in with amount − fee, linked to the payment tx the webhook names", async () => {
    await setBalance(sb.coffee, "1000.00");
    const request = payInBody({ RequestedAmount: 200 });
    const submitted = await (await sb.submit("SubmitPayInRequest", sb.coffee, request)).json();
    const id = submitted.paymentResponse.id as string;
    const generated = Math.round(submitted.paymentResponse.generatedAmount * 100); // satang
    expect((await sb.control<{ matched: boolean }>("POST", `/requests/${id}/pay`, {})).body.matched).toBe(true);

    const fee = Math.floor((generated * 150 + 5_000) / 10_000); // 1.5 %, half away from zero
    const wallet = await controlWallet(sb.coffee);
    const credit = wallet.transactions[0];
    expect(credit).toMatchObject({ direction: "credit", cause: "payin", requestId: id, fee: (fee / 100).toFixed(2) });
    expect(credit?.amount).toBe(((generated - fee) / 100).toFixed(2));
    expect(wallet.balance).toBe(((100_000 + generated - fee) / 100).toFixed(2));

    const params = await webhookParams(id, "PaymentIn.Success");
    expect(params.PAYIN_FEE).toBe((fee / 100).toFixed(2));
    expect(params.PAYIN_DISCARD_CENT).toBe("False");
    expect(credit?.tags).toBe(`PaymentTxId=[${params.PMT_ID}], RefId1=[${String(request.RefId1)}]`);

    // The same movement through the provider's read endpoint, newest first.
    const w = await walletOf(sb.coffee);
    expect(w.pointBalanceDecimal).toBe((100_000 + generated - fee) / 100);
    const [latest] = (await (await getTxs(w.id, sb.coffee.readKey, { Offset: 1, Limit: 1 })).json()) as WalletTxBody[];
    expect(latest).toMatchObject({ txType: 1, txAmountDecimal: (generated - fee) / 100, previousBalanceDecimal: 1000 });
    expect(latest?.txAmount).toBe(Math.floor((generated - fee) / 100));
  });

  it("with DiscardCent moves the satang of the credit into the fee, so the wallet gets whole baht", async () => {
    expect((await sb.control("PATCH", `/merchants/${sb.gadgets.merchantId}`, { discardCent: true })).status).toBe(200);
    try {
      await setBalance(sb.gadgets, "0.00");
      const submitted = await (await sb.submit("SubmitPayInRequest", sb.gadgets, payInBody({ RequestedAmount: 333 }))).json();
      const id = submitted.paymentResponse.id as string;
      const generated = Math.round(submitted.paymentResponse.generatedAmount * 100);
      expect((await sb.control<{ matched: boolean }>("POST", `/requests/${id}/pay`, {})).body.matched).toBe(true);
      const rounded = Math.floor((generated * 150 + 5_000) / 10_000);
      const fee = rounded + ((generated - rounded) % 100);
      const wallet = await controlWallet(sb.gadgets);
      expect(wallet.transactions[0]).toMatchObject({ cause: "payin", fee: (fee / 100).toFixed(2) });
      expect(wallet.transactions[0]?.amount).toMatch(/\.00$/);
      expect(wallet.balance).toBe(((generated - fee) / 100).toFixed(2));
      const params = await webhookParams(id, "PaymentIn.Success");
      expect(params.PAYIN_DISCARD_CENT).toBe("True");
      expect(params.PAYIN_FEE).toBe((fee / 100).toFixed(2));
    } finally {
      await sb.control("PATCH", `/merchants/${sb.gadgets.merchantId}`, { discardCent: false });
    }
  });

  it("refuses a pay-out approval the balance cannot cover (amount + fee) and debits it once the money is there", async () => {
    await setBalance(sb.gadgets, "1507.49"); // 1,500.00 + 0.5 % = 1,507.50 needed
    const out = await (await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 1500 }))).json();
    const id = (out.paymentResponse ?? out.paymentRequest).id as string;

    const refused = await sb.control<{ error: string; status: string }>("POST", `/requests/${id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe("ERROR_INSUFFICIENT_BALANCE");
    expect(refused.body.error).toContain("CurrentBalance=[1507.49], RequiredAmount=[1507.5]");
    expect((await sb.control<{ status: string }>("GET", `/requests/${id}`)).body.status).toBe("Pending");
    expect((await controlWallet(sb.gadgets)).balance).toBe("1507.49");

    const topUp = await sb.control<{ balance: string }>("POST", `/merchants/${sb.gadgets.merchantId}/wallet/adjustments`, {
      amount: "0.01",
      description: "Top-up by the provider's admin",
    });
    expect(topUp.status).toBe(201);
    const approved = await sb.control<{ request: { status: string } }>("POST", `/requests/${id}/approve`, {});
    expect(approved.status).toBe(200);
    const wallet = await controlWallet(sb.gadgets);
    expect(wallet.balance).toBe("0.00");
    expect(wallet.transactions[0]).toMatchObject({ direction: "debit", cause: "payout", requestId: id, amount: "1507.50", fee: "7.50" });
    expect(wallet.transactions[0]?.tags).toContain(`PayOutRequestId=[${id}]`);
    expect((await webhookParams(id, "PaymentOut.Success")).PAYOUT_FEE).toBe("7.50");
  });

  it("with PayoutFeePayer other than Merchant: approval needs and debits the amount alone, the recipient is sent amount − fee", async () => {
    await setBalance(sb.gadgets, "1500.00"); // enough for the amount, not for amount + fee
    const out = await (
      await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 1500, PayoutFeePayer: "Beneficiary" }))
    ).json();
    const id = (out.paymentResponse ?? out.paymentRequest).id as string;
    const record = await (await sb.call("GetPaymentRequestById", { key: sb.gadgets.readKey, rest: id })).json();
    expect(record.paymentRequest.payOutTotalAmountDecimal).toBe(1492.5);
    expect((await sb.control("POST", `/requests/${id}/approve`, {})).status).toBe(200);
    const wallet = await controlWallet(sb.gadgets);
    expect(wallet.balance).toBe("0.00");
    expect(wallet.transactions[0]).toMatchObject({ direction: "debit", cause: "payout", requestId: id, amount: "1500.00", fee: "0.00" });
    // The provider's fee is still the fee: the recipient bore it.
    expect((await webhookParams(id, "PaymentOut.Success")).PAYOUT_FEE).toBe("7.50");
  });

  it("debits each partial pay-out round with its fee, and refuses a round the balance cannot cover", async () => {
    await setBalance(sb.gadgets, "500.00");
    const out = await (await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 1000 }))).json();
    const id = (out.paymentResponse ?? out.paymentRequest).id as string;
    expect((await sb.control("POST", `/requests/${id}/payout`, { amount: "400" })).status).toBe(200);
    expect((await controlWallet(sb.gadgets)).balance).toBe("98.00"); // 500 − (400 + 2.00)
    const refused = await sb.control<{ status: string }>("POST", `/requests/${id}/payout`, { amount: "100" });
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe("ERROR_INSUFFICIENT_BALANCE");
    expect((await sb.control("POST", `/requests/${id}/reject`, { reason: "test over" })).status).toBe(200);
    expect((await controlWallet(sb.gadgets)).balance).toBe("98.00");
  });

  it("on a P2P approval credits the payer's merchant and debits the pay-out's, refusing when that wallet is short", async () => {
    await setBalance(sb.gadgets, "100.00");
    await setBalance(sb.coffee, "0.00");
    // A pay-out larger than any other in this sandbox, so the P2P matches it.
    const out = await (await sb.submit("SubmitPayOutRequest", sb.gadgets, payOutBody({ RequestedAmount: 70_000 }))).json();
    const payoutId = (out.paymentResponse ?? out.paymentRequest).id as string;
    const p2p = await (
      await sb.submit("SubmitPayInRequestP2P", sb.coffee, {
        RefId1: ref("P"),
        PayerName: "P",
        RequestedAmount: 1000,
        Currency: "THB",
        QrProvider: "PP",
      })
    ).json();
    expect(p2p.status).toBe("OK");
    const p2pId = p2p.paymentResponse.id as string;

    const refused = await sb.control<{ status: string }>("POST", `/requests/${p2pId}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe("ERROR_INSUFFICIENT_BALANCE");
    expect((await sb.control<{ status: string }>("GET", `/requests/${p2pId}`)).body.status).toBe("Pending");
    expect((await controlWallet(sb.coffee)).balance).toBe("0.00");

    await setBalance(sb.gadgets, "2000.00");
    expect((await sb.control("POST", `/requests/${p2pId}/approve`, {})).status).toBe(200);
    const payer = await controlWallet(sb.coffee);
    expect(payer.balance).toBe("985.00"); // 1,000 − 1.5 %
    expect(payer.transactions[0]).toMatchObject({
      cause: "payin_p2p",
      requestId: p2pId,
      fee: "15.00",
      description: "1000 - 15 (fee=1.5%)",
    });
    const payee = await controlWallet(sb.gadgets);
    expect(payee.balance).toBe("995.00"); // 2,000 − (1,000 + 0.5 %)
    expect(payee.transactions[0]).toMatchObject({
      cause: "payout_p2p",
      requestId: payoutId,
      amount: "1005.00",
      fee: "5.00",
      description: "1000 + 5 (fee=0.5%)",
    });
    expect((await sb.control("POST", `/requests/${payoutId}/reject`, { reason: "test over" })).status).toBe(200);
  });

  it("records manual adjustments PayDesk did not cause, and refuses bad ones with a sentence", async () => {
    await setBalance(sb.coffee, "10.00");
    const base = `/merchants/${sb.coffee.merchantId}/wallet/adjustments`;
    const debit = await sb.control<{ transaction: ControlTx; balance: string }>("POST", base, {
      amount: "-2.50",
      description: "Bank charge corrected by the provider",
      tags: "Ticket=[42]",
    });
    expect(debit.status).toBe(201);
    expect(debit.body.balance).toBe("7.50");
    expect(debit.body.transaction).toMatchObject({
      direction: "debit",
      amount: "2.50",
      cause: "adjustment",
      requestId: null,
      tags: "Ticket=[42]",
    });

    const below = await sb.control<{ error: string }>("POST", base, { amount: "-7.51", description: "too much" });
    expect(below.status).toBe(409);
    expect(below.body.error).toMatch(/cannot be less than 0/);
    for (const bad of [
      { amount: "0", description: "zero" },
      { amount: "1.001", description: "x" },
      { amount: "5" },
      { amount: "5", description: "x", extra: 1 },
    ]) {
      const res = await sb.control<{ error: string }>("POST", base, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.length).toBeGreaterThan(5);
    }
    expect((await sb.control("PUT", `/merchants/${sb.coffee.merchantId}/wallet`, { balance: "-1" })).status).toBe(400);
    expect((await sb.control("GET", "/merchants/00000000-0000-4000-8000-000000000000/wallet")).status).toBe(404);

    // The provider's read shows it, newest first, with the admin's description.
    const w = await walletOf(sb.coffee);
    expect(w.pointBalanceDecimal).toBe(7.5);
    const [latest] = (await (await getTxs(w.id, sb.coffee.readKey)).json()) as WalletTxBody[];
    expect(latest).toMatchObject({
      txType: -1,
      txAmountDecimal: 2.5,
      description: "Bank charge corrected by the provider",
      currentBalanceDecimal: 7.5,
    });
  });

  it("pages transactions (1-based offset, limit ≤ 100) and sums every movement to the balance", async () => {
    const w = await walletOf(sb.coffee);
    const all = (await (await getTxs(w.id, sb.coffee.readKey, { Limit: 1000 })).json()) as WalletTxBody[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.length).toBeLessThanOrEqual(100);
    const second = (await (await getTxs(w.id, sb.coffee.readKey, { offset: 2, limit: 2 })).json()) as WalletTxBody[];
    expect(second.map((t) => t.id)).toEqual(all.slice(1, 3).map((t) => t.id));
    // Each row continues the one before it.
    for (let i = 0; i + 1 < all.length; i += 1) expect(all[i]?.previousBalanceDecimal).toBe(all[i + 1]?.currentBalanceDecimal);
    const sum = all.reduce((s, t) => s + t.txType * Math.round(t.txAmountDecimal * 100), 0);
    expect(sum).toBe(Math.round(w.pointBalanceDecimal * 100));
    const future = (await (await getTxs(w.id, sb.coffee.readKey, { fromDate: "2999-01-01T00:00:00Z" })).json()) as WalletTxBody[];
    expect(future).toEqual([]);
    expect((await getTxs(w.id, sb.coffee.readKey, { limit: "many" })).status).toBe(400);
    expect(await (await getTxs("not-a-wallet", sb.coffee.readKey)).json()).toEqual([]);
  });

  it(
    profile === "spec"
      ? "hides another merchant's wallet transactions from a merchant-bound key"
      : "filters wallet transactions by org only, as the provider does (another merchant of the org is visible)",
    async () => {
      const other = await walletOf(sb.gadgets);
      const seen = (await (await getTxs(other.id, sb.coffee.readKey)).json()) as WalletTxBody[];
      if (profile === "spec") expect(seen).toEqual([]);
      else expect(seen.length).toBeGreaterThan(0);
      // Another org's key never authenticates here.
      expect((await sb.call("GetMerchantWallet", { controller: "Merchant", key: sb.coffee.readKey, orgId: "elsewhere" })).status).toBe(401);
    },
  );

  it("makes a merchant of its own through the control API: keys that work, a wallet with the balance asked for", async () => {
    const made = await sb.control<{ merchantId: string; submitKey: string; readKey: string; balance: string; walletId: string }>(
      "POST",
      "/merchants",
      { name: "Wallet test shop", balance: "1000.50" },
    );
    expect(made.status).toBe(201);
    expect(made.body.balance).toBe("1000.50");
    const body = (await (await getWallet(made.body.readKey)).json()) as WalletBody;
    expect(body.wallet).toMatchObject({ id: made.body.walletId, merchantId: made.body.merchantId, pointBalanceDecimal: 1000.5 });
    const [seed] = (await sb.control<ControlWallet>("GET", `/merchants/${made.body.merchantId}/wallet`)).body.transactions;
    expect(seed).toMatchObject({ direction: "credit", amount: "1000.50", cause: "seed", balanceAfter: "1000.50" });
    // Its submit key makes requests for it.
    const submitted = await sb.call("SubmitPayOutRequest", { key: made.body.submitKey, rest: made.body.merchantId, body: payOutBody() });
    expect(((await submitted.json()) as { status: string }).status).toBe("OK");
    // Bad input is named and nothing is made.
    const bad = await sb.control<{ error: string }>("POST", "/merchants", { name: "", balance: "-1" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/name|balance/i);
  });

  it("keeps balances and transactions across a restart", async () => {
    const before = await controlWallet(sb.coffee);
    sb = await restartTestSandbox(sb);
    const after = await controlWallet(sb.coffee);
    expect(after.balance).toBe(before.balance);
    expect(after.transactions).toEqual(before.transactions);
  });
});
