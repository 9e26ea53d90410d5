import type { Metadata } from "next";
import Link from "next/link";
import { AuditFiltersForm } from "@/components/console/audit/audit-filters";
import { auditMessages } from "@/components/console/audit/audit-messages";
import { AuditTable } from "@/components/console/audit/audit-table";
import { auditFilterOptions, listAudit, parseAuditFilters, type AuditFilters } from "@/lib/audit/queries";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";

export const metadata: Metadata = { title: "Audit" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The URL of this page (or its CSV export) with these filters (the cursor replaced or dropped). */
function auditHref(filters: AuditFilters, before?: number, path = "/audit"): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, before }))
    if (value !== undefined && value !== "") query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.audit.permissions);
  const db = await getDb();
  const { filters, ignored } = parseAuditFilters(await searchParams);
  const viewer = { userId: session.userId, merchantIds: session.merchantIds };
  const [locale, page, options] = await Promise.all([getLocale(), listAudit(db, viewer, filters), auditFilterOptions(db, viewer)]);
  const t = auditMessages(locale);
  const { before, ...chosen } = filters;
  const isFiltered = Object.values(chosen).some((v) => v !== undefined);
  return (
    <>
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t.intro}</p>
      {ignored.length > 0 && (
        <p
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="audit-ignored"
        >
          {t.ignored(ignored.join(", "))}
        </p>
      )}
      <div className="mt-6">
        <AuditFiltersForm filters={chosen} options={options} locale={locale} />
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 text-sm text-slate-700">
        {/* A plain link: the browser downloads the file (Content-Disposition), with the filters shown. */}
        <a href={auditHref(chosen, undefined, "/api/exports/audit")} className="text-brand-dark underline" data-testid="audit-export">
          {t.exportCsv}
        </a>
        <span>{t.exportHint}</span>
      </p>
      <div className="mt-6">
        {page.rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-700" data-testid="audit-empty">
            {isFiltered ? t.noMatches : t.noRows}
          </p>
        ) : (
          <AuditTable rows={page.rows} locale={locale} />
        )}
      </div>
      <nav aria-label={t.pages} className="mt-4 flex gap-6 text-sm">
        {before !== undefined && (
          <Link href={auditHref(chosen)} className="text-brand-dark underline">
            {t.newest}
          </Link>
        )}
        {page.nextBefore !== null && (
          <Link href={auditHref(chosen, page.nextBefore)} className="text-brand-dark underline" data-testid="audit-older">
            {t.older} →
          </Link>
        )}
      </nav>
    </>
  );
}
