/**
 * One request contract: the rules for what PayDesk sends, per operation, written once. The create
 * forms (./forms.ts), their actions, the merchant API and the provider client all use these rules,
 * and each problem is a message key (./form-messages.ts) worded in the reader's language.
 *
 * A request is parsed once, at the border where it enters PayDesk (a form's action, an API call),
 * into a branded type — `PayInRequest`, `P2PRequest`, `PayOutRequest` — that only these schemas
 * produce; the layers after the border (lib/requests/create.ts, lib/provider/client.ts) take
 * that type and trust it instead of checking again. A stored request's `input` was one of them
 * when it was recorded (`storedRequest`).
 */
import { z } from "zod";
import { BANKS } from "../banks";
import { MAX_SATANG, parseAmount, type Satang } from "../money";
import { messageKey, type FormMessageKey } from "./form-messages";

const NEVER = z.NEVER;
type Ctx = z.RefinementCtx;
export const issue = (ctx: Ctx, message: string, path?: string[]) => ctx.addIssue({ code: "custom", message, ...(path ? { path } : {}) });

/** Separators people type inside numbers (account numbers with dashes, phone numbers with spaces). */
export const withoutSeparators = (text: string) => text.replace(/[\s-]/g, "");
const EMAIL = z.regexes.email;
const THAI_PHONE = /^(\+66|0)\d{8,9}$/;
export const PROMPTPAY_ID = /^(0\d{9}|\d{13})$/;
export const ACCOUNT_NO = /^\d{10,15}$/;
export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A text that may be left empty (undefined then), normalised (trimmed), with a length limit and an optional pattern. */
export function optionalText(
  max: number,
  pattern?: { re: RegExp; key: FormMessageKey },
  normalize: (text: string) => string = (t) => t.trim(),
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): string | undefined => {
      const text = normalize(raw ?? "");
      if (text === "") return undefined;
      if (pattern && !pattern.re.test(text)) return (issue(ctx, pattern.key), NEVER);
      if (text.length > max) return (issue(ctx, messageKey("tooLong", max)), NEVER);
      return text;
    });
}

/** A text that must be filled in, normalised, with a length limit and an optional pattern. */
export function requiredText(
  requiredKey: FormMessageKey,
  max: number,
  pattern?: { re: RegExp; key: FormMessageKey },
  normalize: (text: string) => string = (t) => t.trim(),
) {
  return z.string({ error: requiredKey }).transform((raw, ctx): string => {
    const text = normalize(raw);
    if (text === "") return (issue(ctx, requiredKey), NEVER);
    if (pattern && !pattern.re.test(text)) return (issue(ctx, pattern.key), NEVER);
    if (text.length > max) return (issue(ctx, messageKey("tooLong", max)), NEVER);
    return text;
  });
}

/** RefId1: it goes into the PromptPay QR, whose length and CRC count ASCII bytes, so short ASCII (docs/provider-facts.md §8.2). */
export const refId1Field = z.string({ error: "refId1Required" }).transform((raw, ctx): string => {
  const text = raw.trim();
  if (text === "") return (issue(ctx, "refId1Required"), NEVER);
  if (text.length > 25) return (issue(ctx, "refId1TooLong"), NEVER);
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return (issue(ctx, "refId1Chars"), NEVER);
  return text;
});

/** An amount in baht as typed ("1,250.50") → satang, never through a float (lib/money.ts). */
export const amountField = z.string({ error: "amountRequired" }).transform((raw, ctx): Satang => {
  const text = raw.trim();
  if (text === "") return (issue(ctx, "amountRequired"), NEVER);
  if (text.startsWith("-")) return (issue(ctx, "amountPositive"), NEVER);
  if (/\.\d{3,}$/.test(text)) return (issue(ctx, "amountDecimals"), NEVER);
  const parsed = parseAmount(text);
  if (!parsed.ok) return (issue(ctx, parsed.problem === "too_large" ? "amountTooLarge" : "amountFormat"), NEVER);
  if (parsed.satang <= 0) return (issue(ctx, "amountPositive"), NEVER);
  return parsed.satang;
});

/** An amount already in satang: whole, more than 0, at most what the provider's numbers hold. */
const satangField = z.number({ error: "amountRequired" }).transform((satang, ctx): Satang => {
  if (!Number.isInteger(satang)) return (issue(ctx, "amountDecimals"), NEVER);
  if (satang <= 0) return (issue(ctx, "amountPositive"), NEVER);
  if (satang > MAX_SATANG) return (issue(ctx, "amountTooLarge"), NEVER);
  return satang;
});

/** The fields every request has. */
export const referenceFields = {
  refId1: refId1Field,
  refId2: optionalText(100),
  refId3: optionalText(100),
  description: optionalText(500),
};

