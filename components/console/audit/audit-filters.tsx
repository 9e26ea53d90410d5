import Link from "next/link";
import { DateInput } from "@/components/ui/date-input";
import { AUDIT_OUTCOMES } from "@/lib/audit/outcomes";
import type { AuditFilters } from "@/lib/audit/queries";
import type { Locale } from "@/lib/i18n";
import { actionLabel, auditMessages, outcomeLabel } from "./audit-messages";
import { primaryButtonClass } from "@/components/ui/button";

interface Options {
  people: Array<{ id: string; name: string; email: string }>;
  actions: string[];
  merchants: Array<{ id: string; displayName: string }>;
}

const control =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30";

/**
 * A plain GET form: the filters live in the URL (shareable, the back button works) and it needs
 * no JavaScript. Choosing new filters starts again from the newest entry.
 */
export function AuditFiltersForm({ filters, options, locale }: { filters: AuditFilters; options: Options; locale: Locale }) {
  const t = auditMessages(locale);
  const actions = filters.action && !options.actions.includes(filters.action) ? [...options.actions, filters.action] : options.actions;
  return (
    // Keyed by the filters: the fields are uncontrolled, so a client navigation ("Clear filters")
    // must mount them afresh for their defaults to show the URL's values.
    <form
      key={JSON.stringify(filters)}
      method="get"
      action="/audit"
      role="search"
      aria-label={t.filters}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6"
      data-testid="audit-filters"
    >
      <div>
        <label htmlFor="audit-actor" className="text-sm font-medium text-slate-800">
          {t.person}
        </label>
        <select id="audit-actor" name="actor" defaultValue={filters.actor ?? ""} className={control}>
          <option value="">{t.anyone}</option>
          {options.people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.email})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-action" className="text-sm font-medium text-slate-800">
          {t.action}
        </label>
        <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={control}>
          <option value="">{t.anyAction}</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionLabel(locale, a)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-outcome" className="text-sm font-medium text-slate-800">
          {t.outcome}
        </label>
        <select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ""} className={control}>
          <option value="">{t.anyOutcome}</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {outcomeLabel(t, o)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-merchant" className="text-sm font-medium text-slate-800">
          {t.merchant}
        </label>
        <select id="audit-merchant" name="merchant" defaultValue={filters.merchant ?? ""} className={control}>
          <option value="">{t.anyMerchant}</option>
          {options.merchants.map((m) => (
            <option key={m.id} value={m.id}>
              {m.displayName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-from" className="text-sm font-medium text-slate-800">
          {t.from}
        </label>
        <DateInput id="audit-from" name="from" locale={locale} defaultValue={filters.from ?? ""} className={control} />
      </div>
      <div>
        <label htmlFor="audit-to" className="text-sm font-medium text-slate-800">
          {t.to}
        </label>
        <DateInput id="audit-to" name="to" locale={locale} defaultValue={filters.to ?? ""} className={control} />
      </div>
      <div className="flex items-center gap-4 sm:col-span-3 lg:col-span-6">
        <button type="submit" className={primaryButtonClass}>
          {t.apply}
        </button>
        <Link href="/audit" className="text-sm text-slate-700 underline">
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
