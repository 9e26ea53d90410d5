/**
 * The Pay-Out and Withdrawal submits (docs/provider-facts.md §3.3, §4.3): identical bodies, the withdrawal
 * flagged. The live provider validates no destination; the spec profile refuses money with nowhere
 * to go (sandbox/README.md).
 */
import { BANKS } from "../lib/banks";
import { isGuid, type SandboxContext } from "./context";
import { Binder } from "./http";
import { baseRequest, checkRef, fail, readAmount, readCommon, type SubmitResult } from "./submit";
import type { Destination, Merchant } from "./types";

export function submitPayOut(
  ctx: SandboxContext,
  orgId: string,
  merchant: Merchant,
  body: Record<string, unknown>,
  isWithdrawal: boolean,
): SubmitResult {
  const b = new Binder(body);
  const f = readCommon(b);
  const d = {
    bankCode: b.string("BankCode"),
    accountNo: b.string("BankAccountNo"),
    accountName: b.string("BankAccountName"),
    promptPayId: b.string("PromptPayId"),
    accountType: b.string("AccountType"),
    registeredAccountId: b.string("PayinBankAccountId"),
  };
  // Bound like every other field of the entity; null or absent keeps the provider's default.
  const feePayer = b.string("PayoutFeePayer");
  b.done();
  const live = ctx.config.profile === "live";

  if (d.registeredAccountId !== null && d.registeredAccountId !== "") {
    if (!isGuid(d.registeredAccountId))
      return fail("UUID_INVALID", `Bank account ID [${d.registeredAccountId}] is not in GUID format`, {
        controller: true,
        extra: { bankAccount: null },
      });
    if (!ctx.store.get("accounts", d.registeredAccountId.toLowerCase()))
      return fail("NOTFOUND", `Bank account ID [${d.registeredAccountId}] not found`, { controller: true, extra: { bankAccount: null } });
    d.registeredAccountId = d.registeredAccountId.toLowerCase();
  } else {
    d.registeredAccountId = null;
  }
  const ref = checkRef(ctx, orgId, f);
  if ("ok" in ref) return ref;
  if (f.qrProvider !== "PP")
    return fail("BANK_PROVIDER_NOT_SUPPORT", `QR provider [${f.qrProvider ?? ""}] is not supported; pay-outs use PP`);
  const satang = readAmount(ctx, f.amount);
  if (typeof satang !== "number") return satang;

  if (d.registeredAccountId === null) {
    if (d.accountType === "PromptPay" && !d.promptPayId) {
      // The live QR builder throws "TargetId is required" → empty 500 (§3.3).
      if (live) return fail("INTERNAL_ERROR", "TargetId is required", { crash: true });
      return fail("INVALID_DESTINATION_ACCOUNT", "AccountType PromptPay needs a PromptPayId");
    }
    if (!live) {
      const problem = destinationProblem(d);
      if (problem) return problem;
    }
  }
  const request = baseRequest(orgId, merchant, isWithdrawal ? "withdrawal" : "payout", ref.refId1, f, satang);
  request.destination = d;
  request.payoutFeePayer = feePayer ?? "Merchant";
  ctx.store.put("requests", request);
  return { ok: true, request };
}

/**
 * Spec profile only: the spec asks for bank fields, or PromptPayId + AccountType (its sample body),
 * or PayinBankAccountId. The live provider validates none of it (§3.3); the sandbox refuses money
 * with nowhere to go, with codes of its own, documented in sandbox/README.md.
 */
function destinationProblem(d: Destination): SubmitResult | null {
  const hasBank = Boolean(d.bankCode || d.accountNo || d.accountName);
  if (d.accountType !== null && d.accountType !== "Native" && d.accountType !== "PromptPay") {
    return fail("INVALID_DESTINATION_ACCOUNT", `AccountType [${d.accountType}] must be Native or PromptPay`);
  }
  if (d.promptPayId !== null && !/^(0\d{9}|\d{13}|\d{15})$/.test(d.promptPayId)) {
    return fail("INVALID_DESTINATION_ACCOUNT", `PromptPayId [${d.promptPayId}] must be a 10-digit phone number or a 13-digit id`);
  }
  if (hasBank) {
    if (!d.bankCode || !d.accountNo || !d.accountName)
      return fail("INVALID_DESTINATION_ACCOUNT", "BankCode, BankAccountNo and BankAccountName are sent together");
    if (!BANKS.some((bank) => bank.code === d.bankCode)) return fail("BANK_CODE_NOT_SUPPORT", `Bank code [${d.bankCode}] is not supported`);
    if (!/^\d{10,15}$/.test(d.accountNo))
      return fail("INVALID_DESTINATION_ACCOUNT", `Bank account number [${d.accountNo}] must be 10 to 15 digits`);
    return null;
  }
  if (d.promptPayId !== null) return null;
  return fail("INVALID_DESTINATION_ACCOUNT", "A destination is required: bank fields, PromptPayId with AccountType, or PayinBankAccountId");
}
