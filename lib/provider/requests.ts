/**
 * The provider's JSON bodies for what PayDesk sends, built from the contract's checked requests
 * (lib/requests/contract.ts): the rules live there, once; here only the provider's field names
 * and formats (amounts as JSON numbers of baht, destinations as its account fields).
 */
import type { P2PRequest, PayInRequest, PayOutRequest } from "../requests/contract";
import { toJsonNumber } from "../money";

function compact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in body) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

export function payInBody(input: PayInRequest | P2PRequest): Record<string, unknown> {
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
    ...("customerEmail" in input ? { CustomerEmail: input.customerEmail, CustomerPhone: input.customerPhone, Tags: input.tags } : {}),
  });
}

export function payOutBody(input: PayOutRequest): Record<string, unknown> {
  const d = input.destination;
  const destination =
    d.type === "saved"
      ? { PayinBankAccountId: d.accountId }
      : d.type === "promptpay"
        ? { PromptPayId: d.promptPayId, AccountType: "PromptPay" }
        : // Bank fields are always sent, PromptPay added when known (docs/payment-request-service.md, Pay-Out rule 1).
          {
            BankCode: d.bankCode,
            BankAccountNo: d.accountNo,
            BankAccountName: d.accountName,
            PromptPayId: d.promptPayId,
            AccountType: d.promptPayId ? "PromptPay" : "Native",
          };
  return compact({
    RefId1: input.refId1,
    RefId2: input.refId2,
    RefId3: input.refId3,
    RequestedAmount: toJsonNumber(input.amountSatang),
    Currency: "THB",
    QrProvider: "PP", // the only provider Pay-Out accepts (§3.3)
    Description: input.description,
    Tags: input.tags,
    // Always said, never left to the provider's default; a request stored before the choice existed has none: the merchant's.
    PayoutFeePayer: input.feePayer === "beneficiary" ? "Beneficiary" : "Merchant",
    ...destination,
  });
}
