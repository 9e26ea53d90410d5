import Link from "next/link";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { lineKindMessages } from "@/lib/line/kind-messages";
import type { LineLogRow } from "@/lib/line/log";
import { lineLogMessages } from "./line-log-messages";

const OUTCOME_LOOK: Record<LineLogRow["outcome"], string> = {
  waiting: "bg-slate-200 text-slate-800",
  sent: "bg-emerald-100 text-emerald-900",
  skipped: "bg-slate-100 text-slate-700",
  failed: "bg-red-100 text-red-900",
};
const SKIPS = ["turned_off", "unlinked", "left", "decided", "no_channel", "disabled"] as const;

/** The LINE message log's table: to whom, about what, and what became of it, with LINE's words. */
export function LineLog({ rows, locale }: { rows: LineLogRow[]; locale: Locale }) {
  const t = lineLogMessages(locale);
  const kinds = lineKindMessages(locale);
  const what = (kind: LineLogRow["kind"]) =>
    kind in kinds ? kinds[kind as keyof typeof kinds] : t[kind as "link.offer" | "link.done" | "daily.summary"];
  const hint = (row: LineLogRow) => {
    if (row.outcome === "sent") return t.sentHint(row.sentAt ? formatDateTime(row.sentAt, locale) : "");
    if (row.outcome === "skipped")
      return (SKIPS as readonly string[]).includes(row.skipReason ?? "") ? t[row.skipReason as (typeof SKIPS)[number]] : "";
    if (row.outcome === "failed") return t.failedHint(String(row.attempts));
    return t.waitingHint(formatDateTime(row.nextAttemptAt, locale), String(row.attempts));
  };
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm" data-testid="line-log">
        <thead className="bg-slate-100 text-slate-700">
          <ColumnHeadings headings={[t.recorded, t.to, t.what, t.request, t.result]} cellClassName="px-3 py-2 font-medium" />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-slate-200 align-top"
              data-testid="line-message"
              data-outcome={row.outcome}
              data-repeats={row.repeats}
            >
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.recordedAt, locale)}</td>
              <td className="px-3 py-2">{row.toPerson ?? (row.toGroup ? `${row.toGroup} (${t.group})` : t.lineUser)}</td>
              <td className="px-3 py-2">{what(row.kind)}</td>
              <td className="px-3 py-2">
                {row.requestId && (
                  <Link href={`/requests/${row.requestId}`} className="text-brand-dark underline">
                    {row.refId1 ?? row.requestId}
                  </Link>
                )}
              </td>
              <td className="px-3 py-2">
                <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${OUTCOME_LOOK[row.outcome]}`}>
                  {t[row.outcome]}
                </span>
                <span className="mt-1 block text-slate-700">{hint(row)}</span>
                {row.repeats > 0 && (
                  <span className="mt-1 block text-amber-900" data-testid="line-repeat">
                    {t.repeated(String(row.attempts))}
                  </span>
                )}
                {row.lastError && row.outcome !== "sent" && (
                  <span className="mt-1 block break-all text-slate-700">
                    {t.lineSaid}: {row.lastError}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
