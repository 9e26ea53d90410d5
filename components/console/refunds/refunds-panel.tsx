import Link from "next/link";
import { primaryButtonClass } from "@/components/ui/button";
import { StatusBadge } from "@/components/console/requests/status-badge";
import { thb } from "@/components/console/requests/request-format";
import { formatDateTime, formatThb, type Locale } from "@/lib/i18n";
import type { RefundStanding } from "@/lib/refunds/refunds";
import { shownState } from "@/lib/requests/list-filters";
import { refundMessages } from "./refund-messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

/** What was paid, what its refunds take and what is left: on the Pay-In's page and the refund page. */
export function RefundFigures({ standing, locale }: { standing: RefundStanding; locale: Locale }) {
  const t = refundMessages(locale);
  const figures: [string, string, number][] = [
    ["paid", t.paid, standing.paidSatang],
    ["refunded", t.refunded, standing.refundedSatang],
    ["left", t.left, standing.leftSatang],
  ];
  return (
    <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {figures.map(([key, label, satang]) => (
        <div key={key} className="flex items-baseline gap-1.5" data-testid={`refund-${key}`}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-lg font-medium tabular-nums">{formatThb(satang)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A paid Pay-In's refunds on its page: what was paid, what its refunds take (paid or on their way),
 * what is left, each refund with its state, and the way to refund more (lib/refunds).
 */
export function RefundsPanel({
  payInId,
  standing,
  canRefund,
  locale,
}: {
  payInId: string;
  standing: RefundStanding;
  /** The person may make Pay-Outs (a refund is one). */
  canRefund: boolean;
  locale: Locale;
}) {
  const t = refundMessages(locale);
  return (
    <section aria-labelledby="refunds-title" className="rounded-md border border-slate-200 p-4" data-testid="refunds-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="refunds-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        {canRefund && standing.leftSatang > 0 && (
          <Link href={`/requests/${payInId}/refund`} className={primaryButtonClass} data-testid="refund-link">
            {t.refundAll}
          </Link>
        )}
      </div>
      <RefundFigures standing={standing} locale={locale} />
      <p className="mt-1 text-xs text-slate-600">{t.refundedHint}</p>
      {standing.refunds.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.none}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" data-testid="refunds-table">
          <thead className="text-slate-600">
            <ColumnHeadings
              headings={[
                t.colRefId1,
                { label: t.colAmount, className: "py-1 pr-3 text-right font-medium" },
                t.colState,
                { label: t.colCreated, className: "py-1 font-medium" },
              ]}
              cellClassName="py-1 pr-3 font-medium"
            />
          </thead>
          <tbody>
            {standing.refunds.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1.5 pr-3 font-mono">
                  <Link href={`/requests/${r.id}`} className="text-brand-dark underline">
                    {r.refId1}
                  </Link>
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{thb(r.requestedAmount)}</td>
                <td className="py-1.5 pr-3">
                  <StatusBadge state={shownState(r.status, r.statusCode)} locale={locale} />
                </td>
                <td className="py-1.5">{formatDateTime(r.createdAt, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {standing.paidSatang > 0 && standing.leftSatang === 0 && <p className="mt-3 text-sm text-slate-700">{t.nothingLeft}</p>}
    </section>
  );
}
