import { defineMessages, type Locale } from "../i18n/locale";
import type { FailureFacts, WireDetail } from "../provider/failure";
import { describeProviderCode } from "./codes";

/**
 * A provider failure's facts (lib/provider/failure.ts) in words for merchant staff in English or
 * Thai: worded once, when shown, in the reader's language (docs/DESIGN.md §11, "Facts, not
 * sentences"). The provider client itself words nothing.
 */
const detailMessages = defineMessages({
  en: {
    empty_answer: (status: number) => `HTTP ${status} with an empty answer`,
    not_json: (status: number) => `HTTP ${status} with an answer that is not JSON`,
    unexpected_status: (status: number) => `unexpected HTTP ${status}`,
    http_status: (status: number) => `HTTP ${status}`,
    unreadable_part: (part: string, issue: string) => `an answer PayDesk cannot read (${part}: ${issue})`,
    no_status: "an answer without a status",
    unreadable_payout: "a Pay-Out answer PayDesk cannot read",
    not_a_list: "a list answer that is not a list",
    unreadable_list: "a list PayDesk cannot read",
    connection_reset: "the connection was reset",
    connection_refused: "the connection was refused",
    host_unknown: "the host name could not be resolved",
    stalled: "the answer stalled",
    network: (code: string | null) => (code ? `network error ${code}` : "network error"),
    read_threw: (error: string) => `reading the provider's record failed inside PayDesk: ${error}`,
  },
  th: {
    empty_answer: (status: number) => `HTTP ${status} โดยไม่มีเนื้อหาคำตอบ`,
    not_json: (status: number) => `HTTP ${status} และคำตอบไม่ใช่ JSON`,
    unexpected_status: (status: number) => `HTTP ${status} ซึ่ง PayDesk ไม่ได้คาดไว้`,
    http_status: (status: number) => `HTTP ${status}`,
    unreadable_part: (part: string, issue: string) => `คำตอบที่ PayDesk อ่านไม่ได้ (${part}: ${issue})`,
    no_status: "คำตอบที่ไม่มีสถานะ",
    unreadable_payout: "คำตอบของ Pay-Out ที่ PayDesk อ่านไม่ได้",
    not_a_list: "คำตอบที่ควรเป็นรายการแต่ไม่ใช่รายการ",
    unreadable_list: "รายการที่ PayDesk อ่านไม่ได้",
    connection_reset: "การเชื่อมต่อถูกตัดกลางทาง",
    connection_refused: "ปลายทางปฏิเสธการเชื่อมต่อ",
    host_unknown: "ค้นหาชื่อโฮสต์ไม่พบ",
    stalled: "คำตอบค้างอยู่กลางทาง",
    network: (code: string | null) => (code ? `เครือข่ายขัดข้อง (${code})` : "เครือข่ายขัดข้อง"),
    read_threw: (error: string) => `การอ่านรายการจากผู้ให้บริการล้มเหลวภายใน PayDesk: ${error}`,
  },
});

/** A wire detail in the reader's language. */
export function detailWords(detail: WireDetail, locale: Locale): string {
  const t = detailMessages(locale);
  switch (detail.what) {
    case "empty_answer":
    case "not_json":
    case "unexpected_status":
    case "http_status":
      return t[detail.what](detail.status);
    case "unreadable_part":
      return t.unreadable_part(detail.part, detail.issue);
    case "network":
      return t.network(detail.code);
    case "read_threw":
      return t.read_threw(detail.error);
    case "text":
      return detail.text;
    default:
      return t[detail.what];
  }
}

const OPERATIONS = defineMessages({
  en: {
    SubmitPayInRequest: "creating Pay-In requests",
    SubmitPayInRequestP2P: "creating P2P Pay-In requests",
    SubmitPayOutRequest: "creating Pay-Out requests",
    SubmitWithdrawalRequest: "creating Withdrawal requests",
    GetPaymentRequestById: "reading requests back (the VIEWER role)",
    GetPaymentRequests: "searching requests (the VIEWER role)",
  },
  th: {
    SubmitPayInRequest: "สร้างคำขอ Pay-In",
    SubmitPayInRequestP2P: "สร้างคำขอ Pay-In แบบ P2P",
    SubmitPayOutRequest: "สร้างคำขอ Pay-Out",
    SubmitWithdrawalRequest: "สร้างคำขอถอนเงิน (Withdrawal)",
    GetPaymentRequestById: "อ่านข้อมูลคำขอ (สิทธิ์ VIEWER)",
    GetPaymentRequests: "ค้นหาคำขอ (สิทธิ์ VIEWER)",
  },
});

/** An operation PayDesk has no words for: its name, as the provider spells it. */
const UNNAMED_OPERATION = defineMessages({
  en: { call: (operation: string) => operation },
  th: { call: (operation: string) => `เรียก ${operation}` },
});

function operationWords(operation: string, locale: Locale): string {
  const words = OPERATIONS(locale) as Record<string, string>;
  return Object.hasOwn(words, operation) ? words[operation]! : UNNAMED_OPERATION(locale).call(operation);
}

