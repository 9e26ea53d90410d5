import type { Locale } from "../i18n";
import { reword, sentencePair } from "../i18n/sentence";

/**
 * PayDesk's short notes: what a check with the provider found (the worker logs these, the timeline
 * keeps them as a "recheck" entry's note or a "resent" entry's reason, and "Re-check now" shows
 * them) and what a sandbox control could not do. They are stored in English and worded for the
 * viewer when shown (`noteWords`).
 *
 * `{state}` is one of PayDesk's states and `{status}` the provider's status; the caller words those.
 */
export const NOTES = {
  nothingToCheck: sentencePair("nothing to check while {state}", "ไม่มีอะไรต้องตรวจสอบขณะสถานะเป็น “{state}”"),
  noProviderId: sentencePair("no provider id to look up", "ยังไม่มีรหัสคำขอของผู้ให้บริการให้ค้นหา"),
  foundAs: sentencePair("found at the provider as {status}", "พบคำขอที่ผู้ให้บริการแล้ว สถานะ “{status}”"),
  notThereYet: sentencePair("not at the provider yet; waiting before sending again", "ยังไม่พบคำขอที่ผู้ให้บริการ จะรอสักครู่ก่อนส่งอีกครั้ง"),
  gaveUp: sentencePair(
    "the provider still has no such request after several attempts; a person should look",
    "ส่งไปหลายครั้งแล้วแต่ผู้ให้บริการยังไม่มีคำขอนี้ ควรให้เจ้าหน้าที่ตรวจสอบ",
  ),
  sentAgain: sentencePair("sent again: the provider had not created it", "ส่งอีกครั้งแล้ว เพราะผู้ให้บริการยังไม่ได้สร้างคำขอนี้"),
  providerSays: sentencePair("the provider says {status}", "ผู้ให้บริการแจ้งสถานะ “{status}”"),
  sendUnfinished: sentencePair("the send did not finish (PayDesk restarted?)", "การส่งไม่เสร็จสิ้น (PayDesk อาจเริ่มระบบใหม่ระหว่างส่ง)"),
  noSuchRefId1: sentencePair("the provider has no request with this RefId1", "ผู้ให้บริการไม่มีคำขอที่ใช้ RefId1 นี้"),
  stillNone: sentencePair("the provider still has no request with this RefId1", "ผู้ให้บริการยังไม่มีคำขอที่ใช้ RefId1 นี้"),
  refId1Taken: sentencePair(
    "RefId1 {refId1} is already used at the provider by a request this submit did not create; nothing was created",
    "RefId1 {refId1} ถูกใช้ไปแล้วที่ผู้ให้บริการโดยคำขออื่นที่ไม่ได้มาจากการส่งครั้งนี้ จึงไม่มีการสร้างคำขอ",
  ),
  cannotTell: sentencePair(
    "the provider's requests with this RefId1 cannot tell which, if any, this submit created; a person should look",
    "จากคำขอที่ใช้ RefId1 นี้ที่ผู้ให้บริการ ไม่สามารถบอกได้ว่ารายการใดมาจากการส่งครั้งนี้ ควรให้เจ้าหน้าที่ตรวจสอบ",
  ),
  takenMeanwhile: sentencePair("another PayDesk request took this provider request meanwhile; checking again", "คำขออื่นใน PayDesk ผูกกับคำขอนี้ที่ผู้ให้บริการไปก่อนแล้ว จะตรวจสอบอีกครั้ง"),
  keysUnreadable: sentencePair("the merchant's API keys cannot be read; check them in Settings", "อ่าน API key ของร้านค้านี้ไม่ได้ โปรดตรวจสอบในหน้าตั้งค่า"),
  sandboxNoMatch: sentencePair("the sandbox matched the transfer to no single pending request", "sandbox จับคู่การโอนนี้กับคำขอที่รออยู่ไม่ได้ (ต้องตรงกับคำขอเดียวพอดี)"),
};

/** A stored note in the viewer's language, with `state` wording a state or status; null for text that is not a note. */
export function noteWords(text: string, locale: Locale, state: (stateOrStatus: string) => string = (s) => s): string | null {
  return reword(Object.values(NOTES), text, locale, (name, value) => (name === "state" || name === "status" ? state(value) : value));
}
