/**
 * The create forms' validation messages, in Thai and English. The schemas in ./forms.ts report a
 * message *key* (with a parameter after a colon: `tooLong:100`, `amountBelowMin:2000` in satang),
 * and the browser and the server both turn the key into words with `fieldMessage` in the person's
 * language — one schema, one set of messages, two languages. Text that is not a key (a sentence
 * from elsewhere) is shown as it is.
 */
import { defineMessages, formatThb, type Locale } from "../i18n";
import { MAX_SATANG } from "../money";

const messages = defineMessages({
  en: {
    formStale: "This form is out of date. Reload the page and fill it in again.",
    refId1Required: "Enter a RefId1 (your reference for this request).",
    refId1TooLong: "RefId1 is at most 25 characters (the provider's limit).",
    refId1Chars: "RefId1 may use only English letters, digits, - and _.",
    refId1Taken: "This merchant already has a request with this RefId1. Use a new one (“New RefId1” makes one).",
    payerNameRequired: "Enter the payer's name.",
    tooLong: (max: number) => `At most ${max} characters.`,
    amountRequired: "Enter the amount in baht, such as 1,250.50.",
    amountFormat: "Write the amount in baht with digits, such as 1250 or 1,250.50.",
    amountDecimals: "An amount has at most 2 decimals (satang).",
    amountPositive: "The amount must be more than 0.",
    amountTooLarge: `The amount is too large: at most ${formatThb(MAX_SATANG)}.`,
    amountBelowMin: (min: string) => `The minimum for this merchant is ${min}.`,
    amountAboveMax: (max: string) => `The maximum for this merchant is ${max}.`,
    amountAboveCeiling: (max: string) =>
      `A single Pay-Out or Withdrawal of this merchant is at most ${max}. Split it, or ask an admin to raise the ceiling (Settings → Merchants); nothing was sent.`,
    qrProviderInvalid: "Choose PromptPay (PP) or SCB.",
    emailInvalid: "Enter an e-mail address such as name@example.com, or leave it empty.",
    phoneInvalid: "Enter a Thai phone number such as 0812345678 or +66812345678, or leave it empty.",
    destinationTypeRequired: "Choose where the money goes.",
    feePayerInvalid: "Choose who pays the transfer fee: the merchant or the recipient.",
    bankRequired: "Choose a bank from the list.",
    accountNoInvalid: "A bank account number is 10 to 15 digits.",
    accountNameRequired: "Enter the account holder's name.",
    promptPayInvalid: "A PromptPay id is a 10-digit phone number (0…) or a 13-digit citizen or tax id.",
    savedRequired: "Choose a saved destination.",
    savedInvalid: "A saved destination id looks like 0e6a33cb-96cc-47a6-ac51-1de5027ec190.",
    declineReasonRequired: "Say why it is declined; the requester sees this.",
    refundTooLarge: (left: string) => `At most ${left} is left to refund on this Pay-In.`,
    refundNothingLeft: "Nothing is left to refund on this Pay-In: its refunds already add up to what was paid.",
    refundNotPaid: "Only a paid Pay-In can be refunded; this one is not paid.",
    refundNotFound: "The Pay-In to refund was not found for this merchant. Open it again from the request list.",
    fixFields: "Some fields need attention; see the messages next to them.",
    noApi: "PayDesk cannot open this merchant's API key. An admin must enter it again in Settings; nothing was sent.",
  },
  th: {
    formStale: "แบบฟอร์มนี้เก่าแล้ว โหลดหน้าใหม่แล้วกรอกอีกครั้ง",
    refId1Required: "กรอก RefId1 (เลขอ้างอิงของคุณสำหรับรายการนี้)",
    refId1TooLong: "RefId1 ยาวได้ไม่เกิน 25 ตัวอักษร (ข้อจำกัดของผู้ให้บริการ)",
    refId1Chars: "RefId1 ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข - และ _",
    refId1Taken: "ร้านค้านี้มีรายการที่ใช้ RefId1 นี้แล้ว ใช้เลขใหม่ (ปุ่ม “RefId1 ใหม่” สร้างให้)",
    payerNameRequired: "กรอกชื่อผู้จ่าย",
    tooLong: (max: number) => `ไม่เกิน ${max} ตัวอักษร`,
    amountRequired: "กรอกจำนวนเงินเป็นบาท เช่น 1,250.50",
    amountFormat: "เขียนจำนวนเงินเป็นตัวเลข เช่น 1250 หรือ 1,250.50",
    amountDecimals: "จำนวนเงินมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง (สตางค์)",
    amountPositive: "จำนวนเงินต้องมากกว่า 0",
    amountTooLarge: `จำนวนเงินมากเกินไป สูงสุด ${formatThb(MAX_SATANG)}`,
    amountBelowMin: (min: string) => `ขั้นต่ำของร้านค้านี้คือ ${min}`,
    amountAboveMax: (max: string) => `สูงสุดของร้านค้านี้คือ ${max}`,
    amountAboveCeiling: (max: string) =>
      `การโอนจ่ายหรือถอนเงินแต่ละรายการของร้านค้านี้ไม่เกิน ${max} แบ่งเป็นหลายรายการ หรือขอให้ผู้ดูแลเพิ่มเพดาน (ตั้งค่า → ร้านค้า) ยังไม่มีการส่งรายการใด`,
    qrProviderInvalid: "เลือกพร้อมเพย์ (PP) หรือ SCB",
    emailInvalid: "กรอกอีเมล เช่น name@example.com หรือเว้นว่างไว้",
    phoneInvalid: "กรอกเบอร์โทรศัพท์ไทย เช่น 0812345678 หรือ +66812345678 หรือเว้นว่างไว้",
    destinationTypeRequired: "เลือกปลายทางของเงิน",
    feePayerInvalid: "เลือกผู้รับภาระค่าธรรมเนียมการโอน: ร้านค้าหรือผู้รับเงิน",
    bankRequired: "เลือกธนาคารจากรายการ",
    accountNoInvalid: "เลขที่บัญชีธนาคารมี 10 ถึง 15 หลัก",
    accountNameRequired: "กรอกชื่อบัญชี",
    promptPayInvalid: "พร้อมเพย์คือเบอร์โทรศัพท์ 10 หลัก (0…) หรือเลขประจำตัวประชาชน/เลขผู้เสียภาษี 13 หลัก",
    savedRequired: "เลือกบัญชีปลายทางที่บันทึกไว้",
    savedInvalid: "รหัสบัญชีปลายทางที่บันทึกไว้มีรูปแบบเช่น 0e6a33cb-96cc-47a6-ac51-1de5027ec190",
    declineReasonRequired: "ระบุเหตุผลที่ไม่อนุมัติ ผู้ขอจะเห็นข้อความนี้",
    refundTooLarge: (left: string) => `รายการรับเงินนี้คืนเงินได้อีกไม่เกิน ${left}`,
    refundNothingLeft: "รายการรับเงินนี้ไม่เหลือยอดให้คืนแล้ว ยอดคืนเงินรวมเท่ากับยอดที่ชำระแล้ว",
    refundNotPaid: "คืนเงินได้เฉพาะรายการรับเงินที่ชำระแล้ว รายการนี้ยังไม่ได้ชำระ",
    refundNotFound: "ไม่พบรายการรับเงินที่จะคืนเงินในร้านค้านี้ เปิดรายการอีกครั้งจากรายการคำขอ",
    fixFields: "บางช่องต้องแก้ไข ดูข้อความข้างช่องนั้น",
    noApi: "PayDesk เปิด API key ของร้านค้านี้ไม่ได้ ผู้ดูแลต้องกรอกใหม่ในหน้าตั้งค่า ยังไม่มีการส่งรายการใด",
  },
});

export type FormMessageKey = keyof ReturnType<typeof messages>;

/** Every key this file words (lib/i18n/every-message.test.ts checks each has both languages). */
export const FORM_MESSAGE_KEYS = Object.keys(messages("en")) as FormMessageKey[];

/** The words for a key such as `refId1Taken`, `tooLong:100` or `amountBelowMin:2000`, in the person's language. */
export function fieldMessage(locale: Locale, raw: string): string {
  const colon = raw.indexOf(":");
  const key = colon === -1 ? raw : raw.slice(0, colon);
  const param = colon === -1 ? "" : raw.slice(colon + 1);
  const table = messages(locale) as Record<string, string | ((arg: never) => string)>;
  if (!Object.hasOwn(table, key)) return raw;
  const entry = table[key]!;
  if (typeof entry === "string") return entry;
  if (key === "amountBelowMin" || key === "amountAboveMax" || key === "amountAboveCeiling" || key === "refundTooLarge")
    return (entry as (amount: string) => string)(formatThb(Number(param)));
  return (entry as (max: number) => string)(Number(param));
}

/** A key with its parameter, as the schemas report it. */
export const messageKey = (key: FormMessageKey, param?: string | number) => (param === undefined ? key : `${key}:${param}`);
