import type { Metadata } from "next";
import Link from "next/link";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { StaffEmailLog } from "@/components/console/settings/staff/staff-email-log";
import { staffEmailMessages } from "@/components/console/settings/staff/staff-email-messages";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { EMAIL_OUTCOMES, listStaffEmails, parseEmailLogFilters, type EmailLogFilters } from "@/lib/notify/log";

export const metadata: Metadata = { title: "E-mail sent to staff" };

const PATH = "/settings/staff/email";

function logHref(filters: EmailLogFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${PATH}?${text}` : PATH;
}

/** Every staff e-mail recorded (docs/DESIGN.md §17) and what became of it, for the merchants the admin sees. */
export default async function StaffEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePermission("staff.manage");
  const [search, locale, db] = await Promise.all([searchParams, getLocale(), getDb()]);
  const { filters, ignored } = parseEmailLogFilters(search);
  const { rows, nextBefore } = await listStaffEmails(db, { merchantIds: session.merchantIds }, filters);
  const t = staffEmailMessages(locale);
  const choices = [
    { key: "all", label: t.all, outcome: undefined },
    ...EMAIL_OUTCOMES.map((outcome) => ({ key: outcome, label: t[outcome], outcome })),
  ];
  return (
    <>
      <SettingsNav session={session} locale={locale} current="staff" />
      <p className="text-sm">
        <Link href="/settings/staff" className="text-brand-dark underline">
          ← {t.back}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <p className="mt-1 text-sm">
        <Link href="/settings/line/messages" className="text-brand-dark underline">
          {t.lineLog} →
        </Link>
      </p>
      {!env().SMTP_URL && (
        <p
          role="note"
          className="mt-4 max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="no-smtp"
        >
          {t.noSmtp}
        </p>
      )}
      {ignored.length > 0 && (
        <p
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="staff-email-ignored"
        >
          {t.ignored(ignored.join(", "))}
        </p>
      )}
      <nav aria-label={t.filter} className="mt-6 flex flex-wrap gap-2 text-sm">
        {choices.map((choice) => (
          <Link
            key={choice.key}
            href={logHref({ outcome: choice.outcome })}
            aria-current={filters.outcome === choice.outcome ? "page" : undefined}
            className={`rounded-md border px-3 py-1 ${filters.outcome === choice.outcome ? "border-brand-dark bg-brand-dark text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
          >
            {choice.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-700" data-testid="staff-email-empty">
            {filters.outcome ? t.noMatches : t.none}
          </p>
        ) : (
          <StaffEmailLog rows={rows} locale={locale} />
        )}
      </div>
      <nav aria-label={t.pages} className="mt-4 flex gap-6 text-sm">
        {filters.before !== undefined && (
          <Link href={logHref({ outcome: filters.outcome })} className="text-brand-dark underline">
            {t.newest}
          </Link>
        )}
        {nextBefore !== null && (
          <Link
            href={logHref({ outcome: filters.outcome, before: nextBefore })}
            className="text-brand-dark underline"
            data-testid="staff-email-older"
          >
            {t.older} →
          </Link>
        )}
      </nav>
    </>
  );
}
