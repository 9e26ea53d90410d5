import { formatThb } from "../i18n";
import { formatDateTime } from "../i18n/date-time";
import type { Satang } from "../money";

/** A request as an e-mail names it: no account or PromptPay number (the e-mail leaves PayDesk). */
export interface ToldRequest {
  id: string;
  merchant: string;
  kind: "payin" | "payout" | "withdrawal";
  refId1: string;
  amountSatang: Satang;
  createdAt: Date;
  /** PayDesk's state now, and the provider's code when it gave one. */
  state: string;
  statusCode: string | null;
}

type Locale = "th" | "en";

const KIND = {
  th: { payin: "รับชำระ (Pay-In)", payout: "โอนจ่าย (Pay-Out)", withdrawal: "ถอนเงิน (Withdrawal)" },
  en: { payin: "Pay-In", payout: "Pay-Out", withdrawal: "Withdrawal" },
} as const;

/** What happened to a request that needs attention, in a few words. */
const WHAT = {
  th: {
    needs_review: "ต้องให้เจ้าหน้าที่ตรวจสอบ: ผู้ให้บริการบอกไม่ได้ว่าคำขอนี้เป็นอย่างไร",
    rejected: "ผู้ให้บริการปฏิเสธหลังจากรับคำขอแล้ว: ผู้รับยังไม่ได้รับเงิน",
    expired: "หมดอายุที่ผู้ให้บริการ: ผู้รับยังไม่ได้รับเงิน",
  },
  en: {
    needs_review: "needs a person: the provider cannot tell what became of it",
    rejected: "rejected by the provider after it was accepted: the payee has not been paid",
    expired: "expired at the provider: the payee has not been paid",
  },
} as const;

const line = (locale: Locale, r: ToldRequest) =>
  `- ${r.merchant} · ${KIND[locale][r.kind]} ${formatThb(r.amountSatang)} · ${r.refId1} · ${formatDateTime(r.createdAt, locale)}`;

function attentionLines(locale: Locale, attention: readonly ToldRequest[], consoleUrl: string): string[] {
  return attention.flatMap((r) => {
    const what = (WHAT[locale] as Record<string, string>)[r.state] ?? r.state;
    return [line(locale, r), `  ${what}${r.statusCode ? ` (${r.statusCode})` : ""}`, `  ${new URL(`/requests/${r.id}`, consoleUrl).href}`];
  });
}

/**
 * The one e-mail a person gets for everything that waits for them (lib/notify/worker.ts gathers
 * it): requests waiting for their approval, and requests that need their attention. In the
 * person's language (Thai unless they chose English), plain text (read anywhere, nothing to load),
 * with links into the console.
 */
export function staffEmail(
  locale: Locale,
  { waiting, attention }: { waiting: readonly ToldRequest[]; attention: readonly ToldRequest[] },
  consoleUrl: string,
): { subject: string; text: string } {
  const mail = gathered(locale, { waiting, attention }, consoleUrl);
  // Every e-mail ends with where the person turns them off (lib/notify/choices.ts).
  const choose = new URL(NOTIFICATION_CHOICES_PATH, consoleUrl).href;
  const footer = locale === "en" ? `Choose which e-mails PayDesk sends you: ${choose}` : `เลือกอีเมลที่ต้องการรับจาก PayDesk ได้ที่: ${choose}`;
  return { subject: mail.subject, text: `${mail.text}\n${footer}` };
}

/** The console page where a person chooses their staff e-mails. */
export const NOTIFICATION_CHOICES_PATH = "/account/notifications";

function gathered(
  locale: Locale,
  { waiting, attention }: { waiting: readonly ToldRequest[]; attention: readonly ToldRequest[] },
  consoleUrl: string,
): { subject: string; text: string } {
  const approvalsUrl = new URL("/approvals", consoleUrl).href;
  if (attention.length === 0) return approvalWaitingEmail(locale, waiting, approvalsUrl);
  const attentionEmail = attentionOnlyEmail(locale, attention, consoleUrl);
  if (waiting.length === 0) return attentionEmail;
  const approvals = approvalWaitingEmail(locale, waiting, approvalsUrl);
  const count = waiting.length + attention.length;
  return {
    subject: locale === "en" ? `[PayDesk] ${count} requests need you` : `[PayDesk] ${count} รายการรอคุณ`,
    // Attention first (something went wrong), then the approvals; each with its own closing words.
    text: `${attentionEmail.text}\n\n${approvals.text}`,
  };
}

function attentionOnlyEmail(locale: Locale, attention: readonly ToldRequest[], consoleUrl: string): { subject: string; text: string } {
  const one = attention.length === 1 ? attention[0]! : null;
  if (locale === "en") {
    const what = one
      ? `${KIND.en[one.kind]} ${one.refId1} ${one.state === "needs_review" ? "needs a person" : `was ${one.state}`}`
      : `${attention.length} requests`;
    return {
      subject: `[PayDesk] Needs your attention: ${what}`,
      text: [
        "These requests need a person to look at them:",
        "",
        ...attentionLines("en", attention, consoleUrl),
        "",
        "You get this e-mail because you made these requests, or you may approve Pay-Outs for their merchants in PayDesk.",
      ].join("\n"),
    };
  }
  const what = one ? `${KIND.th[one.kind]} ${one.refId1}` : `${attention.length} รายการ`;
  return {
    subject: `[PayDesk] ต้องให้คุณตรวจสอบ: ${what}`,
    text: [
      "รายการต่อไปนี้ต้องให้เจ้าหน้าที่ตรวจสอบ:",
      "",
      ...attentionLines("th", attention, consoleUrl),
      "",
      "คุณได้รับอีเมลนี้เพราะคุณเป็นผู้สร้างรายการเหล่านี้ หรือมีสิทธิ์อนุมัติการโอนจ่ายของร้านค้าเหล่านี้ใน PayDesk",
    ].join("\n"),
  };
}

/** Requests waiting for the person's approval, with the link to the console's Approvals page. */
function approvalWaitingEmail(locale: Locale, waiting: readonly ToldRequest[], approvalsUrl: string): { subject: string; text: string } {
  const total = formatThb(waiting.reduce((sum, w) => sum + w.amountSatang, 0));
  const lines = waiting.map((w) => line(locale, w));
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
