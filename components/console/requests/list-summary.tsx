import Link from "next/link";
import { formatThb, type Locale } from "@/lib/i18n";
import { STATES } from "@/lib/requests/lifecycle";
import { listHref, type FilterValues } from "@/lib/requests/list-filters";
import type { RequestSummary } from "@/lib/requests/summary";
import { listMessages } from "./list-messages";
import { stateLabels } from "./status-messages";

/**
 * What the filters match, before the rows: how many in each state (each a link that narrows to it)
 * and the requested and paid totals. Past the count's bound it says so instead of showing sums of
 * some rows as if they were totals.
 */
export function ListSummary({ summary, values, locale }: { summary: RequestSummary; values: FilterValues; locale: Locale }) {
  const t = listMessages(locale);
  const labels = stateLabels(locale);
  if (summary.capped) {
    return (
      <p data-testid="list-summary" className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
        {t.capped(summary.total.toLocaleString("en-US"))}
      </p>
    );
  }
  const states = STATES.filter((s) => summary.byState[s]);
  return (
    <section
      aria-label={t.summaryLabel}
      data-testid="list-summary"
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm"
    >
      <ul aria-label={t.perStatus} className="flex flex-wrap gap-x-3 gap-y-1">
        {states.map((state) => (
          <li key={state} data-testid="status-count" data-state={state}>
            <Link
              href={listHref(values, { status: state, cursor: "" })}
              className="text-slate-700 underline decoration-slate-300 hover:text-slate-900"
            >
              {labels[state]} <span className="font-semibold tabular-nums">{summary.byState[state]!.toLocaleString("en-US")}</span>
            </Link>
          </li>
        ))}
      </ul>
      <dl className="flex gap-4 tabular-nums">
        <div>
          <dt className="text-xs text-slate-600">{t.totalRequested}</dt>
          <dd data-testid="total-requested" className="font-semibold">
            {summary.requestedSatang === null ? "—" : formatThb(summary.requestedSatang)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t.totalPaid}</dt>
          <dd data-testid="total-paid" className="font-semibold">
            {summary.paidSatang === null ? "—" : formatThb(summary.paidSatang)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
