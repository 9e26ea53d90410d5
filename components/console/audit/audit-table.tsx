import type { AuditRow } from "@/lib/audit/queries";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { actionLabel, auditMessages, outcomeLabel } from "./audit-messages";
import { wordMessage } from "@/lib/i18n/every-message";
import { ColumnHeadings } from "@/components/ui/column-headings";

const OUTCOME_LOOK: Record<string, string> = {
  ok: "bg-emerald-100 text-emerald-900",
  failed: "bg-amber-100 text-amber-900",
  denied: "bg-red-100 text-red-900",
  not_found: "bg-slate-200 text-slate-800",
  locked: "bg-red-100 text-red-900",
  disabled: "bg-slate-200 text-slate-800",
  error: "bg-red-100 text-red-900",
};

/** A refusal kept as a message key, in the reader's language: any action's may be here, so every key PayDesk makes (lib/i18n/every-message.ts). */
const refusalWords = wordMessage;

/** The row's extra facts (a refusal's message, an error's reference) as short text. */
function describeData(data: unknown, locale: Locale): string | null {
  if (data === null || data === undefined) return null;
  if (typeof data !== "object") return String(data);
  const text = Object.entries(data as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? refusalWords(locale, value) : JSON.stringify(value)}`)
    .join("; ");
  return text.length > 240 ? `${text.slice(0, 240)}…` : text || null;
}

export function AuditTable({ rows, locale }: { rows: AuditRow[]; locale: Locale }) {
  const t = auditMessages(locale);
  return (
    // Focusable and named: a keyboard user can scroll a wide table sideways (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={t.tableLabel}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40"
      data-testid="audit-table-region"
    >
      <table className="min-w-full text-left text-sm" data-testid="audit-table">
        <thead className="bg-slate-100 text-slate-700">
          <ColumnHeadings headings={[t.when, t.who, t.what, t.outcome, t.target, t.ip, t.details]} cellClassName="px-3 py-2 font-medium" />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id} data-testid="audit-row" data-action={row.action} data-outcome={row.outcome}>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={row.at.toISOString()}>{formatDateTime(row.at, locale, { seconds: true })}</time>
              </td>
              <td className="px-3 py-2">
                {row.actorName ? (
                  <>
                    <span className="block">{row.actorName}</span>
                    <span className="block text-xs text-slate-600">{row.actorEmail}</span>
                  </>
                ) : (
                  <span className="text-slate-600">{t.unknownPerson}</span>
                )}
              </td>
              <td className="px-3 py-2">
                <span className="block">{actionLabel(locale, row.action)}</span>
                <span className="block font-mono text-xs text-slate-600">{row.action}</span>
              </td>
              <td className="px-3 py-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME_LOOK[row.outcome] ?? "bg-slate-200 text-slate-800"}`}>
                  {outcomeLabel(t, row.outcome)}
                </span>
              </td>
              <td className="px-3 py-2">
                {row.merchantName && row.merchantName !== row.targetName && <span className="block">{row.merchantName}</span>}
                {row.targetName && <span className="block">{row.targetName}</span>}
                {row.target && <span className="block break-words font-mono text-xs text-slate-600">{row.target}</span>}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{row.ip ?? "—"}</td>
              <td className="px-3 py-2 text-xs text-slate-700">{describeData(row.data, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
