import { formatThb } from "../i18n";
import { formatDateTime } from "../i18n/date-time";
import type { Satang } from "../money";

export interface WaitingRequest {
  merchant: string;
  kind: "payout" | "withdrawal";
  refId1: string;
  amountSatang: Satang;
  createdAt: Date;
}

const KIND = {
  th: { payout: "โอนจ่าย (Pay-Out)", withdrawal: "ถอนเงิน (Withdrawal)" },
  en: { payout: "Pay-Out", withdrawal: "Withdrawal" },
} as const;

/**
 * The e-mail telling a person that requests wait for their approval: every request in one e-mail,
 * in the person's language (Thai unless they chose English), plain text (read anywhere, nothing
 * to load), with the link to the console's Approvals page. No account detail beyond what the
 * console's list shows: the e-mail leaves PayDesk.
 */
export function approvalWaitingEmail(
  locale: "th" | "en",
  waiting: readonly WaitingRequest[],
  approvalsUrl: string,
): { subject: string; text: string } {
  const total = formatThb(waiting.reduce((sum, w) => sum + w.amountSatang, 0));
  const lines = waiting.map(
    (w) => `- ${w.merchant} · ${KIND[locale][w.kind]} ${formatThb(w.amountSatang)} · ${w.refId1} · ${formatDateTime(w.createdAt, locale)}`,
  );
  if (locale === "en") {
    const what = waiting.length === 1 ? `a ${KIND.en[waiting[0]!.kind]} of ${total}` : `${waiting.length} requests, ${total} in all`;
    return {
      subject: `[PayDesk] Waiting for your approval: ${what}`,
      text: [
        `Waiting for a second person's approval before PayDesk sends ${waiting.length === 1 ? "it" : "them"} to the provider:`,
        "",
        ...lines,
        "",
        `Approve or decline: ${approvalsUrl}`,
        "",
        "You get this e-mail because you may approve Pay-Outs for these merchants in PayDesk.",
      ].join("\n"),
    };
  }
  const what = waiting.length === 1 ? `${KIND.th[waiting[0]!.kind]} ${total}` : `${waiting.length} รายการ รวม ${total}`;
  return {
    subject: `[PayDesk] รอคุณอนุมัติ: ${what}`,
    text: [
      "รายการต่อไปนี้รอผู้อนุมัติคนที่สองก่อน PayDesk จะส่งไปยังผู้ให้บริการ:",
      "",
      ...lines,
      "",
      `อนุมัติหรือปฏิเสธได้ที่: ${approvalsUrl}`,
      "",
      "คุณได้รับอีเมลนี้เพราะคุณมีสิทธิ์อนุมัติการโอนจ่ายของร้านค้าเหล่านี้ใน PayDesk",
    ].join("\n"),
  };
}
