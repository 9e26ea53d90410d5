/**
 * Every LINE message PayDesk sends, in both languages: LINE's limits (altText ≤ 1,500 characters,
 * a button's label ≤ 20, a bubble ≤ 30 KB), the amount, merchant and RefId1 where it tells of a
 * request, the button to PayDesk, and nothing that names an account.
 */
import { describe, expect, it } from "vitest";
import { toSatang, type Satang } from "../money";
import { linkOfferMessage, linkResultMessage, requestMessage, summaryMessage, type RequestMessageKind } from "./messages";

const request = { id: "req_1", merchant: "ร้านกาแฟ Siam", kind: "payout" as const, refId1: "PO-0042", amountSatang: toSatang("60000.00") };
const KINDS: RequestMessageKind[] = ["approval.waiting", "request.needs_review", "payout.failed", "payin.paid_large"];
const URL = "https://paydesk.example/requests/req_1";

type Bubble = { altText: string; contents: unknown };
function withinLimits(message: Bubble) {
  expect(message.altText.length).toBeLessThanOrEqual(1_500);
  expect(JSON.stringify(message.contents).length).toBeLessThanOrEqual(30_000);
  for (const label of JSON.stringify(message.contents).matchAll(/"label":"([^"]*)"/g))
    expect([...label[1]!].length).toBeLessThanOrEqual(20);
}

describe("LINE messages", () => {
  it("each request kind, in Thai and English: what happened, amount, merchant, RefId1 and a button to the request", () => {
    const titles = new Set<string>();
    for (const kind of KINDS)
      for (const locale of ["th", "en"] as const) {
        const message = requestMessage(kind, request, locale, URL);
        withinLimits(message);
        const words = JSON.stringify(message);
        for (const part of ["฿60,000.00", "ร้านกาแฟ Siam", "PO-0042", URL]) expect(words).toContain(part);
        expect(message.altText).toContain("฿60,000.00");
        titles.add(message.altText.split(":")[1]!);
      }
    // Eight different titles: no kind borrows another's, no language another's.
    expect(titles.size).toBe(8);
    expect(requestMessage("approval.waiting", request, "th", URL).altText).toBe("PayDesk: รอคุณอนุมัติ: โอนจ่าย ฿60,000.00 (PO-0042)");
    expect(requestMessage("payout.failed", request, "en", URL).altText).toBe(
      "PayDesk: Money out failed after it was accepted: Pay-Out ฿60,000.00 (PO-0042)",
    );
  });

  it("the daily summary, in both languages, with the day, the figures and a negative net written as such", () => {
    const summary = {
      merchant: "ร้านสรุป",
      day: "2026-11-29",
      untilTime: "18:00",
      moneyIn: { count: 3, satang: toSatang("1000.00") },
      moneyOut: { count: 1, satang: toSatang("2500.00") },
      netSatang: -toSatang("1520.00") as Satang,
      feesUnknown: true,
      waitingApproval: 2,
      needsReview: 0,
      failed: 1,
    };
    const th = JSON.stringify(summaryMessage(summary, "th", "https://paydesk.example/overview"));
    const en = JSON.stringify(summaryMessage(summary, "en", "https://paydesk.example/overview"));
    withinLimits(summaryMessage(summary, "th", "https://paydesk.example/overview"));
    expect(th).toContain("2026-11-29 ถึง 18:00 น.");
    expect(th).toContain("฿1,000.00 · 3 รายการ");
    expect(th).toContain("−฿1,520.00 (ค่าธรรมเนียมบางรายการยังไม่ทราบ)");
    expect(en).toContain("2026-11-29 until 18:00");
    expect(en).toContain("฿2,500.00 · 1 request");
    expect(en).toContain("2 requests");
    expect(JSON.stringify(summaryMessage({ ...summary, untilTime: null }, "en", "x"))).toContain("The whole of 2026-11-29");
  });

  it("the link offer (Thai then English) and its result in each language", () => {
    const offer = linkOfferMessage("https://paydesk.example/account/line/link?linkToken=t");
    withinLimits(offer);
    expect(offer.altText).toBe("PayDesk: เชื่อมบัญชี LINE นี้กับบัญชี PayDesk ของคุณ / PayDesk: link this LINE account to your PayDesk account");
    expect(JSON.stringify(offer)).toContain("linkToken=t");
    expect(linkResultMessage("th", "สมชาย").text).toContain("สมชาย");
    expect(linkResultMessage("en", null).text).toBe(
      "This LINE account was not linked. Open a new link from PayDesk's message and try again.",
    );
  });
});
