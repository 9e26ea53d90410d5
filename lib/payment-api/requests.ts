/**
 * What PayDesk sends: one zod schema per submit, in our terms (satang, typed destinations), and the
 * provider's JSON body built from it. The console's forms extend these schemas, so the browser and
 * the server give the same messages.
 */
import { z } from "zod";
import { findBank } from "../banks";
import { toJsonNumber } from "../money";

/**
 * RefId1 goes into the PromptPay QR (tag 62), whose length and CRC count ASCII bytes, so it is
 * short ASCII (provider-facts §8.2).
 */
export const refId1Schema = z
  .string()
  .trim()
  .min(1, "RefId1 is required.")
  .max(25, "RefId1 is at most 25 characters (it is printed into the QR code).")
  .regex(/^[A-Za-z0-9_-]+$/, "RefId1 may use only English letters, digits, - and _.");

const optionalRef = z.string().trim().max(100, "At most 100 characters.").optional();
const amountSatang = z.number().int("The amount is in whole satang.").positive("The amount must be more than 0.").max(99_999_999_999_999);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

export const payInInputSchema = z.object({
  refId1: refId1Schema,
  refId2: optionalRef,
  refId3: optionalRef,
  payerName: z.string().trim().min(1, "The payer's name is required.").max(100, "At most 100 characters."),
  amountSatang,
  qrProvider: z.enum(["PP", "SCB"]),
  description: optionalText(500),
  customerEmail: z.email("Not an e-mail address.").max(200).optional(),
  customerPhone: z
    .string()
    .trim()
    .regex(/^(\+66|0)\d{8,9}$/, "A Thai phone number such as 0812345678 or +66812345678.")
    .optional(),
  tags: optionalText(200),
});
export type PayInInput = z.input<typeof payInInputSchema>;

export const p2pInputSchema = payInInputSchema.omit({ customerEmail: true, customerPhone: true, tags: true });
export type P2PInput = z.input<typeof p2pInputSchema>;

export const promptPayIdSchema = z
  .string()
  .trim()
  .regex(/^(0\d{9}|\d{13})$/, "A PromptPay id is a 10-digit phone number (0…) or a 13-digit citizen or tax id.");

export const destinationSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("bank"),
    bankCode: z.string().refine((code) => findBank(code) !== undefined && code !== "PP", "Choose a bank from the list."),
    accountNo: z.string().trim().regex(/^\d{10,15}$/, "A bank account number is 10 to 15 digits."),
    accountName: z.string().trim().min(1, "The account name is required.").max(100),
    promptPayId: promptPayIdSchema.optional(),
  }),
  z.object({ type: z.literal("promptpay"), promptPayId: promptPayIdSchema }),
  z.object({ type: z.literal("saved"), accountId: z.string().trim().min(1, "Choose a saved destination.") }),
]);
export type Destination = z.input<typeof destinationSchema>;

export const payOutInputSchema = z.object({
  refId1: refId1Schema,
  refId2: optionalRef,
  refId3: optionalRef,
  amountSatang,
  description: optionalText(500),
  tags: optionalText(200),
  destination: destinationSchema,
});
export type PayOutInput = z.input<typeof payOutInputSchema>;

function compact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in body) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

export function payInBody(input: z.output<typeof payInInputSchema>): Record<string, unknown> {
  return compact({
    RefId1: input.refId1,
    RefId2: input.refId2,
    RefId3: input.refId3,
    // The v0.2.54 provider ignores PayerName; the spec requires it and newer versions use it (§4.1).
    PayerName: input.payerName,
    RequestedAmount: toJsonNumber(input.amountSatang),
    Currency: "THB",
    QrProvider: input.qrProvider,
    Description: input.description,
    CustomerEmail: input.customerEmail,
    CustomerPhone: input.customerPhone,
    Tags: input.tags,
  });
}

export function p2pBody(input: z.output<typeof p2pInputSchema>): Record<string, unknown> {
  return payInBody(input);
}

export function payOutBody(input: z.output<typeof payOutInputSchema>): Record<string, unknown> {
  const d = input.destination;
  const destination =
    d.type === "saved"
      ? { PayinBankAccountId: d.accountId }
      : d.type === "promptpay"
        ? { PromptPayId: d.promptPayId, AccountType: "PromptPay" }
        : // Bank fields are always sent, PromptPay added when known (spec, Pay-Out rule 1).
          { BankCode: d.bankCode, BankAccountNo: d.accountNo, BankAccountName: d.accountName, PromptPayId: d.promptPayId, AccountType: d.promptPayId ? "PromptPay" : "Native" };
  return compact({
    RefId1: input.refId1,
    RefId2: input.refId2,
    RefId3: input.refId3,
    RequestedAmount: toJsonNumber(input.amountSatang),
    Currency: "THB",
    QrProvider: "PP", // the only provider Pay-Out accepts (§3.3)
    Description: input.description,
    Tags: input.tags,
    ...destination,
  });
}
