import { describe, expect, it } from "vitest";
import { parseWebhook } from "./parse";

const params = (entries: Record<string, string | null>) => Object.entries(entries).map(([Name, Value]) => ({ Name, Value }));

describe("parseWebhook", () => {
  it("routes on EVENT_TYPE, accepting the live pay-in success Type", () => {
    const r = parseWebhook({
      Id: "job-1",
      Type: "Payment.Success",
      Parameters: params({ EVENT_TYPE: "PaymentIn.Success", PMR_ID: "abc", TX_AMOUNT: "325.52", MERCHANT_ID: "m" }),
    });
    expect(r).toMatchObject({
      ok: true,
      event: { jobId: "job-1", event: "PaymentIn.Success", requestId: "abc", txSatang: 32_552, merchantId: "m" },
    });
  });

  it("falls back to Type when EVENT_TYPE is missing", () => {
    expect(parseWebhook({ Id: "j", Type: "Payment.Success", Parameters: [] })).toMatchObject({
      ok: true,
      event: { event: "PaymentIn.Success" },
    });
    expect(parseWebhook({ Id: "j", Type: "PaymentOut.Rejected", Parameters: [] })).toMatchObject({
      ok: true,
      event: { event: "PaymentOut.Rejected" },
    });
  });

  it("reads camelCase bodies, parameter objects and any casing of names", () => {
    const r = parseWebhook({
      id: 7,
      type: "PaymentOut.Success",
      parameters: { event_type: "PaymentOut.Success", tx_amount: "5.00", payout_is_partial: "True", payout_paid_amount_inclusive: "325" },
    });
    expect(r).toMatchObject({ ok: true, event: { jobId: "7", txSatang: 500, isPartial: true, paidInclusiveSatang: 32_500 } });
  });

  it.each([
    ["325", 32_500],
    ["325.5", 32_550],
    ["325.52", 32_552],
    ["5.00", 500],
  ])("parses .NET number text %s exactly", (text, satang) => {
    const r = parseWebhook({ Id: "j", Parameters: params({ EVENT_TYPE: "PaymentIn.Success", TX_AMOUNT: text }) });
    expect(r.ok && r.event.txSatang).toBe(satang);
  });

  it.each([
    [null, /not a provider webhook job/],
    [[], /not a provider webhook job/],
    [{ Id: "j" }, /not a provider webhook job/],
    [{ Id: "j", Parameters: params({ EVENT_TYPE: "Payment.Unidentified" }) }, /unknown event/],
    [{ Id: "j", Parameters: params({ EVENT_TYPE: "PaymentIn.Success", TX_AMOUNT: "abc" }) }, /not a number/],
  ])("refuses %j with a reason", (body, reason) => {
    const r = parseWebhook(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
