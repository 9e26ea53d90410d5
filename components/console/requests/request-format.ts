import { bankName, findBank } from "@/lib/banks";
import { defineMessages, formatThb, type Locale } from "@/lib/i18n";
import { toSatang } from "@/lib/money";
import { expiryWords } from "./status-messages";

const FORMAT_WORDS = defineMessages({
  en: { savedDestination: (id: string) => `saved destination ${id}` },
  th: { savedDestination: (id: string) => `ปลายทางที่บันทึกไว้ ${id}` },
});

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
  if (destination.type === "saved") return FORMAT_WORDS(locale).savedDestination(destination.accountId ?? "");
  const bank = findBank(destination.bankCode);
  const bankLabel = options.full && bank ? bankName(bank, locale) : (bank?.code ?? destination.bankCode ?? "");
  return [`${bankLabel} ${tail(destination.accountNo)}`.trim(), destination.accountName].filter(Boolean).join(" · ");
}

/** "expires in 12 min", or that the window has passed. */
export function expiryText(expireAt: Date, locale: Locale, now = Date.now()): string {
  const minutes = Math.ceil((expireAt.getTime() - now) / 60_000);
  const t = expiryWords(locale);
  return minutes > 0 ? t.expiresIn(minutes) : t.expiryPassed;
}
