import Link from "next/link";
import type { ReactNode } from "react";
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
  const people = options.people.map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }));
  const actionChoices = actions.map((a) => ({ value: a, label: actionLabel(locale, a) }));
  const outcomes = AUDIT_OUTCOMES.map((o) => ({ value: o, label: outcomeLabel(t, o) }));
  const merchants = options.merchants.map((m) => ({ value: m.id, label: m.displayName }));
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
      <FilterSelect name="actor" label={t.person} anyLabel={t.anyone} value={filters.actor} choices={people} />
      <FilterSelect name="action" label={t.action} anyLabel={t.anyAction} value={filters.action} choices={actionChoices} />
      <FilterSelect name="outcome" label={t.outcome} anyLabel={t.anyOutcome} value={filters.outcome} choices={outcomes} />
      <FilterSelect name="merchant" label={t.merchant} anyLabel={t.anyMerchant} value={filters.merchant} choices={merchants} />
      {(["from", "to"] as const).map((name) => (
        <Filter key={name} name={name} label={t[name]}>
          <DateInput id={`audit-${name}`} name={name} locale={locale} defaultValue={filters[name] ?? ""} className={control} />
        </Filter>
      ))}
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

/** One filter: its label over its control, whose id is `audit-${name}`. */
function Filter({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`audit-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter chosen from a list, or "any" (no value) first. */
function FilterSelect({
  name,
  label,
  anyLabel,
  value,
  choices,
}: {
  name: string;
  label: string;
  anyLabel: string;
  value: string | undefined | null;
  choices: Array<{ value: string; label: string }>;
}) {
  return (
    <Filter name={name} label={label}>
      <select id={`audit-${name}`} name={name} defaultValue={value ?? ""} className={control}>
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Filter>
  );
}
