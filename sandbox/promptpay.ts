/**
 * QR payloads as the provider builds them (docs/provider-facts.md §5.3).
 *
 * PromptPay (`PP`): an EMVCo "dynamic" payload with the PromptPay AID in tag 29, the amount in
 * tag 54 with two decimals, "{BankCode}:{AccountNo}" as merchant name (tag 59, at most 25
 * characters), and RefId1 in tag 62 sub-tag 01 — which is why RefId1 must stay short ASCII
 * (§8.2). SCB (`SCB`): a BOT bill-payment payload, standing in for the one SCB's API returns.
 * TLV encoding and the CRC-16/CCITT-FALSE come from promptparse, a maintained library.
 */
import { encode, tag, withCrcTag } from "promptparse";
import { billPayment } from "promptparse/generate";
import { toDecimalString, toJsonNumber, type Satang } from "../lib/money";

const PROMPTPAY_AID = "A000000677010111";

export function promptPayPayload(input: {
  promptPayId: string;
  amountSatang: Satang;
  bankCode: string;
  accountNo: string;
  refId1: string;
}): string {
  const tags = [
    tag("00", "01"),
    tag("01", "12"),
    tag("29", encode([tag("00", PROMPTPAY_AID), proxyTag(input.promptPayId)])),
    tag("52", "0000"),
    tag("53", "764"),
    tag("54", toDecimalString(input.amountSatang)),
    tag("58", "TH"),
    tag("59", `${input.bankCode}:${input.accountNo}`.slice(0, 25)),
    tag("60", "Bangkok"),
  ];
  if (input.refId1 !== "") tags.push(tag("62", encode([tag("01", input.refId1)])));
  return withCrcTag(encode(tags), "63", true);
}

export function billPaymentPayload(input: { billerId: string; amountSatang: Satang; refId1: string; refId2: string | null }): string {
  return billPayment({
    billerId: input.billerId,
    amount: toJsonNumber(input.amountSatang),
    ref1: input.refId1,
    ref2: input.refId2 ?? input.refId1,
  });
}

function proxyTag(promptPayId: string) {
  const digits = promptPayId.replace(/\D/g, "");
  if (digits.length === 10 && digits.startsWith("0")) return tag("01", `0066${digits.slice(1)}`); // mobile
  if (digits.length === 13) return tag("02", digits); // national id / tax id
  if (digits.length === 15) return tag("03", digits); // e-wallet
  return tag("00", digits); // the provider's non-standard fallback
}
