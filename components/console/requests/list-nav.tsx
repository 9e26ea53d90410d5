import Link from "next/link";
import type { Locale } from "@/lib/i18n";
import { LIST_TABS, listHref, type FilterValues, type ListTab } from "@/lib/requests/list-filters";
import { listMessages } from "./list-messages";

export function tabLabel(tab: ListTab, locale: Locale): string {
  const t = listMessages(locale);
  return tab === "payin" ? t.tabPayin : tab === "payout" ? t.tabPayout : t.tabWithdrawal;
}

/** Pay-In (with P2P), Pay-Out, Withdrawal: links that keep the other filters and start at page one. */
export function RequestTabs({ values, current, locale }: { values: FilterValues; current: ListTab; locale: Locale }) {
  return (
    <nav aria-label={listMessages(locale).tabsLabel}>
      <ul className="flex gap-1 border-b border-slate-200">
        {LIST_TABS.map((tab) => (
          <li key={tab}>
            <Link
              href={listHref(values, { tab, cursor: "" })}
              aria-current={tab === current ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm ${tab === current ? "border-brand font-semibold text-brand-dark" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {tabLabel(tab, locale)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Keyset paging goes one way (older); the newest page is always one click away, the browser's back button does the rest. */
export function Pager({ values, nextCursor, locale }: { values: FilterValues; nextCursor: string | null; locale: Locale }) {
  const t = listMessages(locale);
  if (!nextCursor && !values.cursor) return null;
  return (
    <nav aria-label={t.pagesLabel} className="flex justify-between text-sm">
      {values.cursor ? (
        <Link href={listHref(values, { cursor: "" })} className="text-brand-dark underline">
          ← {t.newest}
        </Link>
      ) : (
        <span />
      )}
      {nextCursor && (
        <Link href={listHref(values, { cursor: nextCursor })} rel="next" className="text-brand-dark underline">
          {t.older} →
        </Link>
      )}
    </nav>
  );
}

export function EmptyState({ kind, values, tab, createHref, locale }: { kind: "no-match" | "none-yet"; values: FilterValues; tab: ListTab; createHref: string | null; locale: Locale }) {
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
            <Link href={createHref} className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
              {t.createOne}
            </Link>
          )
        )}
      </p>
    </div>
  );
}
