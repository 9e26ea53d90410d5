import { formatDateTime, type Locale } from "@/lib/i18n";
import type { RefusalSummary } from "@/lib/provider-webhooks/refusals";
import { REFUSAL_LABELS, webhookMessages } from "./messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

/** From this many refusals in the last hour, the panel says it is a burst. */
const BURST_PER_HOUR = 20;

/** Webhooks refused for their secret: how many lately, and the last few. */
export function RefusalsPanel({ summary, locale }: { summary: RefusalSummary; locale: Locale }) {
  const t = webhookMessages(locale);
  const problems = REFUSAL_LABELS(locale);
  const isBurst = summary.lastHour >= BURST_PER_HOUR;
  return (
    <section
      aria-labelledby="refusals-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="webhook-refusals"
    >
      <h2 id="refusals-heading" className="text-lg font-semibold">
        {t.refusalsTitle}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.refusalsIntro}</p>
      <dl className="mt-3 flex gap-8 text-sm">
        <div>
          <dt className="text-slate-600">{t.refusalsLastHour}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid="refusals-last-hour">
            {summary.lastHour}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.refusalsLastDay}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid="refusals-last-day">
            {summary.lastDay}
          </dd>
        </div>
      </dl>
      {isBurst ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
          data-testid="refusals-burst"
        >
          {t.refusalsBurst}
        </p>
      ) : null}
      {summary.recent.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.refusalsNone}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <ColumnHeadings
                headings={[t.refusedAt, t.refusedFrom, t.refusedHeader, t.refusedProblem]}
                cellClassName="py-1 pr-4 font-medium"
                rowClassName="border-b border-slate-300 text-slate-600"
              />
            </thead>
            <tbody>
              {summary.recent.map((r) => (
                <tr key={r.id} className="border-b border-slate-200" data-testid="refusal-row">
                  <td className="py-1 pr-4 whitespace-nowrap">{formatDateTime(r.at, locale, { seconds: true })}</td>
                  <td className="py-1 pr-4 font-mono">{r.ip ?? t.unknownAddress}</td>
                  <td className="py-1 pr-4 font-mono">{r.header}</td>
                  <td className="py-1 pr-4">{problems[r.problem]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
