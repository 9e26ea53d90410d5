import { defineMessages, formatThb } from "../i18n";
import type { Satang } from "../money";

/**
 * Every LINE message PayDesk sends, as LINE's message objects (docs/line-facts.md: a Flex bubble,
 * its `altText` shown on the lock screen, a button's label at most 20 characters), in the reader's
 * language, Thai first. A message names the amount, the merchant and RefId1 and opens the request
 * in PayDesk; it never carries an account or PromptPay number: it leaves PayDesk.
 */
type Locale = "th" | "en";

export interface LineToldRequest {
  id: string;
  merchant: string;
  kind: "payin" | "payout" | "withdrawal";
  refId1: string;
  amountSatang: Satang;
}

const WORDS = defineMessages({
  en: {
    payin: "Pay-In",
    payout: "Pay-Out",
    withdrawal: "Withdrawal",
    open: "Open in PayDesk",
    merchant: "Merchant",
    reference: "RefId1",
    "approval.waiting": "Waiting for your approval",
    "request.needs_review": "Needs a person",
    "payout.failed": "Money out failed after it was accepted",
    "payin.paid_large": "A large Pay-In was paid",
    alt: (title: string, kind: string, amount: string, refId1: string) => `PayDesk: ${title}: ${kind} ${amount} (${refId1})`,
    offerTitle: "Get PayDesk's messages here",
    offerBody: "Link this LINE account to your PayDesk account: open the link, sign in to PayDesk and confirm.",
    offerButton: "Link account",
    offerAlt: "PayDesk: link this LINE account to your PayDesk account",
    linked: (name: string) => `Linked: PayDesk will message ${name} here. Choose which messages in PayDesk, Account → Notifications.`,
    notLinked: "This LINE account was not linked. Open a new link from PayDesk's message and try again.",
  },
  th: {
    payin: "รับชำระ",
    payout: "โอนจ่าย",
    withdrawal: "ถอนเงิน",
    open: "เปิดใน PayDesk",
    merchant: "ร้านค้า",
    reference: "RefId1",
    "approval.waiting": "รอคุณอนุมัติ",
    "request.needs_review": "ต้องให้เจ้าหน้าที่ตรวจสอบ",
    "payout.failed": "โอนเงินออกไม่สำเร็จหลังผู้ให้บริการรับคำขอแล้ว",
    "payin.paid_large": "มีการชำระเงินยอดสูง",
    alt: (title: string, kind: string, amount: string, refId1: string) => `PayDesk: ${title}: ${kind} ${amount} (${refId1})`,
    offerTitle: "รับข้อความจาก PayDesk ที่นี่",
    offerBody: "เชื่อมบัญชี LINE นี้กับบัญชี PayDesk ของคุณ: เปิดลิงก์ ลงชื่อเข้าใช้ PayDesk แล้วยืนยัน",
    offerButton: "เชื่อมบัญชี",
    offerAlt: "PayDesk: เชื่อมบัญชี LINE นี้กับบัญชี PayDesk ของคุณ",
    linked: (name: string) => `เชื่อมบัญชีแล้ว: PayDesk จะส่งข้อความถึง ${name} ที่นี่ เลือกข้อความที่ต้องการได้ใน PayDesk เมนูบัญชี → การแจ้งเตือน`,
    notLinked: "ยังไม่ได้เชื่อมบัญชี LINE นี้ กรุณาเปิดลิงก์ใหม่จากข้อความของ PayDesk แล้วลองอีกครั้ง",
  },
});

export type RequestMessageKind = "approval.waiting" | "request.needs_review" | "payout.failed" | "payin.paid_large";

const text = (value: string, extra: Record<string, unknown> = {}) => ({ type: "text", text: value, wrap: true, ...extra });
const row = (label: string, value: string) => ({
  type: "box",
  layout: "baseline",
  spacing: "sm",
  contents: [text(label, { size: "sm", color: "#6B7280", flex: 2 }), text(value, { size: "sm", flex: 5 })],
});
const button = (label: string, uri: string) => ({
  type: "box",
  layout: "vertical",
  contents: [{ type: "button", style: "primary", color: "#047857", height: "sm", action: { type: "uri", label, uri } }],
});

/** A Flex message of one bubble: its lines, one button, and the words shown where the bubble cannot be (≤ 1,500). */
const flexBubble = (altText: string, lines: unknown[], footer: ReturnType<typeof button>) => ({
  type: "flex",
  altText: altText.slice(0, 1_500),
  contents: { type: "bubble", body: { type: "box", layout: "vertical", spacing: "md", contents: lines }, footer },
});

