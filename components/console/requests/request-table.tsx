import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { toDecimalString, toSatang } from "@/lib/money";
import { feesOf } from "@/lib/requests/fees";
import { listHref, shownState, type FilterValues, type ListSort } from "@/lib/requests/list-filters";
import type { ListRow } from "@/lib/requests/queries";
import { detailMessages } from "./detail-messages";
import { listMessages } from "./list-messages";
import { destinationSummary, expiryText, thb } from "./request-format";
import { StatusBadge } from "./status-badge";
import { kindLabels } from "./status-messages";

interface Props {
  rows: ListRow[];
  locale: Locale;
  caption: string;
  showMerchant: boolean;
  values: FilterValues;
  sort: ListSort;
}

/** A column header that orders the list by it: first click the usual way (newest, largest), again to reverse. */
function SortHeader({
  label,
  values,
  sort,
  orders,
  className,
}: {
  label: string;
  values: FilterValues;
  sort: ListSort;
  orders: [ListSort, ListSort];
  className: string;
}) {
  const active = orders.includes(sort);
  const next = sort === orders[0] ? orders[1] : orders[0];
  const descending = sort === "newest" || sort === "amount_desc";
  return (
    <th scope="col" className={className} aria-sort={active ? (descending ? "descending" : "ascending") : undefined}>
      <Link
        href={listHref(values, { sort: next === "newest" ? "" : next, cursor: "" })}
        className="inline-flex items-center gap-1 hover:text-slate-900 hover:underline"
      >
        {label}
        <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
      </Link>
    </th>
  );
}

/**
 * The list: a table on wide screens; on a phone each row is a card (reference and amount on the
 * first line, then who and the status), so amount and status never fall off the edge. The whole
 * row opens the request: the reference link's box is stretched over it.
 */
export function RequestTable({ rows, locale, caption, showMerchant, values, sort }: Props) {
  const t = listMessages(locale);
  const d = detailMessages(locale);
  const kinds = kindLabels(locale);
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: expiries are told from this moment
  const now = Date.now();
  const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
  const cell = "min-w-0 md:table-cell md:px-3 md:py-2 md:align-top";
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <table className="block w-full text-sm md:table md:divide-y md:divide-slate-200" data-testid="request-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-50 md:table-header-group">
          <tr>
            <SortHeader label={t.created} values={values} sort={sort} orders={["newest", "oldest"]} className={th} />
            <th scope="col" className={th}>
              {t.type}
            </th>
            <th scope="col" className={th}>
              {showMerchant ? t.refsAndMerchant : t.refs}
            </th>
            <th scope="col" className={th}>
              {t.payer}
            </th>
            <SortHeader
              label={t.amount}
              values={values}
              sort={sort}
              orders={["amount_desc", "amount_asc"]}
              className={`${th} text-right`}
            />
            <th scope="col" className={th}>
              {t.status}
            </th>
            <th scope="col" className={th}>
              {t.createdBy}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map((r) => {
            const state = shownState(r.status, r.statusCode);
            const isPayIn = r.kind === "payin" || r.kind === "payin_p2p";
            // The provider's fee and what the wallet moved by, by the request page's rule (lib/requests/fees.ts).
            const fees = feesOf(r);
            return (
              <tr
                key={r.id}
                data-testid="request-row"
                data-request-id={r.id}
                className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 p-3 hover:bg-slate-50 md:table-row md:p-0"
              >
                <td className={`order-5 text-xs text-slate-600 md:whitespace-nowrap md:text-sm md:text-slate-700 ${cell}`}>
                  {formatDateTime(r.createdAt, locale)}
                </td>
                <td className={`order-6 text-right text-xs md:whitespace-nowrap md:text-left md:text-sm ${cell}`}>
                  {r.isWithdrawal ? kinds.withdrawal : kinds[r.kind]}
                  {r.kind === "payin_p2p" && (
                    <abbr
                      title={kinds.p2pTitle}
                      className="ml-1 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900 no-underline"
                    >
                      {kinds.p2p}
                    </abbr>
                  )}
                  {r.refundOf && (
                    <abbr
                      title={kinds.refundTitle}
                      className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 no-underline"
                      data-testid="refund-tag"
                    >
                      {kinds.refund}
                    </abbr>
                  )}
                </td>
                <td className={`order-1 ${cell}`}>
                  <p className="break-words">
                    <Link
                      href={`/requests/${r.id}`}
                      data-testid="request-ref"
                      className="font-mono font-medium text-brand-dark underline after:absolute after:inset-0 after:content-['']"
                    >
                      {r.refId1}
                    </Link>
                    {showMerchant && <span className="text-slate-600"> · {r.merchantName}</span>}
                  </p>
                  {(r.refId2 || r.refId3) && (
                    <p className="break-words font-mono text-xs text-slate-500">{[r.refId2, r.refId3].filter(Boolean).join(" · ")}</p>
                  )}
                </td>
                <td className={`order-3 break-words ${cell}`}>
                  {isPayIn ? (r.payerName ?? "—") : (destinationSummary(r.destination, locale) ?? "—")}
                </td>
                <td
                  className={`order-2 whitespace-nowrap text-right font-medium tabular-nums md:font-normal ${cell}`}
                  data-testid="request-amount"
                >
                  {thb(r.requestedAmount)}
                  {isPayIn && r.generatedAmount && r.generatedAmount !== r.requestedAmount && (
                    <div className="text-xs font-normal text-slate-500">{t.customerPays(thb(r.generatedAmount))}</div>
                  )}
                  {toSatang(r.paidAmount) > 0 && (
                    <div className="text-xs font-normal text-emerald-800" data-testid="row-paid">
                      {t.paidLine(thb(r.paidAmount))}
                    </div>
                  )}
                  {fees && (
                    <div
                      className="text-xs font-normal text-slate-600"
                      data-testid="row-net"
                      title={fees.source === "computed" ? (fees.pct ? d.feeComputed(fees.pct) : undefined) : d.feeStated}
                    >
                      {t.netLine(fees.direction, thb(toDecimalString(fees.netSatang)), thb(toDecimalString(fees.feeSatang)))}
                    </div>
                  )}
                </td>
                <td className={`order-4 text-right md:text-left ${cell}`}>
                  <StatusBadge state={state} locale={locale} />
                  {isPayIn && state === "pending" && r.expireAt && (
                    <div className="mt-1 text-xs text-slate-600">{expiryText(r.expireAt, locale, now)}</div>
                  )}
                </td>
                <td className={`order-7 text-xs text-slate-600 md:text-sm md:text-slate-700 ${cell}`}>{r.createdByName ?? "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
