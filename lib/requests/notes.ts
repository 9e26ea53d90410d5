import { defineMessages, type Locale } from "../i18n/locale";
import { formatBaht } from "../money";
import type { FailureFacts } from "../provider/failure";
import { describeFailure } from "../provider-words/failures";
import { stateLabels } from "./state-labels";
import { STATES, type State } from "./lifecycle";

/**
 * PayDesk's own notes, as facts: what a check with the provider found, why a webhook was held or
 * an event changed nothing, what a sandbox control could not do. They travel and are stored as
 * facts (a timeline entry's `note`/`reason`/`detail`, `outcome.ignored`, a request's
 * `status_facts`, a delivery's `reason_facts`) and are worded once, when shown, in the reader's
 * language (`factWords`). `state` is one of PayDesk's states, `status` the provider's own word.
 */
export interface NoteParams {
  // What a check with the provider found (lib/requests/reconcile.ts, recheck.ts).
  nothing_to_check: { state: string };
  no_provider_id: object;
  found_as: { status: string };
  not_there_yet: object;
  gave_up: object;
  sent_again: object;
  provider_says: { status: string };
  send_unfinished: object;
  no_such_ref_id1: object;
  still_none: object;
  ref_id1_taken: { refId1: string };
  cannot_tell: object;
  taken_meanwhile: object;
  keys_unreadable: object;
  sandbox_no_match: object;
  // Why a webhook was held or refused (lib/provider-webhooks/process.ts).
  webhook_no_read_key: object;
  webhook_no_amount: { event: string };
  webhook_not_confirmed: { failure: FailureFacts };
  webhook_keys_unreadable: object;
  webhook_status_unknown: { status: string };
  webhook_contradicted: { event: string; status: string };
  webhook_ref_id1_mismatch: { refId1: string; expected: string };
  webhook_amount_mismatch: { receivedSatang: number; askedSatang: number };
  webhook_overpaid: { paidSatang: number; requestedSatang: number };
  webhook_unmatched_money: { providerId: string | null; refId1: string | null };
  webhook_unknown_request: { providerId: string | null };
  webhook_too_deep: { limit: number };
  // Why the state machine changed nothing (lib/requests/lifecycle.ts).
  terminal: { state: string };
  approval_not_awaiting: { state: string };
  decline_not_awaiting: { state: string };
  submit_answer_late: { state: string };
  submit_rejection_late: { state: string };
  uncertain_late: { state: string };
  unresolved_not_unknown: { state: string };
  never_sent: object;
  unknown_provider_status: { status: string };
  payout_success_for_payin: object;
  payout_never_sent: object;
  partial_adds_nothing: object;
  already_pending: object;
}

export type NoteKey = keyof NoteParams;
export type Note = { [K in NoteKey]: { note: K } & NoteParams[K] }[NoteKey];
/** Anything PayDesk says about a request, as facts: a provider call's failure or one of its own notes. */
export type Fact = FailureFacts | Note;

type Words = {
  [K in NoteKey]: (
    p: NoteParams[K] & { state: string; status: string; failure: string; received: string; asked: string; paid: string; requested: string },
  ) => string;
};

