import Link from "next/link";
import { formatThb, type Locale } from "@/lib/i18n";
import type { MerchantSettings } from "@/lib/merchants/settings";
import { merchantMessages } from "./merchant-messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

/** The merchants with what identifies each key (its last four characters), never a key. */
export function MerchantTable({ merchants, locale }: { merchants: MerchantSettings[]; locale: Locale }) {
  const t = merchantMessages(locale);
  if (merchants.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-700" data-testid="merchants-empty">
        {t.noMerchants}
      </p>
    );
  }
  const range = (m: MerchantSettings) =>
    m.payinMinSatang === null && m.payinMaxSatang === null
      ? t.noLimit
      : `${m.payinMinSatang === null ? "—" : formatThb(m.payinMinSatang)} – ${m.payinMaxSatang === null ? "—" : formatThb(m.payinMaxSatang)}`;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm" data-testid="merchant-table">
        <thead className="bg-slate-100 text-slate-700">
          <ColumnHeadings
            headings={[t.name, `${t.orgId} / ${t.merchantId}`, t.submitKey, t.readKey, t.webhookSecret, t.payinRange, t.approvalThreshold]}
            cellClassName="px-3 py-2 font-medium"
          />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {merchants.map((m) => (
            <tr key={m.id} data-testid={`merchant-row-${m.id}`}>
              <th scope="row" className="px-3 py-2 font-medium">
                <Link href={`/settings/merchants/${m.id}`} className="text-brand-dark underline">
                  {m.displayName}
                </Link>
                {m.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t.demo}</span>}
              </th>
              <td className="px-3 py-2">
                <span className="block font-mono text-xs">{m.orgId}</span>
                <span className="block font-mono text-xs text-slate-700">{m.merchantId}</span>
              </td>
              <td className="px-3 py-2 font-mono">{t.keyEnding(m.submitKeyLast4)}</td>
              <td className="px-3 py-2">
                {m.readKeyLast4 ? (
                  <span className="font-mono">{t.keyEnding(m.readKeyLast4)}</span>
                ) : (
                  <span className="text-amber-900">{t.noReadKey}</span>
                )}
              </td>
              <td className="px-3 py-2">{m.hasWebhookSecret ? t.secretSet : <span className="text-amber-900">{t.secretNotSet}</span>}</td>
              <td className="px-3 py-2 whitespace-nowrap">{range(m)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {m.payoutApprovalThresholdSatang === null ? t.noApproval : formatThb(m.payoutApprovalThresholdSatang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
