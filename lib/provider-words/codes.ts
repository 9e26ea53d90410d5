import type { Locale } from "../i18n";

/**
 * The provider's status codes in words for merchant staff, in English and Thai, with the code itself
 * kept visible (docs/STYLE.md habit 9). Codes from docs/provider-facts.md §3; descriptions are ours.
 *
 * The API client words its results in English (they go to logs and the timeline); the console
 * re-words a code in the viewer's language with `describeProviderCode(code, reason, locale)`.
 */
const CODES: Record<string, { en: string; th: string }> = {
  REF_ID1_MISSING: {
    en: "RefId1 is missing.",
    th: "ไม่ได้ระบุ RefId1",
  },
  REF_ID1_DUPLICATE: {
    en: "This RefId1 has been used before for this merchant (the provider keeps even rejected ones). Use a new RefId1.",
    th: "RefId1 นี้เคยใช้กับร้านค้านี้แล้ว (ผู้ให้บริการเก็บไว้แม้รายการที่ถูกปฏิเสธ) โปรดใช้ RefId1 ใหม่",
  },
  // PayDesk's own codes for an unknown submit's outcome (lib/requests/reconcile.ts).
  REF_ID1_USED_AT_PROVIDER: {
    en: "RefId1 already used at the provider: a request there (another merchant's, one made outside PayDesk, or another PayDesk request) already has it, so this submit created nothing. Create the request again with a new RefId1.",
    th: "RefId1 นี้ถูกใช้ไปแล้วที่ผู้ให้บริการ: มีคำขออื่นที่ใช้ RefId1 นี้อยู่แล้ว (ของร้านค้าอื่น ที่สร้างนอก PayDesk หรือคำขออื่นใน PayDesk) การส่งครั้งนี้จึงไม่ได้สร้างคำขอ โปรดสร้างคำขอใหม่ด้วย RefId1 ใหม่",
  },
  SUBMIT_UNRESOLVED_NOT_FOUND: {
    en: "The provider's answer was lost, and after several attempts it still has no request with this RefId1, while its answers to them were lost too. Look the RefId1 up in the provider's portal: if the request is there, press Re-check now; if not, create it again with a new RefId1.",
    th: "ไม่ได้รับคำตอบจากผู้ให้บริการ และหลังจากส่งหลายครั้งผู้ให้บริการก็ยังไม่มีคำขอที่ใช้ RefId1 นี้ โปรดค้นหา RefId1 ในพอร์ทัลของผู้ให้บริการ หากพบให้กด “ตรวจสอบตอนนี้” หากไม่พบให้สร้างคำขอใหม่ด้วย RefId1 ใหม่",
  },
  SUBMIT_UNRESOLVED_AMBIGUOUS: {
    en: "The provider holds requests with this RefId1 and PayDesk cannot tell which, if any, this submit created (several match, or one lacks its amount or time). Compare them in the provider's portal (listed on the timeline) and ask the provider; do not hand the customer a payment link until it is clear.",
    th: "ผู้ให้บริการมีคำขอที่ใช้ RefId1 นี้ แต่ PayDesk บอกไม่ได้ว่ารายการใดมาจากการส่งครั้งนี้ (ตรงกันหลายรายการ หรือบางรายการไม่มียอดเงินหรือเวลา) โปรดเทียบในพอร์ทัลของผู้ให้บริการ (รายการอยู่ในไทม์ไลน์) และสอบถามผู้ให้บริการ อย่าเพิ่งส่งลิงก์ชำระเงินให้ลูกค้าจนกว่าจะชัดเจน",
  },
  SUBMIT_UNRESOLVED_NO_LOOKUP: {
    en: "The provider's answer was lost and PayDesk cannot look the request up (no read key, or the provider kept failing for a day). Add the merchant's read (VIEWER) key in Settings, or look the RefId1 up in the provider's portal, then press Re-check now.",
    th: "ไม่ได้รับคำตอบจากผู้ให้บริการ และ PayDesk ค้นหาคำขอไม่ได้ (ไม่มี API key สำหรับอ่าน หรือผู้ให้บริการขัดข้องต่อเนื่องหนึ่งวัน) โปรดเพิ่ม key สำหรับอ่าน (VIEWER) ในหน้าตั้งค่า หรือค้นหา RefId1 ในพอร์ทัลของผู้ให้บริการ แล้วกด “ตรวจสอบตอนนี้”",
  },
  PROVIDER_ID_SHARED: {
    en: "Another PayDesk request already holds the provider request this one was once settled onto (an older PayDesk version did that). Check in the provider's portal which request is this one's.",
    th: "คำขออื่นใน PayDesk ผูกกับคำขอของผู้ให้บริการที่คำขอนี้เคยผูกไว้ (เกิดจาก PayDesk รุ่นก่อน) โปรดตรวจสอบในพอร์ทัลของผู้ให้บริการว่าคำขอใดเป็นของรายการนี้",
  },
  CURRENCY_NOT_SUPPORT: {
    en: "The provider only takes THB.",
    th: "ผู้ให้บริการรับเฉพาะเงินบาท (THB)",
  },
  BANK_PROVIDER_NOT_SUPPORT: {
    en: "The QR provider is not accepted: Pay-In takes PP or SCB, Pay-Out only PP.",
    th: "ไม่รองรับผู้ให้บริการ QR นี้: Pay-In ใช้ได้เฉพาะ PP หรือ SCB ส่วน Pay-Out ใช้ได้เฉพาะ PP",
  },
  INVALID_PAYMENT_AMOUNT: {
    en: "The amount must be more than 0, with at most 2 decimals.",
    th: "ยอดเงินไม่ถูกต้อง ต้องมากกว่า 0 และมีทศนิยมไม่เกิน 2 ตำแหน่ง",
  },
  ERROR_VALUE_NOT_IN_RANGE: {
    en: "The amount is outside this merchant's Pay-In range at the provider.",
    th: "ยอดเงินอยู่นอกช่วงยอด Pay-In ที่ผู้ให้บริการกำหนดให้ร้านค้านี้",
  },
  ERROR_DAILY_AMOUNT_EXCEEDED: {
    en: "This merchant's daily Pay-In amount limit at the provider is reached; try tomorrow or ask the provider to raise it.",
    th: "ยอด Pay-In รวมของวันนี้ถึงวงเงินต่อวันที่ผู้ให้บริการกำหนดให้ร้านค้านี้แล้ว โปรดลองใหม่พรุ่งนี้ หรือขอให้ผู้ให้บริการเพิ่มวงเงิน",
  },
  ERROR_DAILY_COUNT_EXCEEDED: {
    en: "This merchant's daily Pay-In count limit at the provider is reached; try tomorrow or ask the provider to raise it.",
    th: "จำนวนรายการ Pay-In ของวันนี้ถึงจำนวนสูงสุดต่อวันที่ผู้ให้บริการกำหนดให้ร้านค้านี้แล้ว โปรดลองใหม่พรุ่งนี้ หรือขอให้ผู้ให้บริการเพิ่มจำนวน",
  },
  ERROR_NO_PAYIN_ACCOUNT_MATCH: {
    en: "The provider has no receiving account available for this Pay-In right now (for SCB QR, none is set up); try PromptPay (PP) or later.",
    th: "ขณะนี้ผู้ให้บริการไม่มีบัญชีรับเงินสำหรับ Pay-In นี้ (ถ้าเป็น QR ของ SCB แปลว่ายังไม่มีบัญชีที่ตั้งค่าไว้) โปรดใช้พร้อมเพย์ (PP) หรือลองใหม่ภายหลัง",
  },
  ERROR_NO_P2P_ACCOUNT_MATCH: {
    en: "No pending pay-out can take this P2P payment right now; try a normal Pay-In or later.",
    th: "ขณะนี้ไม่มีรายการโอนจ่ายที่รออยู่ซึ่งรับการชำระแบบ P2P นี้ได้ โปรดใช้ Pay-In แบบปกติ หรือลองใหม่ภายหลัง",
  },
  ERROR_NO_PAYOUT_REQUEST_FOUND: {
    en: "The provider could not reserve a pay-out for this P2P payment; try again or use a normal Pay-In.",
    th: "ผู้ให้บริการจองรายการโอนจ่ายสำหรับการชำระแบบ P2P นี้ไม่ได้ โปรดลองอีกครั้ง หรือใช้ Pay-In แบบปกติ",
  },
  ERROR_UNABLE_TO_ACQUIRE_LOCK: {
    en: "The provider is busy matching another P2P payment; try again in a few seconds.",
    th: "ผู้ให้บริการกำลังจับคู่การชำระแบบ P2P รายการอื่นอยู่ โปรดลองอีกครั้งในอีกสักครู่",
  },
  ERROR_ORG_ID_EMPTY: {
    en: "The provider has this merchant without an organisation; contact the provider.",
    th: "ร้านค้านี้ยังไม่ได้ผูกกับองค์กรใดในระบบของผู้ให้บริการ โปรดติดต่อผู้ให้บริการ",
  },
  NOTFOUND: {
    en: "The provider does not know this merchant, account or request. Check the merchant id and org id in the merchant's settings.",
    th: "ผู้ให้บริการไม่พบร้านค้า บัญชี หรือคำขอนี้ โปรดตรวจสอบ merchant id และ org id ในการตั้งค่าร้านค้า",
  },
  UUID_INVALID: {
    en: "An id sent to the provider is not in the provider's GUID format. Check the merchant id in the merchant's settings.",
    th: "รหัสที่ส่งไปยังผู้ให้บริการไม่อยู่ในรูปแบบ GUID ที่ผู้ให้บริการใช้ โปรดตรวจสอบ merchant id ในการตั้งค่าร้านค้า",
  },
  ERROR_DATA_NOT_OWN_BY_ORG_ID: {
    en: "That request belongs to another organisation at the provider.",
    th: "คำขอนั้นเป็นขององค์กรอื่นในระบบของผู้ให้บริการ",
  },
  TOKEN_INVALID: {
    en: "The slip link is invalid or has expired (links last 24 hours).",
    th: "ลิงก์ส่งสลิปไม่ถูกต้องหรือหมดอายุแล้ว (ลิงก์ใช้ได้ 24 ชั่วโมง)",
  },
  SCB_CONFIG_MISSING: {
    en: "The provider's SCB account is not set up for QR; use PromptPay (PP).",
    th: "ผู้ให้บริการยังไม่ได้ตั้งค่าบัญชี SCB สำหรับสร้าง QR โปรดใช้พร้อมเพย์ (PP)",
  },
  SCB_AUTH_FAILED: {
    en: "The provider could not sign in to SCB to make the QR; use PromptPay (PP) or try later.",
    th: "ผู้ให้บริการเข้าสู่ระบบ SCB เพื่อสร้าง QR ไม่สำเร็จ โปรดใช้พร้อมเพย์ (PP) หรือลองใหม่ภายหลัง",
  },
  SCB_API_ERROR: {
    en: "SCB refused to make the QR; use PromptPay (PP) or try later.",
    th: "SCB ไม่ยอมสร้าง QR ให้ โปรดใช้พร้อมเพย์ (PP) หรือลองใหม่ภายหลัง",
  },
  INVALID_DESTINATION_ACCOUNT: {
    en: "The destination account is incomplete or invalid.",
    th: "ข้อมูลบัญชีปลายทางไม่ครบหรือไม่ถูกต้อง",
  },
  BANK_CODE_NOT_SUPPORT: {
    en: "The provider does not support that bank.",
    th: "ผู้ให้บริการไม่รองรับธนาคารนี้",
  },
  IMAGE_INVALID: {
    en: "The slip is not a JPG, PNG or WebP picture.",
    th: "สลิปต้องเป็นรูปภาพ JPG, PNG หรือ WebP",
  },
  PAYLOAD_TOO_LARGE: {
    en: "The upload is too large for the provider.",
    th: "ไฟล์ที่อัปโหลดมีขนาดใหญ่เกินกว่าที่ผู้ให้บริการรับได้",
  },
  HTTP_400: {
    en: "The provider could not read what PayDesk sent; this is a PayDesk bug, please report it.",
    th: "ผู้ให้บริการอ่านข้อมูลที่ PayDesk ส่งไปไม่ได้ เป็นข้อผิดพลาดของ PayDesk โปรดแจ้งผู้ดูแลระบบ",
  },
  HTTP_404: {
    en: "The provider has no such endpoint. The live provider has no Withdrawal endpoint: use a Pay-Out to the merchant's own account.",
    th: "ผู้ให้บริการไม่มีช่องทาง (endpoint) นี้ ระบบจริงของผู้ให้บริการไม่มีช่องทางสำหรับถอนเงิน (Withdrawal) โปรดใช้ Pay-Out ไปยังบัญชีของร้านค้าเองแทน",
  },
  HTTP_413: {
    en: "The upload is too large for the provider.",
    th: "ไฟล์ที่อัปโหลดมีขนาดใหญ่เกินกว่าที่ผู้ให้บริการรับได้",
  },
  HTTP_415: {
    en: "The provider could not read what PayDesk sent; this is a PayDesk bug, please report it.",
    th: "ผู้ให้บริการอ่านข้อมูลที่ PayDesk ส่งไปไม่ได้ เป็นข้อผิดพลาดของ PayDesk โปรดแจ้งผู้ดูแลระบบ",
  },
};

/** Every code PayDesk has words for. */
export const KNOWN_PROVIDER_CODES: readonly string[] = Object.keys(CODES);

/** Our words for a code the provider documents, without the code; null for one we do not know. */
export function knownCodeDescription(code: string, locale: Locale): string | null {
  return Object.hasOwn(CODES, code) ? CODES[code]![locale] : null;
}

/**
 * A provider's refusal in words with its code: ours for a code we know, else the provider's own
 * reason (which stays in the provider's language, usually English).
 */
export function describeProviderCode(code: string, description: string | null, locale: Locale = "en"): string {
  const known = knownCodeDescription(code, locale);
  if (known) return `${known} (${code})`;
  const reason = description?.trim();
  return locale === "th"
    ? `ผู้ให้บริการปฏิเสธ: ${reason || "ไม่ได้ระบุเหตุผล"} (${code})`
    : `The provider refused: ${reason || "no reason given"} (${code}).`;
}