const words = defineMessages<Words>({
  en: {
    nothing_to_check: (p) => `nothing to check while ${p.state}`,
    no_provider_id: () => "no provider id to look up",
    found_as: (p) => `found at the provider as ${p.status}`,
    not_there_yet: () => "not at the provider yet; waiting before sending again",
    gave_up: () => "the provider still has no such request after several attempts; a person should look",
    sent_again: () => "sent again: the provider had not created it",
    provider_says: (p) => `the provider says ${p.status}`,
    send_unfinished: () => "the send did not finish (PayDesk restarted?)",
    no_such_ref_id1: () => "the provider has no request with this RefId1",
    still_none: () => "the provider still has no request with this RefId1",
    ref_id1_taken: (p) => `RefId1 ${p.refId1} is already used at the provider by a request this submit did not create; nothing was created`,
    cannot_tell: () => "the provider's requests with this RefId1 cannot tell which, if any, this submit created; a person should look",
    taken_meanwhile: () => "another PayDesk request took this provider request meanwhile; checking again",
    keys_unreadable: () => "the merchant's API keys cannot be read; check them in Settings",
    sandbox_no_match: () => "the sandbox matched the transfer to no single pending request",
    webhook_no_read_key: () => "not confirmed: the merchant has no read key, so PayDesk cannot ask the provider",
    webhook_no_amount: (p) => `${p.event} without an amount (TX_AMOUNT)`,
    webhook_not_confirmed: (p) => `not confirmed with the provider (${p.failure})`,
    webhook_keys_unreadable: () => "not confirmed: the merchant's API keys cannot be read",
    webhook_status_unknown: (p) => `not confirmed: the provider's status "${p.status}" is not one PayDesk knows`,
    webhook_contradicted: (p) => `the webhook said ${p.event}, the provider says ${p.status}`,
    webhook_ref_id1_mismatch: (p) => `RefId1 ${p.refId1} is not this request's ${p.expected}`,
    webhook_amount_mismatch: (p) => `received ${p.received} THB, the request asked for ${p.asked}`,
    webhook_overpaid: (p) => `paid out ${p.paid} THB on a request of ${p.requested}`,
    webhook_unmatched_money: (p) =>
      `money reported for ${p.providerId ?? "no request"} (RefId1 ${p.refId1 ?? "none"}), which is not a request of this merchant`,
    webhook_unknown_request: (p) => `no request of this merchant has provider id ${p.providerId}`,
    webhook_too_deep: (p) => `the body is nested more than ${p.limit} levels deep`,
    terminal: (p) => `the request is already ${p.state}; a terminal state is never left`,
    approval_not_awaiting: (p) => `approval only applies while awaiting approval (now ${p.state})`,
    decline_not_awaiting: (p) => `only a request awaiting approval can be declined (now ${p.state})`,
    submit_answer_late: (p) => `the provider's answer to the submit came while ${p.state}`,
    submit_rejection_late: (p) => `a submit rejection came while ${p.state}`,
    uncertain_late: (p) => `an uncertain submit outcome came while ${p.state}`,
    unresolved_not_unknown: (p) => `only an unknown submit can be left to a person (now ${p.state})`,
    never_sent: () => "the provider cannot know a request that was never sent",
    unknown_provider_status: (p) => `the provider status "${p.status}" is not one PayDesk knows`,
    payout_success_for_payin: () => "a pay-out success for a pay-in",
    payout_never_sent: () => "the provider cannot pay out a request that was never sent",
    partial_adds_nothing: () => "this partial pay-out adds nothing to what is already paid",
    already_pending: () => "already pending",
  },
  th: {
    nothing_to_check: (p) => `ไม่มีอะไรต้องตรวจสอบขณะสถานะเป็น “${p.state}”`,
    no_provider_id: () => "ยังไม่มีรหัสคำขอของผู้ให้บริการให้ค้นหา",
    found_as: (p) => `พบคำขอที่ผู้ให้บริการแล้ว สถานะ “${p.status}”`,
    not_there_yet: () => "ยังไม่พบคำขอที่ผู้ให้บริการ จะรอสักครู่ก่อนส่งอีกครั้ง",
    gave_up: () => "ส่งไปหลายครั้งแล้วแต่ผู้ให้บริการยังไม่มีคำขอนี้ ควรให้เจ้าหน้าที่ตรวจสอบ",
    sent_again: () => "ส่งอีกครั้งแล้ว เพราะผู้ให้บริการยังไม่ได้สร้างคำขอนี้",
    provider_says: (p) => `ผู้ให้บริการแจ้งสถานะ “${p.status}”`,
    send_unfinished: () => "การส่งไม่เสร็จสิ้น (PayDesk อาจเริ่มระบบใหม่ระหว่างส่ง)",
    no_such_ref_id1: () => "ผู้ให้บริการไม่มีคำขอที่ใช้ RefId1 นี้",
    still_none: () => "ผู้ให้บริการยังไม่มีคำขอที่ใช้ RefId1 นี้",
    ref_id1_taken: (p) => `RefId1 ${p.refId1} ถูกใช้ไปแล้วที่ผู้ให้บริการโดยคำขออื่นที่ไม่ได้มาจากการส่งครั้งนี้ จึงไม่มีการสร้างคำขอ`,
    cannot_tell: () => "จากคำขอที่ใช้ RefId1 นี้ที่ผู้ให้บริการ ไม่สามารถบอกได้ว่ารายการใดมาจากการส่งครั้งนี้ ควรให้เจ้าหน้าที่ตรวจสอบ",
    taken_meanwhile: () => "คำขออื่นใน PayDesk ผูกกับคำขอนี้ที่ผู้ให้บริการไปก่อนแล้ว จะตรวจสอบอีกครั้ง",
    keys_unreadable: () => "อ่าน API key ของร้านค้านี้ไม่ได้ โปรดตรวจสอบในหน้าตั้งค่า",
    sandbox_no_match: () => "sandbox จับคู่การโอนนี้กับคำขอที่รออยู่ไม่ได้ (ต้องตรงกับคำขอเดียวพอดี)",
    webhook_no_read_key: () => "ยืนยันไม่ได้: ร้านค้าไม่มีคีย์สำหรับอ่าน PayDesk จึงสอบถามผู้ให้บริการไม่ได้",
    webhook_no_amount: (p) => `${p.event} ไม่มียอดเงิน (TX_AMOUNT)`,
    webhook_not_confirmed: (p) => `ยืนยันกับผู้ให้บริการไม่ได้ (${p.failure})`,
    webhook_keys_unreadable: () => "ยืนยันไม่ได้: อ่าน API key ของร้านค้านี้ไม่ได้",
    webhook_status_unknown: (p) => `ยืนยันไม่ได้: PayDesk ไม่รู้จักสถานะ “${p.status}” ของผู้ให้บริการ`,
    webhook_contradicted: (p) => `webhook แจ้งว่า ${p.event} แต่ผู้ให้บริการแจ้งสถานะ “${p.status}”`,
    webhook_ref_id1_mismatch: (p) => `RefId1 ${p.refId1} ไม่ใช่ RefId1 ของคำขอนี้ (${p.expected})`,
    webhook_amount_mismatch: (p) => `ได้รับ ${p.received} บาท แต่คำขอนี้ให้ชำระ ${p.asked} บาท`,
    webhook_overpaid: (p) => `โอนจ่าย ${p.paid} บาท เกินยอดของคำขอ ${p.requested} บาท`,
    webhook_unmatched_money: (p) => `มีการแจ้งยอดเงินสำหรับ ${p.providerId ?? "คำขอที่ไม่ระบุ"} (RefId1 ${p.refId1 ?? "ไม่มี"}) ซึ่งไม่ใช่คำขอของร้านค้านี้`,
    webhook_unknown_request: (p) => `ไม่มีคำขอของร้านค้านี้ที่มีรหัสผู้ให้บริการ ${p.providerId}`,
    webhook_too_deep: (p) => `เนื้อหาซ้อนกันลึกเกิน ${p.limit} ชั้น`,
    terminal: (p) => `คำขออยู่ในสถานะ “${p.state}” แล้ว ซึ่งเป็นสถานะสุดท้ายที่ไม่เปลี่ยนอีก`,
    approval_not_awaiting: (p) => `อนุมัติได้เฉพาะคำขอที่รออนุมัติ (ขณะนี้ “${p.state}”)`,
    decline_not_awaiting: (p) => `ปฏิเสธได้เฉพาะคำขอที่รออนุมัติ (ขณะนี้ “${p.state}”)`,
    submit_answer_late: (p) => `คำตอบของผู้ให้บริการต่อการส่งมาถึงขณะสถานะเป็น “${p.state}”`,
    submit_rejection_late: (p) => `การปฏิเสธการส่งมาถึงขณะสถานะเป็น “${p.state}”`,
    uncertain_late: (p) => `ผลการส่งที่ไม่แน่ชัดมาถึงขณะสถานะเป็น “${p.state}”`,
    unresolved_not_unknown: (p) => `ส่งต่อให้เจ้าหน้าที่ได้เฉพาะคำขอที่ยังไม่ทราบผลการส่ง (ขณะนี้ “${p.state}”)`,
    never_sent: () => "ผู้ให้บริการไม่อาจทราบถึงคำขอที่ยังไม่เคยส่ง",
    unknown_provider_status: (p) => `PayDesk ไม่รู้จักสถานะ “${p.status}” ของผู้ให้บริการ`,
    payout_success_for_payin: () => "แจ้งโอนจ่ายสำเร็จสำหรับคำขอรับชำระ",
    payout_never_sent: () => "ผู้ให้บริการโอนจ่ายคำขอที่ยังไม่เคยส่งไม่ได้",
    partial_adds_nothing: () => "การโอนจ่ายบางส่วนครั้งนี้ไม่ได้เพิ่มยอดที่จ่ายแล้ว",
    already_pending: () => "รอดำเนินการอยู่แล้ว",
  },
});

