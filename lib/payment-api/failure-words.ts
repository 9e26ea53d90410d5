import type { Locale } from "../i18n";
import { reword, sentencePair as pair, type SentencePair } from "../i18n/sentence";
import { describeProviderCode } from "./codes";

/**
 * Why a provider call failed, as facts, and those facts in words for merchant staff in English and
 * Thai. The API client words every failure in English (`ProviderFailure.message`, lib/payment-api/
 * result.ts): that sentence goes to logs, the timeline and a request's status reason. The console
 * words it again in the viewer's language, from the facts when it has them and, for a stored
 * sentence, from the facts `readFailure` gets back out of the English.
 */
export type FailureFacts =
  /** The provider answered and said no: its code, worded by lib/payment-api/codes.ts. */
  | { kind: "rejected"; code: string; description: string | null }
  | { kind: "auth_failed"; orgId: string; merchantLabel: string }
  /** The key lacks the provider role an operation needs… */
  | { kind: "forbidden"; missing: "role"; operation: string }
  /** …or PayDesk holds no read (VIEWER) key for the merchant at all. */
  | { kind: "forbidden"; missing: "read_key"; merchantLabel: string }
  | { kind: "rate_limited" }
  /** No slot of the provider's budget could be had within the lane's wait (`waitMs`: what the call would have waited in all): nothing was sent. */
  | { kind: "busy"; waitMs: number }
  /** `detail` is one of DETAILS below, in English (or any text, shown as it is). */
  | { kind: "provider_error"; detail: string; mayExist: boolean }
  | { kind: "timeout"; timeoutMs: number; mayExist: boolean }
  | { kind: "network"; host: string; detail: string; mayExist: boolean };

const OPERATIONS: Record<string, { en: string; th: string }> = {
  SubmitPayInRequest: { en: "creating Pay-In requests", th: "สร้างคำขอ Pay-In" },
  SubmitPayInRequestP2P: { en: "creating P2P Pay-In requests", th: "สร้างคำขอ Pay-In แบบ P2P" },
  SubmitPayOutRequest: { en: "creating Pay-Out requests", th: "สร้างคำขอ Pay-Out" },
  SubmitWithdrawalRequest: { en: "creating Withdrawal requests", th: "สร้างคำขอถอนเงิน (Withdrawal)" },
  GetPaymentRequestById: { en: "reading requests back (the VIEWER role)", th: "อ่านข้อมูลคำขอ (สิทธิ์ VIEWER)" },
  GetPaymentRequests: { en: "searching requests (the VIEWER role)", th: "ค้นหาคำขอ (สิทธิ์ VIEWER)" },
};

const operationWords = (operation: string, locale: Locale) => (Object.hasOwn(OPERATIONS, operation) ? OPERATIONS[operation]![locale] : locale === "th" ? `เรียก ${operation}` : operation);
const operationFromWords = (words: string) => Object.entries(OPERATIONS).find(([, w]) => w.en === words)?.[0] ?? words;

/**
 * What went wrong on the wire, the part in brackets of a provider_error or network sentence. The
 * client and transport build their details from these, so every detail has its Thai. Most
 * specific first: `read` takes the first that fits.
 */
