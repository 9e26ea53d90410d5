import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FilterValues } from "@/lib/requests/list-filters";
import type { ListRow } from "@/lib/requests/queries";
import { RequestTable } from "./request-table";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const row = (over: Partial<ListRow>): ListRow =>
  ({
    id: "req_1",
    merchantId: "m1",
    merchantName: "Siam Coffee",
    kind: "payin",
    isWithdrawal: false,
    refundOf: null,
    refId1: "R1",
    refId2: null,
    refId3: null,
    payerName: "Somchai",
    requestedAmount: "150.00",
    generatedAmount: "150.00",
    paidAmount: "150.00",
    feePct: "1.5000",
    discardCent: false,
    feeAmount: null,
    paidAt: new Date("2026-11-27T05:00:00Z"),
    status: "paid",
    statusCode: "OK",
    statusReason: null,
    statusFacts: null,
    providerId: null,
    destination: null,
    description: null,
    tags: null,
    expireAt: null,
    createdAt: new Date("2026-11-27T04:00:00Z"),
    createdByName: null,
    cursorKey: "",
    ...over,
  }) as ListRow;

const table = (rows: ListRow[], locale: "en" | "th") =>
  text(
    renderToStaticMarkup(
      RequestTable({ rows, locale, caption: "Requests", showMerchant: false, values: {} as FilterValues, sort: "newest" }),
    ),
  );

describe("the list's money column", () => {
  it("shows what the wallet moved by and the provider's fee under what was paid, in both languages", () => {
    const rows = [
      row({}),
      row({
        id: "req_2",
        refId1: "R2",
        kind: "payout",
        requestedAmount: "1000.00",
        paidAmount: "1000.00",
        feePct: "0.5",
        feeAmount: "5.00",
      }),
    ];
    const en = table(rows, "en");
    expect(en).toContain("paid ฿150.00 net ฿147.75 · fee ฿2.25");
    expect(en).toContain("debited ฿1,005.00 · fee ฿5.00");
    expect(table(rows, "th")).toContain("สุทธิ ฿147.75 · ค่าธรรมเนียม ฿2.25");
  });

  it("shows no fee for a request with nothing paid or no rate known", () => {
    const en = table([row({ paidAmount: "0.00", status: "pending" }), row({ id: "req_3", feePct: null })], "en");
    expect(en).not.toContain("fee ฿");
  });
});
