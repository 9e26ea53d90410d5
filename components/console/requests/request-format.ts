import { findBank } from "@/lib/banks";
import type { Locale } from "@/lib/i18n";
import { formatThb } from "@/lib/i18n";
import { toSatang } from "@/lib/money";
import { expiryWords } from "./status-messages";

/** "฿1,234.50" from a numeric(14,2) column's text; "—" when absent. */
export function thb(value: string | null | undefined): string {
  return value === null || value === undefined ? "—" : formatThb(toSatang(value));
}

/** A pay-out destination in a few words, the account shortened to its last digits: "KBANK ···7890 · Somchai". */
export function destinationSummary(
  destination: Record<string, string> | null | undefined,
  locale: Locale,
  options: { full?: boolean } = {},
): string | null {
  if (!destination) return null;
  const tail = (digits: string | undefined) => (!digits ? "" : options.full ? digits : `···${digits.slice(-4)}`);
  if (destination.type === "promptpay") return `PromptPay ${tail(destination.promptPayId)}`;
  if (destination.type === "saved")
    return locale === "th" ? `ปลายทางที่บันทึกไว้ ${destination.accountId ?? ""}` : `saved destination ${destination.accountId ?? ""}`;
  const bank = findBank(destination.bankCode);
  const bankName = options.full && bank ? (locale === "th" ? bank.nameTh : bank.nameEn) : (bank?.code ?? destination.bankCode ?? "");
  return [`${bankName} ${tail(destination.accountNo)}`.trim(), destination.accountName].filter(Boolean).join(" · ");
}

/** "expires in 12 min", or that the window has passed. */
export function expiryText(expireAt: Date, locale: Locale, now = Date.now()): string {
  const minutes = Math.ceil((expireAt.getTime() - now) / 60_000);
  const t = expiryWords(locale);
  return minutes > 0 ? t.expiresIn(minutes) : t.expiryPassed;
}
