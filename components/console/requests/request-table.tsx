import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { toSatang } from "@/lib/money";
import { shownState } from "@/lib/requests/list-filters";
import type { ListRow } from "@/lib/requests/queries";
import { listMessages } from "./list-messages";
import { destinationSummary, expiryText, thb } from "./request-format";
import { StatusBadge } from "./status-badge";
import { kindLabels } from "./status-messages";

interface Props {
  rows: ListRow[];
  locale: Locale;
  caption: string;
  showMerchant: boolean;
}

export function RequestTable({ rows, locale, caption, showMerchant }: Props) {
  const t = listMessages(locale);
  const kinds = kindLabels(locale);
  const now = Date.now();
  const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="request-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>{t.created}</th>
            <th scope="col" className={th}>{t.type}</th>
            <th scope="col" className={th}>{t.refs}</th>
            <th scope="col" className={th}>{t.payer}</th>
            <th scope="col" className={`${th} text-right`}>{t.amount}</th>
            <th scope="col" className={th}>{t.status}</th>
            {showMerchant && <th scope="col" className={th}>{t.merchantColumn}</th>}
            <th scope="col" className={th}>{t.createdBy}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => {
            const state = shownState(r.status, r.statusCode);
            const isPayIn = r.kind === "payin" || r.kind === "payin_p2p";
            return (
              <tr key={r.id} data-testid="request-row" data-request-id={r.id} className="align-top hover:bg-slate-50">
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDateTime(r.createdAt, locale)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {r.isWithdrawal ? kinds.withdrawal : kinds[r.kind]}
                  {r.kind === "payin_p2p" && (
                    <abbr title={kinds.p2pTitle} className="ml-1 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900 no-underline">
                      {kinds.p2p}
                    </abbr>
                  )}
                </td>
                <td className="px-3 py-2">
                  <Link href={`/requests/${r.id}`} className="font-mono font-medium text-brand-dark underline">
                    {r.refId1}
                  </Link>
                  {(r.refId2 || r.refId3) && <div className="font-mono text-xs text-slate-500">{[r.refId2, r.refId3].filter(Boolean).join(" · ")}</div>}
                </td>
                <td className="px-3 py-2">{isPayIn ? (r.payerName ?? "—") : (destinationSummary(r.destination, locale) ?? "—")}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {thb(r.requestedAmount)}
                  {isPayIn && r.generatedAmount && r.generatedAmount !== r.requestedAmount && <div className="text-xs text-slate-500">{t.customerPays(thb(r.generatedAmount))}</div>}
                  {toSatang(r.paidAmount) > 0 && (
                    <div className="text-xs text-emerald-800" data-testid="row-paid">
                      {t.paidLine(thb(r.paidAmount))}
                    </div>
                  )}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge state={state} locale={locale} />
                  {isPayIn && state === "pending" && r.expireAt && <div className="mt-1 text-xs text-slate-600">{expiryText(r.expireAt, locale, now)}</div>}
                </td>
                {showMerchant && <td className="px-3 py-2">{r.merchantName}</td>}
                <td className="px-3 py-2 text-slate-700">{r.createdByName ?? "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
