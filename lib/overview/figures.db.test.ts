import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentRequests, webhookEndpoints } from "../db/schema";
import { createEndpoint } from "../outbound-webhooks/endpoints";
import { DATABASE_KINDS, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { parseAmount } from "../money";
import { csvStream, REQUEST_CSV_COLUMNS } from "../requests/csv";
import { parseListFilters } from "../requests/list-filters";
import { iterateRequests, type Scope } from "../requests/queries";
import { overviewFigures } from "./figures";
import { quantileOfBuckets } from "./pay-times";
import { parseRange } from "./range";
import { setUpTestDatabase } from "../testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);

/** The CSV export's rows for the list's filters, as a person downloads them. */
async function exported(db: TestDatabase["db"], scope: Scope, params: Record<string, string>): Promise<Array<Record<string, string>>> {
  const { filters, errors } = parseListFilters(new URLSearchParams(params));
  expect(errors).toEqual({});
  const stream = csvStream(
    REQUEST_CSV_COLUMNS,
    iterateRequests(db, scope, { ...filters, merchant: filters.merchant ?? "all", cursor: null }),
  );
  const text = (await new Response(stream).text()).replace(/^\uFEFF/, "");
  const [header, ...lines] = text.trim().split("\r\n");
  const names = header!.split(",");
  // No cell of these rows holds a comma or a quote (the test writes them), so a split is the CSV's parse.
  return lines.filter(Boolean).map((line) => Object.fromEntries(line.split(",").map((cell, i) => [names[i]!, cell])));
}

const satang = (text: string) => {
  const parsed = parseAmount(text || "0");
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.satang;
};
const sum = (rows: Array<Record<string, string>>, column: string) => rows.reduce((s, r) => s + satang(r[column]!), 0);
const withStatus = (rows: Array<Record<string, string>>, ...statuses: string[]) => rows.filter((r) => statuses.includes(r.status!));

describe.each(DATABASE_KINDS)("the overview's figures on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let a: string;
  let b: string;
  beforeAll(async () => {
    if (skip) return;
    const merchant = (n: string) =>
      createMerchant(setup.db, vault, {
        displayName: `Shop ${n}`,
        orgId: `org-${n}`,
        merchantId: `b0c8a7a4-0000-4000-8000-0000000000${n}`,
        submitKey: `submit-key-${n}-0000000000`,
      }).then((m) => m.id);
    a = await merchant("a1");
    b = await merchant("b2");
  });

  /** A request as PayDesk stores it; `at` in Bangkok time. */
  const request = async (r: {
    merchant: string;
    kind: "payin" | "payin_p2p" | "payout" | "withdrawal";
    status: string;
    at: string;
    amount: string;
    paid?: string;
    paidAt?: string;
    code?: string;
    feePct?: string;
    feeAmount?: string;
    discardCent?: boolean;
    feePayer?: "merchant" | "beneficiary";
  }) => {
    const id = `req_${randomBytes(10).toString("hex")}`;
    await setup.db.insert(paymentRequests).values({
      id,
      merchantId: r.merchant,
      kind: r.kind,
      isWithdrawal: r.kind === "withdrawal",
      refId1: `OV-${randomBytes(5).toString("hex")}`,
      requestedAmount: r.amount,
      paidAmount: r.paid ?? "0",
      status: r.status,
      statusCode: r.code ?? null,
      input: {},
      idempotencyKey: randomUUID(),
      createdAt: new Date(`${r.at}+07:00`),
      paidAt: r.paidAt ? new Date(`${r.paidAt}+07:00`) : null,
      feePct: r.feePct ?? null,
      feeAmount: r.feeAmount ?? null,
      discardCent: r.discardCent ?? null,
      feePayer: r.feePayer ?? "merchant",
    });
    return id;
  };

  it.skipIf(skip)(
    "money in and out, gross and net: the fees and net the CSV's columns add up to, and a fee learnt later moves them",
    async () => {
      const day = "2026-09-03";
      const paidIn = (amount: string, extra: { feePct?: string; feeAmount?: string; discardCent?: boolean }) =>
        request({
          merchant: a,
          kind: "payin",
          status: "paid",
          at: `${day}T10:00:00`,
          amount,
          paid: amount,
          paidAt: `${day}T10:02:00`,
          ...extra,
        });
      await paidIn("325.52", { feePct: "1.5" }); // computed: 4.88
      await paidIn("100.01", { feePct: "1.5", discardCent: true }); // computed, the credit's satang into the fee
      await paidIn("500.00", { feePct: "1.5", feeAmount: "7.50" }); // stated by the provider
      const unknown = await paidIn("80.00", {}); // no rate known yet: no fee
      await request({ merchant: a, kind: "payin", status: "rejected", at: `${day}T11:00:00`, amount: "90.00", feePct: "1.5" });
      await request({
        merchant: a,
        kind: "payout",
        status: "approved",
        at: `${day}T12:00:00`,
        amount: "1234.57",
        paid: "1234.57",
        paidAt: `${day}T12:30:00`,
        feePct: "0.5",
      });
      // The recipient bears this one's fee (2.50): the wallet paid 500.00, and the overview's fee is the wallet's.
      await request({
        merchant: a,
        kind: "payout",
        status: "approved",
        at: `${day}T12:10:00`,
        amount: "500.00",
        paid: "500.00",
        paidAt: `${day}T12:40:00`,
        feePct: "0.5",
        feePayer: "beneficiary",
      });
      await request({
        merchant: a,
        kind: "withdrawal",
        status: "paid",
        at: `${day}T13:00:00`,
        amount: "2000.00",
        paid: "2000.00",
        paidAt: `${day}T13:30:00`,
        feeAmount: "10.00",
      });
      const scope: Scope = { merchantIds: [a] };
      const { range } = parseRange({ range: "custom", from: day, to: day });
      const check = async () => {
        const { current } = await overviewFigures(setup.db, scope, "all", range);
        const payIns = withStatus(await exported(setup.db, scope, { tab: "payin", from: day, to: day }), "paid", "approved");
        expect(current.payIn.net).toMatchObject({ feeSatang: sum(payIns, "fee"), netSatang: sum(payIns, "net") });
        for (const tab of ["payout", "withdrawal"] as const) {
          const rows = withStatus(await exported(setup.db, scope, { tab, from: day, to: day }), "paid", "approved");
          expect(current[tab === "payout" ? "payOut" : "withdrawal"].net, tab).toMatchObject({
            feeSatang: sum(
              rows.filter((row) => row.fee_payer !== "recipient"),
              "fee",
            ),
            netSatang: sum(rows, "net"),
          });
        }
        return current;
      };
      const before = await check();
      // 1.5 % of 100.01 is 1.50, and the credit's 51 satang join it: 2.01.
      const fees = 488 + 201 + 750;
      expect(before.payIn.net).toEqual({ feeSatang: fees, netSatang: 32_552 + 10_001 + 50_000 - fees, feeUnknownSatang: 8_000 });
      expect(before.payOut.net).toEqual({ feeSatang: 617, netSatang: 123_457 + 617 + 50_000, feeUnknownSatang: 0 });
      // The provider's rate for the last one, learnt by a later check: its fee joins the totals.
      await setup.db.update(paymentRequests).set({ feePct: "1.5" }).where(eq(paymentRequests.id, unknown));
      expect((await check()).payIn.net).toMatchObject({ feeSatang: fees + 120, feeUnknownSatang: 0 });
    },
  );

  it.skipIf(skip)("equal what the CSV export of the same filters adds up to, across a Bangkok day's edge and state changes", async () => {
    const day = "2026-10-14";
    const next = "2026-10-15";
    // Created just before midnight in Bangkok and paid just after: it is the 14th's, in both.
    const edge = await request({ merchant: a, kind: "payin", status: "pending", at: `${day}T23:59:30`, amount: "100.00" });
    await request({
      merchant: a,
      kind: "payin",
      status: "paid",
      at: `${next}T00:00:10`,
      amount: "50.00",
      paid: "50.17",
      paidAt: `${next}T00:03:00`,
    });
    await request({
      merchant: a,
      kind: "payin",
      status: "paid",
      at: `${day}T00:00:00`,
      amount: "250.00",
      paid: "250.41",
      paidAt: `${day}T00:01:30`,
    });
    await request({
      merchant: a,
      kind: "payin",
      status: "rejected",
      at: `${day}T09:00:00`,
      amount: "75.00",
      code: "ERR_EXPIRED_REQUEST",
    });
    await request({ merchant: a, kind: "payin", status: "rejected", at: `${day}T10:00:00`, amount: "80.00", code: "ERR_SOMETHING" });
    await request({ merchant: a, kind: "payin", status: "expired", at: `${day}T11:00:00`, amount: "90.00" });
    await request({
      merchant: a,
      kind: "payin_p2p",
      status: "paid",
      at: `${day}T12:00:00`,
      amount: "300.00",
      paid: "300.00",
      paidAt: `${day}T12:10:00`,
    });
    await request({ merchant: a, kind: "payin_p2p", status: "expired", at: `${day}T13:00:00`, amount: "310.00" });
    await request({
      merchant: b,
      kind: "payin",
      status: "paid",
      at: `${day}T14:00:00`,
      amount: "1000.00",
      paid: "1000.22",
      paidAt: `${day}T14:02:00`,
    });
    await request({ merchant: a, kind: "payout", status: "approved", at: `${day}T15:00:00`, amount: "2000.00", paid: "2000.00" });
    await request({ merchant: a, kind: "payout", status: "pending", at: `${day}T15:30:00`, amount: "120.00" });
    await request({ merchant: a, kind: "payout", status: "awaiting_approval", at: `${day}T16:00:00`, amount: "60000.00" });
    await request({ merchant: a, kind: "withdrawal", status: "rejected", at: `${day}T17:00:00`, amount: "5000.00" });
    await request({ merchant: b, kind: "withdrawal", status: "approved", at: `${day}T18:00:00`, amount: "7000.00", paid: "7000.00" });
    // Ended paid in the live provider's word (lib/requests/lifecycle.ts isEndedPaid): a Pay-In its admin
    // approved by hand, and a P2P Pay-In (the live provider approves every one). Paid, as `paid` is.
    await request({
      merchant: b,
      kind: "payin",
      status: "approved",
      at: `${day}T19:00:00`,
      amount: "400.00",
      paid: "400.00",
      paidAt: `${day}T19:01:20`,
    });
    await request({
      merchant: b,
      kind: "payin_p2p",
      status: "approved",
      at: `${day}T20:00:00`,
      amount: "500.00",
      paid: "500.00",
      paidAt: `${day}T20:01:40`,
    });
    // Settled after it was recorded, at 00:00:40 on the 15th: the trigger moves it from pending to paid.
    await setup.db
      .update(paymentRequests)
      .set({ status: "paid", paidAmount: "100.33", paidAt: new Date(`${next}T00:00:40+07:00`) })
      .where(eq(paymentRequests.id, edge));

    for (const scope of [{ merchantIds: null }, { merchantIds: [a] }] satisfies Scope[]) {
      for (const [from, to] of [
        [day, day],
        [next, next],
        [day, next],
      ] as const) {
        const { range, error } = parseRange({ range: "custom", from, to });
        expect(error).toBeNull();
        const { current } = await overviewFigures(setup.db, scope, "all", range);
        const payIns = await exported(setup.db, scope, { tab: "payin", from, to });
        const paid = withStatus(payIns, "paid", "approved");
        const failed = withStatus(payIns, "rejected", "expired");
        expect(current.payIn.paid).toEqual({ count: paid.length, satang: sum(paid, "paid_amount") });
        expect(current.payIn.rejected).toBe(withStatus(payIns, "rejected").length);
        expect(current.payIn.expired).toBe(withStatus(payIns, "expired").length);
        expect(current.payIn.successRate).toBe(paid.length + failed.length === 0 ? null : paid.length / (paid.length + failed.length));
        for (const tab of ["payout", "withdrawal"] as const) {
          const rows = await exported(setup.db, scope, { tab, from, to });
          const succeeded = withStatus(rows, "paid", "approved");
          expect(current[tab === "payout" ? "payOut" : "withdrawal"].succeeded).toEqual({
            count: succeeded.length,
            satang: sum(succeeded, "requested_amount"),
          });
          const failedOut = withStatus(rows, "rejected", "expired", "canceled");
          expect(current[tab === "payout" ? "payOut" : "withdrawal"].failed).toEqual({
            count: failedOut.length,
            satang: sum(failedOut, "requested_amount"),
          });
        }
      }
    }

    // Spelled out once, so the comparison above cannot pass by both sides being empty.
    const { range } = parseRange({ range: "custom", from: day, to: day });
    const all = await overviewFigures(setup.db, { merchantIds: null }, "all", range);
    expect(all.current.payIn.paid).toEqual({ count: 6, satang: 10_033 + 25_041 + 30_000 + 100_022 + 40_000 + 50_000 });
    expect(all.current.payIn).toMatchObject({ rejected: 1, expired: 3 });
    expect(all.current.p2p).toEqual({ matched: 2, unmatched: 1, open: 0 });
    expect(all.current.payOut.succeeded).toEqual({ count: 1, satang: 200_000 });
    expect(all.current.withdrawal.succeeded).toEqual({ count: 1, satang: 700_000 });
    const onlyA = await overviewFigures(setup.db, { merchantIds: [a] }, "all", range);
    expect(onlyA.current.payIn.paid.count).toBe(3);
    // Asking for the other merchant by name, out of scope, shows nothing of it.
    expect((await overviewFigures(setup.db, { merchantIds: [a] }, b, range)).current.payIn.paid.count).toBe(0);
    // One bar per hour: the 00:00 bar holds the 250.41 paid then, the 23:00 bar the request settled after midnight.
    expect(all.series).toHaveLength(24);
    expect(all.series[0]!.moneyInSatang).toBe(25_041);
    expect(all.series[23]!.moneyInSatang).toBe(10_033);
    expect(all.series.reduce((s, bucket) => s + bucket.moneyInSatang, 0)).toBe(all.current.payIn.paid.satang);
    expect(all.series[15]!.moneyOutSatang).toBe(200_000);
    expect(all.series[19]!.moneyInSatang).toBe(40_000);
    // Times to pay: 70 s, 90 s, 10 min, 2 min, 80 s, 100 s → median about 90 s, p90 about 10 min (5 % buckets).
    expect(all.current.timeToPay.count).toBe(6);
    expect(all.current.timeToPay.median).toBeGreaterThanOrEqual(85);
    expect(all.current.timeToPay.median).toBeLessThanOrEqual(95);
    expect(all.current.timeToPay.p90).toBeGreaterThanOrEqual(570);
    expect(all.current.timeToPay.p90).toBeLessThanOrEqual(630);
    // Waiting now, whatever the period.
    expect(all.waiting.awaitingApproval).toMatchObject({ count: 1, satang: 6_000_000 });
    // An endpoint of A's failing now counts for A's viewers, not for B alone.
    const { endpoint } = await createEndpoint(setup.db, vault, {
      merchantRowId: a,
      url: "https://shop.example/hooks",
      description: null,
      eventTypes: ["payin.paid"],
      createdBy: null,
    });
    await setup.db.update(webhookEndpoints).set({ failingSince: new Date() }).where(eq(webhookEndpoints.id, endpoint.id));
    expect((await overviewFigures(setup.db, { merchantIds: [a] }, "all", range)).waiting.endpointsFailing).toBe(1);
    expect((await overviewFigures(setup.db, { merchantIds: null }, b, range)).waiting.endpointsFailing).toBe(0);
    expect(all.current.outbound).toEqual({ failed: 0, retrying: 0 });
    // The day before has nothing: the previous period's figures are zero, not the same.
    expect(all.previous.payIn.paid).toEqual({ count: 0, satang: 0 });
  });
});

describe("the time-to-pay histogram", () => {
  it("answers the bucket the quantile falls in, and nothing without payments", () => {
    expect(quantileOfBuckets([], 0.5)).toBeNull();
    const bucketOf = (seconds: number) => Math.floor(Math.log(seconds) / Math.log(1.05));
    const buckets = [10, 20, 30, 40, 600].map((s) => ({ bucket: bucketOf(s), n: 1 }));
    expect(quantileOfBuckets(buckets, 0.5)).toBeGreaterThanOrEqual(29);
    expect(quantileOfBuckets(buckets, 0.5)).toBeLessThanOrEqual(32);
    expect(quantileOfBuckets(buckets, 0.9)).toBeGreaterThanOrEqual(590);
    expect(quantileOfBuckets(buckets, 0.9)).toBeLessThanOrEqual(630);
  });
});
