import { defineMessages, formatThb } from "../i18n";
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

/** Every word of a staff e-mail, in both languages (plain text: read anywhere, nothing to load). */
const WORDS = defineMessages({
  en: {
    payin: "Pay-In",
    payout: "Pay-Out",
    withdrawal: "Withdrawal",
    needs_review: "needs a person: the provider cannot tell what became of it",
    rejected: "rejected by the provider after it was accepted: the payee has not been paid",
    expired: "expired at the provider: the payee has not been paid",
    footer: (url: string) => `Choose which e-mails PayDesk sends you: ${url}`,
    bothSubject: (count: number) => `[PayDesk] ${count} requests need you`,
    attentionOne: (kind: string, refId1: string, state: string) =>
      `${kind} ${refId1} ${state === "needs_review" ? "needs a person" : `was ${state}`}`,
    attentionMany: (count: number) => `${count} requests`,
    attentionSubject: (what: string) => `[PayDesk] Needs your attention: ${what}`,
    attentionIntro: "These requests need a person to look at them:",
    attentionWhy: "You get this e-mail because you made these requests, or you may approve Pay-Outs for their merchants in PayDesk.",
    approvalOne: (kind: string, total: string) => `a ${kind} of ${total}`,
    approvalMany: (count: number, total: string) => `${count} requests, ${total} in all`,
    approvalSubject: (what: string) => `[PayDesk] Waiting for your approval: ${what}`,
    approvalIntro: (count: number) =>
      `Waiting for a second person's approval before PayDesk sends ${count === 1 ? "it" : "them"} to the provider:`,
    approvalLink: (url: string) => `Approve or decline: ${url}`,
    approvalWhy: "You get this e-mail because you may approve Pay-Outs for these merchants in PayDesk.",
  },
  th: {
    payin: "รับชำระ (Pay-In)",
    payout: "โอนจ่าย (Pay-Out)",
    withdrawal: "ถอนเงิน (Withdrawal)",
    needs_review: "ต้องให้เจ้าหน้าที่ตรวจสอบ: ผู้ให้บริการบอกไม่ได้ว่าคำขอนี้เป็นอย่างไร",
    rejected: "ผู้ให้บริการปฏิเสธหลังจากรับคำขอแล้ว: ผู้รับยังไม่ได้รับเงิน",
    expired: "หมดอายุที่ผู้ให้บริการ: ผู้รับยังไม่ได้รับเงิน",
    footer: (url: string) => `เลือกอีเมลที่ต้องการรับจาก PayDesk ได้ที่: ${url}`,
    bothSubject: (count: number) => `[PayDesk] ${count} รายการรอคุณ`,
    // Thai names the request alone; the state is in the line below it.
    attentionOne: (kind: string, refId1: string, _state: string) => `${kind} ${refId1}`,
    attentionMany: (count: number) => `${count} รายการ`,
    attentionSubject: (what: string) => `[PayDesk] ต้องให้คุณตรวจสอบ: ${what}`,
    attentionIntro: "รายการต่อไปนี้ต้องให้เจ้าหน้าที่ตรวจสอบ:",
    attentionWhy: "คุณได้รับอีเมลนี้เพราะคุณเป็นผู้สร้างรายการเหล่านี้ หรือมีสิทธิ์อนุมัติการโอนจ่ายของร้านค้าเหล่านี้ใน PayDesk",
    approvalOne: (kind: string, total: string) => `${kind} ${total}`,
    approvalMany: (count: number, total: string) => `${count} รายการ รวม ${total}`,
    approvalSubject: (what: string) => `[PayDesk] รอคุณอนุมัติ: ${what}`,
    approvalIntro: (_count: number) => "รายการต่อไปนี้รอผู้อนุมัติคนที่สองก่อน PayDesk จะส่งไปยังผู้ให้บริการ:",
    approvalLink: (url: string) => `อนุมัติหรือปฏิเสธได้ที่: ${url}`,
    approvalWhy: "คุณได้รับอีเมลนี้เพราะคุณมีสิทธิ์อนุมัติการโอนจ่ายของร้านค้าเหล่านี้ใน PayDesk",
  },
});

/** What happened to a request that needs attention, in a few words; a state without words is named as it is. */
const STATE_WORDS = ["needs_review", "rejected", "expired"] as const;
const stateWords = (locale: Locale, state: string) =>
  (STATE_WORDS as readonly string[]).includes(state) ? WORDS(locale)[state as (typeof STATE_WORDS)[number]] : state;

const line = (locale: Locale, r: ToldRequest) =>
  `- ${r.merchant} · ${WORDS(locale)[r.kind]} ${formatThb(r.amountSatang)} · ${r.refId1} · ${formatDateTime(r.createdAt, locale)}`;

function attentionLines(locale: Locale, attention: readonly ToldRequest[], consoleUrl: string): string[] {
  return attention.flatMap((r) => [
    line(locale, r),
    `  ${stateWords(locale, r.state)}${r.statusCode ? ` (${r.statusCode})` : ""}`,
    `  ${new URL(`/requests/${r.id}`, consoleUrl).href}`,
  ]);
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
  return { subject: mail.subject, text: `${mail.text}\n${WORDS(locale).footer(choose)}` };
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
    subject: WORDS(locale).bothSubject(count),
    // Attention first (something went wrong), then the approvals; each with its own closing words.
    text: `${attentionEmail.text}\n\n${approvals.text}`,
  };
}

function attentionOnlyEmail(locale: Locale, attention: readonly ToldRequest[], consoleUrl: string): { subject: string; text: string } {
  const t = WORDS(locale);
  const one = attention.length === 1 ? attention[0]! : null;
  const what = one ? t.attentionOne(t[one.kind], one.refId1, one.state) : t.attentionMany(attention.length);
  return {
    subject: t.attentionSubject(what),
    text: [t.attentionIntro, "", ...attentionLines(locale, attention, consoleUrl), "", t.attentionWhy].join("\n"),
  };
}

/** Requests waiting for the person's approval, with the link to the console's Approvals page. */
function approvalWaitingEmail(locale: Locale, waiting: readonly ToldRequest[], approvalsUrl: string): { subject: string; text: string } {
  const t = WORDS(locale);
  const total = formatThb(waiting.reduce((sum, w) => sum + w.amountSatang, 0));
  const what = waiting.length === 1 ? t.approvalOne(t[waiting[0]!.kind], total) : t.approvalMany(waiting.length, total);
  return {
    subject: t.approvalSubject(what),
    text: [
      t.approvalIntro(waiting.length),
      "",
      ...waiting.map((w) => line(locale, w)),
      "",
      t.approvalLink(approvalsUrl),
      "",
      t.approvalWhy,
    ].join("\n"),
  };
}