export const DETAILS = {
  emptyAnswer: pair("HTTP {status} with an empty answer", "HTTP {status} โดยไม่มีเนื้อหาคำตอบ"),
  notJson: pair("HTTP {status} with an answer that is not JSON", "HTTP {status} และคำตอบไม่ใช่ JSON"),
  unexpectedStatus: pair("unexpected HTTP {status}", "HTTP {status} ซึ่ง PayDesk ไม่ได้คาดไว้"),
  httpStatus: pair("HTTP {status}", "HTTP {status}"),
  unreadablePart: pair("an answer PayDesk cannot read ({part}: {issue})", "คำตอบที่ PayDesk อ่านไม่ได้ ({part}: {issue})"),
  noStatus: pair("an answer without a status", "คำตอบที่ไม่มีสถานะ"),
  unreadablePayOut: pair("a Pay-Out answer PayDesk cannot read", "คำตอบของ Pay-Out ที่ PayDesk อ่านไม่ได้"),
  notAList: pair("a list answer that is not a list", "คำตอบที่ควรเป็นรายการแต่ไม่ใช่รายการ"),
  unreadableList: pair("a list PayDesk cannot read", "รายการที่ PayDesk อ่านไม่ได้"),
  connectionReset: pair("the connection was reset", "การเชื่อมต่อถูกตัดกลางทาง"),
  connectionRefused: pair("the connection was refused", "ปลายทางปฏิเสธการเชื่อมต่อ"),
  hostUnknown: pair("the host name could not be resolved", "ค้นหาชื่อโฮสต์ไม่พบ"),
  stalled: pair("the answer stalled", "คำตอบค้างอยู่กลางทาง"),
  networkCode: pair("network error {code}", "เครือข่ายขัดข้อง ({code})"),
  network: pair("network error", "เครือข่ายขัดข้อง"),
} as const;

/** A detail in the viewer's language; one PayDesk does not know is kept as it is. */
export function detailWords(detail: string, locale: Locale): string {
  return locale === "en" ? detail : (reword(Object.values(DETAILS) as SentencePair<string>[], detail, locale) ?? detail);
}

const SENTENCES = {
  authFailed: pair(
    "The provider rejected the API key for org {orgId} ({merchantLabel}). The key may be wrong, disabled or expired: enter the current key in the merchant's settings.",
    "ผู้ให้บริการไม่ยอมรับ API key ขององค์กร {orgId} ({merchantLabel}) คีย์อาจไม่ถูกต้อง ถูกปิดใช้งาน หรือหมดอายุแล้ว โปรดกรอกคีย์ปัจจุบันในการตั้งค่าร้านค้า",
  ),
  lacksRole: pair("This merchant's API key lacks the role for {operation}. Ask the provider for a key with that role.", "API key ของร้านค้านี้ไม่มีสิทธิ์{operation} โปรดขอคีย์ที่มีสิทธิ์นี้จากผู้ให้บริการ"),
  noReadKey: pair(
    "{merchantLabel} has no read (VIEWER) key in PayDesk, so PayDesk cannot look requests up at the provider; outcomes depend on webhooks alone.",
    "{merchantLabel} ยังไม่มีคีย์สำหรับอ่านข้อมูล (VIEWER) ใน PayDesk จึงค้นหาคำขอที่ผู้ให้บริการไม่ได้ ผลของคำขอจะทราบได้จาก webhook เท่านั้น",
  ),
  rateLimited: pair(
    "The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds.",
    "ผู้ให้บริการกำลังจำกัดความถี่ที่ PayDesk เรียกใช้ได้ (HTTP 429) ยังไม่มีการสร้างคำขอ โปรดลองอีกครั้งในอีกไม่กี่วินาที",
  ),
  busy: pair(
    "The call would have had to wait {seconds} s for the provider's capacity (its rate limit), longer than PayDesk lets it wait. Nothing was sent; try again shortly.",
    "การเรียกนี้จะต้องรอ {seconds} วินาทีจึงจะได้ใช้ความจุของผู้ให้บริการ (อัตราที่ผู้ให้บริการจำกัด) ซึ่งนานกว่าที่ PayDesk ให้รอได้ ยังไม่ได้ส่งคำขอ โปรดลองอีกครั้งในอีกสักครู่",
  ),
  providerError: pair("The provider failed to answer properly ({detail}).", "ผู้ให้บริการตอบกลับไม่ถูกต้อง ({detail})"),
  timeout: pair("The provider did not answer within {seconds} s.", "ผู้ให้บริการไม่ตอบกลับภายใน {seconds} วินาที"),
  network: pair("PayDesk could not reach the provider at {host} ({detail}).", "PayDesk ติดต่อผู้ให้บริการที่ {host} ไม่ได้ ({detail})"),
};

