import { BANKS, findBank } from "@/lib/banks";
import { defineMessages, type Locale } from "@/lib/i18n";
import type { Destination } from "@/lib/requests/contract";

const words = defineMessages({ en: { account: "Account" }, th: { account: "เลขที่บัญชี" } });

/** A registered pay-out destination (PayinBankAccountId) as the form offers it. */
export interface SavedDestinationOption {
  id: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  promptPayId: string | null;
}

/** A bank in both languages, the person's own first: "ธนาคารกสิกรไทย · Kasikornbank (KBANK)". */
export function bankLabel(code: string, locale: Locale): string {
  const bank = findBank(code);
  if (!bank) return code;
  const names = locale === "th" ? [bank.nameTh, bank.nameEn] : [bank.nameEn, bank.nameTh];
  return `${names.join(" · ")} (${bank.code})`;
}

export const bankOptions = (locale: Locale) => BANKS.map((bank) => ({ code: bank.code, label: bankLabel(bank.code, locale) }));

export function savedLabel(d: SavedDestinationOption, locale: Locale): string {
  return `${d.accountName} — ${bankLabel(d.bankCode, locale)} ${d.accountNo}${d.promptPayId ? ` · PromptPay ${d.promptPayId}` : ""}`;
}

/** Where the money goes, in full, line by line (the confirmation step and the approvals queue). */
export function destinationLines(destination: Destination, locale: Locale, saved: readonly SavedDestinationOption[] = []): string[] {
  switch (destination.type) {
    case "bank":
      return [
        bankLabel(destination.bankCode, locale),
        `${words(locale).account} ${destination.accountNo}`,
        destination.accountName,
        ...(destination.promptPayId ? [`PromptPay ${destination.promptPayId}`] : []),
      ];
    case "promptpay":
      return [`PromptPay ${destination.promptPayId}`];
    case "saved": {
      const known = saved.find((d) => d.id === destination.accountId);
      const id = `PayinBankAccountId ${destination.accountId}`;
      return known
        ? [
            known.accountName,
            `${bankLabel(known.bankCode, locale)} ${known.accountNo}`,
            ...(known.promptPayId ? [`PromptPay ${known.promptPayId}`] : []),
            id,
          ]
        : [id];
    }
  }
}
