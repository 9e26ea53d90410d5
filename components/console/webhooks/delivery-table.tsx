import Link from "next/link";
import { RawJson } from "@/components/ui/raw-json";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { factWords } from "@/lib/requests/notes";
import type { DeliveryRow } from "@/lib/provider-webhooks/queries";
import { VERDICT_LABELS, webhookMessages } from "./messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

const TONE: Record<string, string> = {
  applied: "bg-emerald-50 text-emerald-800",
  applied_unconfirmed: "bg-red-50 text-red-900",
  duplicate: "bg-slate-100 text-slate-700",
  ignored: "bg-slate-100 text-slate-700",
  received: "bg-sky-50 text-sky-800",
  processing: "bg-sky-50 text-sky-800",
};

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export function DeliveryTable({ rows, locale }: { rows: DeliveryRow[]; locale: Locale }) {
  const t = webhookMessages(locale);
  const verdicts = VERDICT_LABELS(locale) as Record<string, string>;
  return (
    // A narrow screen scrolls the table inside its own box; the page itself never scrolls sideways.
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <ColumnHeadings
            headings={[t.received, t.event, t.merchant, t.request, t.verdict]}
            cellClassName="py-2 pr-4 font-medium"
            rowClassName="border-b border-slate-300 text-slate-600"
          />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200 align-top" data-testid="webhook-row">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(row.receivedAt, locale, { seconds: true })}</td>
              <td className="py-2 pr-4">
                <span className="font-mono">{row.event ?? "—"}</span>
                {row.providerJobId ? <div className="text-xs text-slate-500">job {row.providerJobId}</div> : null}
              </td>
              <td className="py-2 pr-4">{row.merchantName ?? "—"}</td>
              <td className="py-2 pr-4">
                {row.requestId ? (
                  <Link className="text-brand-dark underline" href={`/requests/${row.requestId}`}>
                    {row.refId1 ?? row.requestId}
                  </Link>
                ) : (
                  "—"
                )}
              </td>
              <td className="py-2 pr-4">
                <span
                  className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${TONE[row.verdict] ?? "bg-amber-50 text-amber-900"}`}
                >
                  {verdicts[row.verdict] ?? row.verdict}
                </span>
                {row.reasonFacts || row.reason ? (
                  <p className="mt-1 text-xs text-slate-600">{row.reasonFacts ? factWords(row.reasonFacts, locale) : row.reason}</p>
                ) : null}
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-brand-dark">{t.showBody}</summary>
                  <RawJson text={pretty(row.rawBody)} />
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