/** What follows a failure whose outcome is unclear: a submit may have created the request. */
const AFTERWARDS = {
  en: {
    mayExist: " The request may or may not have been created; PayDesk checks with the provider before anything is sent again.",
    retry: " Try again in a moment.",
  },
  th: {
    mayExist: " คำขออาจถูกสร้างขึ้นแล้วหรือยังก็ได้ PayDesk จะตรวจสอบกับผู้ให้บริการก่อนส่งซ้ำทุกครั้ง",
    retry: " โปรดลองอีกครั้งในอีกสักครู่",
  },
} as const;

const seconds = (ms: number) => Math.round(ms / 1000);

/** A failure in words for merchant staff. The English is the client's own `message`. */
export function describeFailure(failure: FailureFacts, locale: Locale): string {
  const afterwards = (mayExist: boolean) => AFTERWARDS[locale][mayExist ? "mayExist" : "retry"];
  switch (failure.kind) {
    case "rejected":
      return describeProviderCode(failure.code, failure.description, locale);
    case "auth_failed":
      return SENTENCES.authFailed[locale].fill(failure);
    case "forbidden":
      return failure.missing === "read_key" ? SENTENCES.noReadKey[locale].fill(failure) : SENTENCES.lacksRole[locale].fill({ operation: operationWords(failure.operation, locale) });
    case "rate_limited":
      return SENTENCES.rateLimited[locale].fill({});
    case "busy":
      return SENTENCES.busy[locale].fill({ seconds: seconds(failure.waitMs) });
    case "provider_error":
      return SENTENCES.providerError[locale].fill({ detail: detailWords(failure.detail, locale) }) + afterwards(failure.mayExist);
    case "timeout":
      return SENTENCES.timeout[locale].fill({ seconds: seconds(failure.timeoutMs) }) + afterwards(failure.mayExist);
    case "network":
      return SENTENCES.network[locale].fill({ host: failure.host, detail: detailWords(failure.detail, locale) }) + afterwards(failure.mayExist);
  }
}

/** Splits the "may exist / try again" ending off an English failure sentence. */
function withoutAfterwards(text: string): { main: string; mayExist: boolean } | null {
  for (const [ending, mayExist] of [
    [AFTERWARDS.en.mayExist, true],
    [AFTERWARDS.en.retry, false],
  ] as const) {
    if (text.endsWith(ending)) return { main: text.slice(0, -ending.length), mayExist };
  }
  return null;
}

/**
 * The facts behind one of PayDesk's own English failure sentences (as stored on the timeline or
 * as a status reason); null for any other text. A provider's refusal is not read back here: its
 * code and reason are stored beside it.
 */
export function readFailure(text: string): Exclude<FailureFacts, { kind: "rejected" }> | null {
  const auth = SENTENCES.authFailed.en.read(text);
  if (auth) return { kind: "auth_failed", ...auth };
  const role = SENTENCES.lacksRole.en.read(text);
  if (role) return { kind: "forbidden", missing: "role", operation: operationFromWords(role.operation) };
  const noReadKey = SENTENCES.noReadKey.en.read(text);
  if (noReadKey) return { kind: "forbidden", missing: "read_key", ...noReadKey };
  if (SENTENCES.rateLimited.en.read(text)) return { kind: "rate_limited" };
  const busy = SENTENCES.busy.en.read(text);
  if (busy && /^\d+$/.test(busy.seconds)) return { kind: "busy", waitMs: Number(busy.seconds) * 1000 };

  const split = withoutAfterwards(text);
  if (!split) return null;
  const { main, mayExist } = split;
  const timeout = SENTENCES.timeout.en.read(main);
  if (timeout && /^\d+$/.test(timeout.seconds)) return { kind: "timeout", timeoutMs: Number(timeout.seconds) * 1000, mayExist };
  const network = SENTENCES.network.en.read(main);
  if (network) return { kind: "network", ...network, mayExist };
  const providerError = SENTENCES.providerError.en.read(main);
  if (providerError) return { kind: "provider_error", ...providerError, mayExist };
  return null;
}
