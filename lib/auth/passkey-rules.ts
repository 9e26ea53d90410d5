import { z } from "zod";
import { keyedMessages } from "../i18n/keyed-messages";

/** The passkey forms' rules and refusals as keys, worded in both languages. This file reaches the browser. */
export const passkeyRules = keyedMessages("passkey", {
  en: {
    nameRequired: "Give the passkey a name you will recognise, like “Work laptop” or “Phone”.",
    nameTooLong: "A passkey's name has at most 60 characters.",
    answerInvalid: "The browser's answer could not be read. Try again.",
    expired: "That took longer than 5 minutes, or was answered already. Try again.",
    invalid: "The passkey's answer did not check out. Try again.",
    registered: "That passkey is registered already.",
    counter: "That passkey's answer was refused: it may have been copied. Remove it and register it again.",
    tooMany: "You have 20 passkeys already; remove one first.",
    notFound: "That passkey is gone already. Reload the page.",
    unavailable: "Passkeys work only at the console's own address with a host name (not an IP address); ask your admin.",
    cancelled: "The passkey was not used (cancelled, or the time ran out).",
    notSupported: "This browser cannot use passkeys.",
    tooManyTries: "Too many passkey sign-ins from here just now; try again in a minute.",
  },
  th: {
    nameRequired: "ตั้งชื่อพาสคีย์ที่คุณจำได้ เช่น “โน้ตบุ๊กที่ทำงาน” หรือ “โทรศัพท์”",
    nameTooLong: "ชื่อพาสคีย์ยาวได้ไม่เกิน 60 ตัวอักษร",
    answerInvalid: "อ่านคำตอบจากเบราว์เซอร์ไม่ได้ โปรดลองอีกครั้ง",
    expired: "ใช้เวลานานเกิน 5 นาที หรือถูกใช้ไปแล้ว โปรดลองอีกครั้ง",
    invalid: "คำตอบจากพาสคีย์ตรวจสอบไม่ผ่าน โปรดลองอีกครั้ง",
    registered: "พาสคีย์นี้ลงทะเบียนไว้แล้ว",
    counter: "คำตอบจากพาสคีย์นี้ถูกปฏิเสธ อาจถูกคัดลอก โปรดลบแล้วลงทะเบียนใหม่",
    tooMany: "คุณมีพาสคีย์ครบ 20 รายการแล้ว โปรดลบออกหนึ่งรายการก่อน",
    notFound: "พาสคีย์นั้นถูกลบไปแล้ว โปรดโหลดหน้าใหม่",
    unavailable: "พาสคีย์ใช้ได้เฉพาะที่ที่อยู่ของคอนโซลที่เป็นชื่อโฮสต์ (ไม่ใช่ที่อยู่ IP) โปรดติดต่อผู้ดูแลระบบ",
    cancelled: "ไม่ได้ใช้พาสคีย์ (ถูกยกเลิก หรือหมดเวลา)",
    notSupported: "เบราว์เซอร์นี้ใช้พาสคีย์ไม่ได้",
    tooManyTries: "มีการเข้าสู่ระบบด้วยพาสคีย์จากที่นี่มากเกินไป โปรดลองอีกครั้งในอีกหนึ่งนาที",
  },
});

const R = passkeyRules.keys;

/** The browser's answer (navigator.credentials), sent as JSON text beside the challenge it answers. */
const answerJson = z.string().max(20_000, R.answerInvalid);
const base64url = z
  .string()
  .max(10_000)
  .regex(/^[A-Za-z0-9_-]*$/);

export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

function jsonOf<T extends z.ZodType>(schema: T) {
  return answerJson.transform((text, ctx): z.output<T> => {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: the same message as JSON of the wrong shape.
    }
    ctx.addIssue({ code: "custom", message: R.answerInvalid });
    return z.NEVER;
  });
}

const challengeId = z.string().regex(/^wch_[0-9a-f]{24}$/, R.expired);

/** A passkey's answer to a sign-in, second-factor or step-up challenge. */
export const passkeyAnswerSchema = z.object({ challengeId, response: jsonOf(authenticationResponseSchema) });

export const passkeyNameSchema = z.string({ error: R.nameRequired }).trim().min(1, R.nameRequired).max(60, R.nameTooLong);

/** A new passkey: its name and the browser's answer to the registration challenge. */
export const finishPasskeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  challengeId,
  response: jsonOf(registrationResponseSchema),
});

export const removePasskeySchema = z.object({ passkeyId: z.string().regex(/^pk_[0-9a-f]{16}$/, R.notFound) });