/** Who pays a Pay-In, and which QR they scan. */
export const payerFields = {
  payerName: requiredText("payerNameRequired", 100),
  qrProvider: z.enum(["PP", "SCB"], { error: "qrProviderInvalid" }),
};

/** A Pay-In's customer contact and the merchant's own search words (not for P2P). */
export const customerFields = {
  customerEmail: optionalText(200, { re: EMAIL, key: "emailInvalid" }),
  customerPhone: optionalText(20, { re: THAI_PHONE, key: "phoneInvalid" }, withoutSeparators),
  tags: optionalText(200),
};

export const isBankCode = (code: unknown): code is string =>
  typeof code === "string" && code !== "PP" && BANKS.some((bank) => bank.code === code);

/** Where a pay-out goes: a bank account (with its PromptPay id when known), a PromptPay id, or one of the merchant's saved destinations. */
export const destinationSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("bank"),
      bankCode: z.string({ error: "bankRequired" }).refine(isBankCode, "bankRequired"),
      // Thai account numbers are printed with dashes (123-4-56789-0): accepted, sent as digits.
      accountNo: requiredText("accountNoInvalid", 15, { re: ACCOUNT_NO, key: "accountNoInvalid" }, withoutSeparators),
      accountName: requiredText("accountNameRequired", 100),
      promptPayId: optionalText(13, { re: PROMPTPAY_ID, key: "promptPayInvalid" }, withoutSeparators),
    }),
    z.object({
      type: z.literal("promptpay"),
      promptPayId: requiredText("promptPayInvalid", 13, { re: PROMPTPAY_ID, key: "promptPayInvalid" }, withoutSeparators),
    }),
    z.object({ type: z.literal("saved"), accountId: requiredText("savedRequired", 36, { re: GUID, key: "savedInvalid" }) }),
  ],
  { error: "destinationTypeRequired" },
);
export type Destination = z.input<typeof destinationSchema>;

export const payInRequestSchema = z
  .object({ ...referenceFields, ...payerFields, amountSatang: satangField, ...customerFields })
  .brand<"PayInRequest">();
export const p2pRequestSchema = z.object({ ...referenceFields, ...payerFields, amountSatang: satangField }).brand<"P2PRequest">();
/**
 * Who bears a Pay-Out's transfer fee (the provider's `PayoutFeePayer`, docs/provider-facts.md §9.3):
 * the merchant (the provider's default: the recipient gets the whole amount, the wallet pays amount
 * + fee) or the recipient (the recipient gets amount − fee, the wallet pays the amount).
 */
export const FEE_PAYERS = ["merchant", "beneficiary"] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];

export const payOutRequestSchema = z
  .object({
    ...referenceFields,
    amountSatang: satangField,
    tags: optionalText(200),
    destination: destinationSchema,
    feePayer: z.enum(FEE_PAYERS, { error: "feePayerInvalid" }).default("merchant"),
  })
  .brand<"PayOutRequest">();

/** What a caller hands in (typed, not yet checked)… */
export type PayInInput = z.input<typeof payInRequestSchema>;
export type P2PInput = z.input<typeof p2pRequestSchema>;
export type PayOutInput = z.input<typeof payOutRequestSchema>;
/** …and what the contract makes of it: checked, normalised, trusted from here on. */
export type PayInRequest = z.output<typeof payInRequestSchema>;
export type P2PRequest = z.output<typeof p2pRequestSchema>;
export type PayOutRequest = z.output<typeof payOutRequestSchema>;

/** A request to create, of any kind, as the contract made it. */
export type RequestPayload =
  | { kind: "payin"; payIn: PayInRequest }
  | { kind: "payin_p2p"; payIn: P2PRequest }
  | { kind: "payout" | "withdrawal"; payOut: PayOutRequest };

/** Parses typed input at a border (an API call, a test, a bench); throws on a problem, with the message keys. */
export const payInRequest = (input: PayInInput): PayInRequest => payInRequestSchema.parse(input);
export const p2pRequest = (input: P2PInput): P2PRequest => p2pRequestSchema.parse(input);
export const payOutRequest = (input: PayOutInput): PayOutRequest => payOutRequestSchema.parse(input);

/**
 * A recorded request's input, as the contract made it when it was recorded (lib/requests/create.ts
 * stores exactly the parsed request): to send it again after approval or a lost answer.
 */
export function storedRequest(kind: RequestPayload["kind"], input: unknown): RequestPayload {
  switch (kind) {
    case "payin":
      return { kind, payIn: input as PayInRequest };
    case "payin_p2p":
      return { kind, payIn: input as P2PRequest };
    default:
      return { kind, payOut: input as PayOutRequest };
  }
}