/** A request's message: what happened, the amount, merchant and RefId1, and a button that opens it. */
export function requestMessage(kind: RequestMessageKind, request: LineToldRequest, locale: Locale, requestUrl: string) {
  const w = WORDS(locale);
  const amount = formatThb(request.amountSatang);
  return flexBubble(
    w.alt(w[kind], w[request.kind], amount, request.refId1),
    [
      text(w[kind], { weight: "bold", size: "md", color: kind === "payout.failed" ? "#B91C1C" : "#111827" }),
      text(`${w[request.kind]} ${amount}`, { weight: "bold", size: "xl" }),
      row(w.merchant, request.merchant),
      row(w.reference, request.refId1),
    ],
    button(w.open, requestUrl),
  );
}

/** Sent to a LINE user who followed or wrote to the account and is not linked: the link page's address. */
export function linkOfferMessage(linkUrl: string) {
  // Whose language is not known yet: Thai, then English.
  const [th, en] = [WORDS("th"), WORDS("en")];
  return flexBubble(
    `${th.offerAlt} / ${en.offerAlt}`,
    [text(th.offerTitle, { weight: "bold" }), text(th.offerBody, { size: "sm" }), text(en.offerBody, { size: "sm", color: "#6B7280" })],
    button(th.offerButton, linkUrl),
  );
}

export function linkResultMessage(locale: Locale, linkedName: string | null) {
  const w = WORDS(locale);
  return { type: "text", text: linkedName === null ? w.notLinked : w.linked(linkedName) };
}

export interface DailySummary {
  merchant: string;
  /** The Bangkok day it covers (YYYY-MM-DD) and until when: the whole day, or today so far. */
  day: string;
  untilTime: string | null;
  moneyIn: { count: number; satang: Satang };
  moneyOut: { count: number; satang: Satang };
  /** What the wallet moved by: money in less fees, less money out and its fees, of what the fees are known. */
  netSatang: Satang;
  feesUnknown: boolean;
  waitingApproval: number;
  needsReview: number;
  failed: number;
}

const SUMMARY_WORDS = defineMessages({
  en: {
    title: (merchant: string) => `Daily summary · ${merchant}`,
    wholeDay: (day: string) => `The whole of ${day} (Bangkok)`,
    soFar: (day: string, time: string) => `${day} until ${time} (Bangkok)`,
    moneyIn: "Money in",
    moneyOut: "Money out",
    net: "Net to the wallet",
    feesUnknown: "some fees not known yet",
    waiting: "Waiting for approval",
    review: "Needs a person",
    failed: "Money out failed",
    count: (n: number) => `${n} ${n === 1 ? "request" : "requests"}`,
    open: "Open the overview",
    alt: (merchant: string, moneyIn: string, moneyOut: string) => `PayDesk: ${merchant}: money in ${moneyIn}, money out ${moneyOut}`,
  },
  th: {
    title: (merchant: string) => `สรุปประจำวัน · ${merchant}`,
    wholeDay: (day: string) => `ทั้งวัน ${day} (เวลากรุงเทพฯ)`,
    soFar: (day: string, time: string) => `${day} ถึง ${time} น. (เวลากรุงเทพฯ)`,
    moneyIn: "เงินเข้า",
    moneyOut: "เงินออก",
    net: "สุทธิเข้ากระเป๋าเงิน",
    feesUnknown: "ค่าธรรมเนียมบางรายการยังไม่ทราบ",
    waiting: "รออนุมัติ",
    review: "ต้องให้เจ้าหน้าที่ตรวจสอบ",
    failed: "โอนเงินออกไม่สำเร็จ",
    count: (n: number) => `${n} รายการ`,
    open: "เปิดภาพรวม",
    alt: (merchant: string, moneyIn: string, moneyOut: string) => `PayDesk: ${merchant}: เงินเข้า ${moneyIn} เงินออก ${moneyOut}`,
  },
});

/** The merchant's day in figures (the overview's, lib/overview/figures.ts), and a button to the overview. */
export function summaryMessage(summary: DailySummary, locale: Locale, overviewUrl: string) {
  const w = SUMMARY_WORDS(locale);
  const signed = (satang: Satang) => (satang < 0 ? `−${formatThb(-satang as Satang)}` : formatThb(satang));
  return flexBubble(
    w.alt(summary.merchant, formatThb(summary.moneyIn.satang), formatThb(summary.moneyOut.satang)),
    [
      text(w.title(summary.merchant), { weight: "bold", size: "md" }),
      text(summary.untilTime ? w.soFar(summary.day, summary.untilTime) : w.wholeDay(summary.day), { size: "sm", color: "#6B7280" }),
      row(w.moneyIn, `${formatThb(summary.moneyIn.satang)} · ${w.count(summary.moneyIn.count)}`),
      row(w.moneyOut, `${formatThb(summary.moneyOut.satang)} · ${w.count(summary.moneyOut.count)}`),
      row(w.net, `${signed(summary.netSatang)}${summary.feesUnknown ? ` (${w.feesUnknown})` : ""}`),
      row(w.waiting, w.count(summary.waitingApproval)),
      row(w.review, w.count(summary.needsReview)),
      row(w.failed, w.count(summary.failed)),
    ],
    button(w.open, overviewUrl),
  );
}
