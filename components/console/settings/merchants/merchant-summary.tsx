import { formatDateTime, formatThb, type Locale } from "@/lib/i18n";
import type { MerchantSettings } from "@/lib/merchants/settings";
import { merchantMessages } from "./merchant-messages";

/** What a merchant is at the provider, and what identifies its keys: the last four characters only. */
export function MerchantSummaryCard({ merchant, locale }: { merchant: MerchantSettings; locale: Locale }) {
  const t = merchantMessages(locale);
  const amount = (satang: number | null, none: string) => (satang === null ? none : formatThb(satang));
  return (
    <>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm" data-testid="merchant-summary">
        <dt className="text-slate-700">{t.orgId}</dt>
        <dd className="font-mono">{merchant.orgId}</dd>
        <dt className="text-slate-700">{t.merchantId}</dt>
        <dd className="break-all font-mono">{merchant.merchantId}</dd>
        <dt className="text-slate-700">{t.submitKey}</dt>
        <dd className="font-mono" data-testid="submit-key-suffix">
          {t.keyEnding(merchant.submitKeyLast4)}
        </dd>
        <dt className="text-slate-700">{t.readKey}</dt>
        <dd data-testid="read-key-suffix">
          {merchant.readKeyLast4 ? <span className="font-mono">{t.keyEnding(merchant.readKeyLast4)}</span> : t.noReadKey}
        </dd>
        <dt className="text-slate-700">{t.webhookSecret}</dt>
        <dd data-testid="webhook-secret-status">
          {merchant.hasWebhookSecret ? t.secretStatusSet : t.secretStatusNone}
          {merchant.previousSecretUntil && (
            <span className="block text-slate-700">{t.previousUntil(formatDateTime(merchant.previousSecretUntil, locale))}</span>
          )}
        </dd>
        <dt className="text-slate-700">{t.payinRange}</dt>
        <dd>
          {merchant.payinMinSatang === null && merchant.payinMaxSatang === null
            ? t.noLimit
            : `${amount(merchant.payinMinSatang, "—")} – ${amount(merchant.payinMaxSatang, "—")}`}
        </dd>
        <dt className="text-slate-700">{t.approvalThreshold}</dt>
        <dd>{amount(merchant.payoutApprovalThresholdSatang, t.noApproval)}</dd>
        <dt className="text-slate-700">{t.payoutCeiling}</dt>
        <dd data-testid="payout-ceiling">{amount(merchant.payoutCeilingSatang, "—")}</dd>
      </dl>
      {!merchant.readKeyLast4 && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
          data-testid="no-read-key-warning"
        >
          {merchant.applyUnconfirmedWebhooks ? t.noReadKeyApplying : t.noReadKeyWarning}
        </p>
      )}
    </>
  );
}
