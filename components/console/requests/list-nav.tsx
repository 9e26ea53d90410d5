import Link from "next/link";
import type { Locale } from "@/lib/i18n";
import { LIST_TABS, listHref, type FilterValues, type ListSort, type ListTab } from "@/lib/requests/list-filters";
import type { RequestPage } from "@/lib/requests/queries";
import type { RequestSummary } from "@/lib/requests/summary";
import { listMessages } from "./list-messages";
import { primaryButtonClass } from "@/components/ui/button";

export function tabLabel(tab: ListTab, locale: Locale): string {
  const t = listMessages(locale);
  return tab === "payin" ? t.tabPayin : tab === "payout" ? t.tabPayout : t.tabWithdrawal;
}

/** Pay-In (with P2P), Pay-Out, Withdrawal: links that keep the other filters and start at page one. */
export function RequestTabs({ values, current, locale }: { values: FilterValues; current: ListTab; locale: Locale }) {
  return (
    <nav aria-label={listMessages(locale).tabsLabel}>
      <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {LIST_TABS.map((tab) => (
          <li key={tab}>
            <Link
              href={listHref(values, { tab, cursor: "" })}
              aria-current={tab === current ? "page" : undefined}
              className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm sm:px-4 ${tab === current ? "border-brand font-semibold text-brand-dark" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {tabLabel(tab, locale)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function sortLabel(sort: ListSort, locale: Locale): string {
  const t = listMessages(locale);
  return { newest: t.sortNewest, oldest: t.sortOldest, amount_desc: t.sortAmountDesc, amount_asc: t.sortAmountAsc }[sort];
}

const count = (n: number) => n.toLocaleString("en-US");

/** "1–50 of 1,204", or "of more than 10,000" when the count stopped at its bound (lib/requests/summary.ts SUMMARY_BOUND). */
export function rangeText(start: number, shown: number, summary: RequestSummary, locale: Locale): string {
  const t = listMessages(locale);
  const total = summary.capped ? t.moreThan(count(summary.total)) : count(Math.max(summary.total, start + shown));
  return t.range(count(start + 1), count(start + shown), total);
}

/**
 * Previous and next pages on the keyset of the current order: each link carries the row it starts
 * from, so a page costs the same however deep, and rows added meanwhile never shift one.
 */
export function Pager({
  values,
  page,
  summary,
  locale,
}: {
  values: FilterValues;
  page: RequestPage;
  summary: RequestSummary;
  locale: Locale;
}) {
  const t = listMessages(locale);
  const link = "inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-brand-dark hover:bg-slate-50";
  return (
    <nav aria-label={t.pagesLabel} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p data-testid="list-range" className="text-slate-700">
        {rangeText(page.start, page.rows.length, summary, locale)}
      </p>
      <div className="flex gap-2">
        {page.prevCursor && (
          <Link href={listHref(values, { cursor: page.prevCursor })} rel="prev" className={link}>
            ← {t.previous}
          </Link>
        )}
        {page.nextCursor && (
          <Link href={listHref(values, { cursor: page.nextCursor })} rel="next" className={link}>
            {t.next} →
          </Link>
        )}
      </div>
    </nav>
  );
}

export function EmptyState({
  kind,
  values,
  tab,
  createHref,
  locale,
}: {
  kind: "no-match" | "none-yet";
  values: FilterValues;
  tab: ListTab;
  createHref: string | null;
  locale: Locale;
}) {
  const t = listMessages(locale);
  return (
    <div role="status" data-testid="empty-state" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="text-base font-medium">{kind === "no-match" ? t.noMatchTitle : t.noneYetTitle(tabLabel(tab, locale))}</p>
      <p className="mt-1 text-sm text-slate-600">{kind === "no-match" ? t.noMatchBody : t.noneYetBody}</p>
      <p className="mt-4">
        {kind === "no-match" ? (
          <Link href={listHref({ tab: values.tab, merchant: values.merchant })} className="text-brand-dark underline">
            {t.clear}
          </Link>
        ) : (
          createHref && (
            <Link href={createHref} className={primaryButtonClass}>
              {t.createOne}
            </Link>
          )
        )}
      </p>
    </div>
  );
}