const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

/** One of PayDesk's facts in the reader's language; English for logs and the CSV. */
export function factWords(fact: Fact, locale: Locale): string {
  if ("kind" in fact) return describeFailure(fact, locale);
  const labels = stateLabels(locale);
  // In English a state or status reads as stored ("paid", "Pending"), as staff and logs know it;
  // in Thai it gets the badge's words.
  const stateWords = (value: string | undefined) => {
    if (value === undefined || locale === "en") return value ?? "";
    const state = value.toLowerCase();
    return isState(state) ? labels[state] : value;
  };
  const params = fact as Note &
    Partial<Record<"state" | "status" | "failure" | "receivedSatang" | "askedSatang" | "paidSatang" | "requestedSatang", unknown>>;
  const baht = (satang: unknown) => (typeof satang === "number" ? formatBaht(satang) : "");
  const say = words(locale)[fact.note] as (p: unknown) => string;
  return say({
    ...fact,
    state: stateWords(params.state as string | undefined),
    status: stateWords(params.status as string | undefined),
    failure: params.failure ? describeFailure(params.failure as FailureFacts, locale) : "",
    received: baht(params.receivedSatang),
    asked: baht(params.askedSatang),
    paid: baht(params.paidSatang),
    requested: baht(params.requestedSatang),
  });
}

const FAILURE_KINDS = new Set<string>([
  "rejected",
  "auth_failed",
  "forbidden",
  "rate_limited",
  "busy",
  "provider_error",
  "timeout",
  "network",
] satisfies FailureFacts["kind"][]);

/** Is this stored value one of PayDesk's facts (rather than text someone else wrote)? */
export function isFact(value: unknown): value is Fact {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { kind?: unknown; note?: unknown };
  if (typeof v.note === "string") return Object.hasOwn(words("en"), v.note);
  return typeof v.kind === "string" && FAILURE_KINDS.has(v.kind);
}