const sentences = defineMessages({
  en: {
    authFailed: (orgId: string, merchantLabel: string) =>
      `The provider rejected the API key for org ${orgId} (${merchantLabel}). The key may be wrong, disabled or expired: enter the current key in the merchant's settings.`,
    lacksRole: (operation: string) => `This merchant's API key lacks the role for ${operation}. Ask the provider for a key with that role.`,
    noReadKey: (merchantLabel: string) =>
      `${merchantLabel} has no read (VIEWER) key in PayDesk, so PayDesk cannot look requests up at the provider; outcomes depend on webhooks alone.`,
    rateLimited: "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds.",
    busy: (seconds: number) =>
      `The call would have had to wait ${seconds} s for the provider's capacity (its rate limit), longer than PayDesk lets it wait. Nothing was sent; try again shortly.`,
    providerError: (detail: string) => `The provider failed to answer properly (${detail}).`,
    timeout: (seconds: number) => `The provider did not answer within ${seconds} s.`,
    network: (host: string, detail: string) => `PayDesk could not reach the provider at ${host} (${detail}).`,
    /** What follows a failure whose outcome is unclear: a submit may have created the request. */
    mayExist: " The request may or may not have been created; PayDesk checks with the provider before anything is sent again.",
    retry: " Try again in a moment.",
  },
  th: {
    authFailed: (orgId: string, merchantLabel: string) =>
      `ผู้ให้บริการไม่ยอมรับ API key ขององค์กร ${orgId} (${merchantLabel}) คีย์อาจไม่ถูกต้อง ถูกปิดใช้งาน หรือหมดอายุแล้ว โปรดกรอกคีย์ปัจจุบันในการตั้งค่าร้านค้า`,
    lacksRole: (operation: string) => `API key ของร้านค้านี้ไม่มีสิทธิ์${operation} โปรดขอคีย์ที่มีสิทธิ์นี้จากผู้ให้บริการ`,
    noReadKey: (merchantLabel: string) =>
      `${merchantLabel} ยังไม่มีคีย์สำหรับอ่านข้อมูล (VIEWER) ใน PayDesk จึงค้นหาคำขอที่ผู้ให้บริการไม่ได้ ผลของคำขอจะทราบได้จาก webhook เท่านั้น`,
    rateLimited: "ผู้ให้บริการกำลังจำกัดความถี่ที่ PayDesk เรียกใช้ได้ (HTTP 429) ยังไม่มีการสร้างคำขอ โปรดลองอีกครั้งในอีกไม่กี่วินาที",
    busy: (seconds: number) =>
      `การเรียกนี้จะต้องรอ ${seconds} วินาทีจึงจะได้ใช้ความจุของผู้ให้บริการ (อัตราที่ผู้ให้บริการจำกัด) ซึ่งนานกว่าที่ PayDesk ให้รอได้ ยังไม่ได้ส่งคำขอ โปรดลองอีกครั้งในอีกสักครู่`,
    providerError: (detail: string) => `ผู้ให้บริการตอบกลับไม่ถูกต้อง (${detail})`,
    timeout: (seconds: number) => `ผู้ให้บริการไม่ตอบกลับภายใน ${seconds} วินาที`,
    network: (host: string, detail: string) => `PayDesk ติดต่อผู้ให้บริการที่ ${host} ไม่ได้ (${detail})`,
    mayExist: " คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้ PayDesk จะตรวจสอบกับผู้ให้บริการก่อนส่งซ้ำทุกครั้ง",
    retry: " โปรดลองอีกครั้งในอีกสักครู่",
  },
});

const seconds = (ms: number) => Math.round(ms / 1000);

/** A failure in words for merchant staff, in the reader's language (English for logs). */
export function describeFailure(failure: FailureFacts, locale: Locale): string {
  const t = sentences(locale);
  const afterwards = (mayExist: boolean) => (mayExist ? t.mayExist : t.retry);
  switch (failure.kind) {
    case "rejected":
      return describeProviderCode(failure.code, failure.description, locale);
    case "auth_failed":
      return t.authFailed(failure.orgId, failure.merchantLabel);
    case "forbidden":
      return failure.missing === "read_key" ? t.noReadKey(failure.merchantLabel) : t.lacksRole(operationWords(failure.operation, locale));
    case "rate_limited":
      return t.rateLimited;
    case "busy":
      return t.busy(seconds(failure.waitMs));
    case "provider_error":
      return t.providerError(detailWords(failure.detail, locale)) + afterwards(failure.mayExist);
    case "timeout":
      return t.timeout(seconds(failure.timeoutMs)) + afterwards(failure.mayExist);
    case "network":
      return t.network(failure.host, detailWords(failure.detail, locale)) + afterwards(failure.mayExist);
  }
}

/** A failure in English, for logs. */
export const failureText = (failure: FailureFacts): string => describeFailure(failure, "en");
