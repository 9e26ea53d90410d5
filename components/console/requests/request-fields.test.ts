import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RequestDetail } from "@/lib/requests/queries";
import { ProviderAnswer, RequestFields } from "./request-fields";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'");

describe("the provider's answer, when there is none", () => {
  it("says a request held for approval was never sent, not that the provider is silent", () => {
    const en = text(
      renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "awaiting_approval", locale: "en" })),
    );
    expect(en).toContain("Not sent to the provider yet: it waits for a second person's approval.");
    expect(en).not.toContain("has not answered");
    const th = text(
      renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "awaiting_approval", locale: "th" })),
    );
    expect(th).toContain("ยังไม่ได้ส่งให้ผู้ให้บริการ");
  });

  it("says the provider has not answered when the request was sent", () => {
    const en = text(renderToStaticMarkup(ProviderAnswer({ answer: null, refusedAtSubmit: false, state: "submitting", locale: "en" })));
    expect(en).toContain("The provider has not answered yet.");
  });
});

describe("the provider's fee on the request's page", () => {
  const detail = (over: Partial<RequestDetail["request"]>): RequestDetail =>
    ({
      request: {
        id: "req_1",
        kind: "payin",
        isWithdrawal: false,
        refId1: "R1",
        refId2: null,
        refId3: null,
        payerName: "Somchai",
        requestedAmount: "333.33",
        generatedAmount: "333.33",
        paidAmount: "333.33",
        paidAt: new Date("2026-11-27T05:00:00Z"),
        statusCode: "OK",
        statusReason: null,
        statusFacts: null,
        providerId: null,
        input: {},
        createdAt: new Date("2026-11-27T04:00:00Z"),
        updatedAt: new Date("2026-11-27T05:00:00Z"),
        expireAt: null,
        feePct: "1.5000",
        discardCent: true,
        feeAmount: null,
        ...over,
      },
      merchantName: "Siam Coffee",
      createdByName: null,
      createdByKeyName: null,
    }) as unknown as RequestDetail;
  const rendered = (d: RequestDetail, locale: "en" | "th") => text(renderToStaticMarkup(RequestFields({ detail: d, locale })));

  it("shows a fee computed from the provider's rate as computed, and what the wallet was credited, in both languages", () => {
    const en = rendered(detail({}), "en");
    expect(en).toMatch(/Provider's fee\s+฿5\.33\s+computed from the provider's 1\.5 % rate/);
    expect(en).toMatch(/Credited to the wallet\s+฿328\.00/);
    const th = rendered(detail({}), "th");
    expect(th).toMatch(/ค่าธรรมเนียมผู้ให้บริการ\s+฿5\.33\s+คำนวณจากอัตรา 1\.5%/);
    expect(th).toMatch(/เข้ากระเป๋าเงิน\s+฿328\.00/);
  });

  it("shows the fee the provider stated as such, and a Pay-Out's debit with the fee on top", () => {
    const stated = rendered(detail({ feeAmount: "5.00" }), "en");
    expect(stated).toMatch(/Provider's fee\s+฿5\.00\s+as the provider stated it/);
    const payout = rendered(
      detail({ kind: "payout", requestedAmount: "1000.00", paidAmount: "1000.00", feePct: "0.5", discardCent: null }),
      "en",
    );
    expect(payout).toMatch(/Debited from the wallet\s+฿1,005\.00/);
  });

  it("shows no fee while nothing is paid, or while the provider has said nothing of it", () => {
    expect(rendered(detail({ paidAmount: "0.00", paidAt: null }), "en")).not.toContain("Provider's fee");
    expect(rendered(detail({ feePct: null }), "en")).not.toContain("Provider's fee");
  });
});
