import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import { NOTIFICATION_FIELDS, type NotificationField, type NotificationKind } from "@/lib/notify/choice-schema";
import type { EmailLogRow, EmailOutcome } from "@/lib/notify/log";
import type { SkipReason } from "@/lib/notify/worker";
import { staffEmailMessages } from "./staff-email-messages";
import { ColumnHeadings } from "@/components/ui/column-headings";

const OUTCOME_LOOK: Record<EmailOutcome, string> = {
  waiting: "bg-slate-200 text-slate-800",
  sent: "bg-emerald-100 text-emerald-900",
  skipped: "bg-slate-100 text-slate-700",
  failed: "bg-red-100 text-red-900",
};

/** Why one was not sent, in the reader's words. */
const SKIP_WORDS = {
  turned_off: "skippedTurnedOff",
  disabled: "skippedDisabled",
  no_access: "skippedNoAccess",
  decided: "skippedDecided",
  no_mailer: "skippedNoMailer",
} as const satisfies Record<SkipReason, string>;

/** A kind's words are under its checkbox's name (lib/notify/choice-schema.ts). */
const FIELD_OF = Object.fromEntries(Object.entries(NOTIFICATION_FIELDS).map(([field, kind]) => [kind, field])) as Record<
  NotificationKind,
  NotificationField
>;

/** The staff e-mail log's table (Settings → Staff → E-mail sent). */
export function StaffEmailLog({ rows, locale }: { rows: EmailLogRow[]; locale: Locale }) {
  const t = staffEmailMessages(locale);
  const hint = (row: EmailLogRow) => {
    if (row.outcome === "sent") return t.sentHint(row.sentAt ? formatDateTime(row.sentAt, locale) : "");
    if (row.outcome === "skipped") return row.skipReason ? t[SKIP_WORDS[row.skipReason]] : t.skippedHint;
    if (row.outcome === "failed") return t.failedHint(String(row.attempts));
    return t.waitingHint(formatDateTime(row.nextAttemptAt, locale), String(row.attempts));
  };
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm" data-testid="staff-email-log">
        <thead className="bg-slate-100 text-slate-700">
          <ColumnHeadings headings={[t.recorded, t.person, t.what, t.request, t.result]} cellClassName="px-3 py-2 font-medium" />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-slate-200 align-top"
              data-testid="staff-email"
              data-outcome={row.outcome}
              data-email={row.email}
              data-unconfirmed-sends={row.unconfirmedSends}
            >
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.recordedAt, locale)}</td>
              <td className="px-3 py-2">
                <span className="block">{row.personName}</span>
                <span className="block text-slate-600">{row.email}</span>
              </td>
              <td className="px-3 py-2">{t[FIELD_OF[row.kind]]}</td>
              <td className="px-3 py-2">
                <Link href={`/requests/${row.requestId}`} className="text-brand-dark underline">
                  {row.refId1}
                </Link>
                <span className="block text-slate-600">{row.merchant}</span>
              </td>
              <td className="px-3 py-2">
                <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${OUTCOME_LOOK[row.outcome]}`}>
                  {t[row.outcome]}
                </span>
                <span className="mt-1 block text-slate-700">{hint(row)}</span>
                {row.unconfirmedSends > 0 && (
                  <span className="mt-1 block text-amber-900" data-testid="staff-email-repeat">
                    {row.outcome === "sent" ? t.repeated(String(row.unconfirmedSends + 1)) : t.interrupted(String(row.unconfirmedSends))}
                  </span>
                )}
                {row.lastError && row.outcome !== "sent" && (
                  <span className="mt-1 block break-all text-slate-700">
                    {t.serverSaid}: {row.lastError}
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
