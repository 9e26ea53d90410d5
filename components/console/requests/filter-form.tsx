import Link from "next/link";
import { DateInput } from "@/components/ui/date-input";
import type { Locale } from "@/lib/i18n";
import { STATES } from "@/lib/requests/lifecycle";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  LIST_SORTS,
  listHref,
  PAGE_SIZES,
  type FilterError,
  type FilterField,
  type FilterValues,
} from "@/lib/requests/list-filters";
import { sortLabel } from "./list-nav";
import { filterErrorMessages, listMessages } from "./list-messages";
import { stateLabels } from "./status-messages";
import { primaryButtonClass } from "@/components/ui/button";

interface Props {
  locale: Locale;
  values: FilterValues;
  errors: Partial<Record<FilterField, FilterError>>;
  /** The merchant the form shows as chosen (the URL's, else the switcher's). */
  merchantValue: string;
  merchants: Array<{ id: string; displayName: string }>;
  staff: Array<{ id: string; name: string }>;
}

const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm aria-[invalid=true]:border-red-600";

/**
 * A plain GET form: submitting it writes the filters into the URL, so a filtered list is a link
 * to share and the back button returns to the previous filters. No client state at all. Search and
 * order stay in view; the other filters fold behind "Filters".
 */
export function FilterForm({ locale, values, errors, merchantValue, merchants, staff }: Props) {
  const t = listMessages(locale);
  const states = stateLabels(locale);
  const errorOf = (field: FilterField) => {
    const code = errors[field];
    return code ? filterErrorMessages(locale)[code](values[field]) : null;
  };
  const field = (
    name: FilterField,
    label: string,
    control: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode,
    hint?: string,
  ) => {
    const error = errorOf(name);
    const id = `filter-${name}`;
    const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {control({ id, name, "aria-invalid": Boolean(error), "aria-describedby": described })}
        {hint && (
          <p id={`${id}-hint`} className="mt-1 hidden text-xs text-slate-500 sm:block">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  const folded: FilterField[] = ["status", "merchant", "from", "to", "min", "max", "creator", "size"];
  const active = (["status", "from", "to", "min", "max", "creator"] as const).filter(
    (f) => values[f] !== "" && !(f === "status" && values.status === "all"),
  ).length;
  const open = active > 0 || folded.some((f) => errors[f]);

  return (
    <form method="get" action="/requests" aria-label={t.filtersLabel} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <input type="hidden" name="tab" value={values.tab || "payin"} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-start">
        {field(
          "q",
          t.search,
          (p) => (
            <input {...p} type="search" defaultValue={values.q} maxLength={200} className={input} />
          ),
          t.searchHint,
        )}
        {field("sort", t.sort, (p) => (
          <select {...p} defaultValue={values.sort || DEFAULT_SORT} className={input}>
            {LIST_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabel(s, locale)}
              </option>
            ))}
          </select>
        ))}
        <button type="submit" className={`${primaryButtonClass} min-h-10 sm:mt-6`}>
          {t.apply}
        </button>
      </div>
      {/* Folded away by default (a phone's screen is not the filters'); open while any is set or needs fixing. Works without JS. */}
      <details open={open} className="group mt-3" data-testid="more-filters">
        <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="transition-transform group-open:rotate-90">
            ›
          </span>
          {t.filtersToggle}
          {active > 0 && <span className="rounded-full bg-brand px-1.5 text-xs text-white">{active}</span>}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {field("status", t.status, (p) => (
            <select {...p} defaultValue={values.status} className={input}>
              <option value="">{t.anyStatus}</option>
              <optgroup label={t.groups}>
                <option value="open">{t.groupOpen}</option>
                <option value="succeeded">{t.groupSucceeded}</option>
                <option value="failed">{t.groupFailed}</option>
              </optgroup>
              <optgroup label={t.states}>
                {STATES.map((s) => (
                  <option key={s} value={s}>
                    {states[s]}
                  </option>
                ))}
              </optgroup>
            </select>
          ))}
          {field("merchant", t.merchant, (p) => (
            <select {...p} defaultValue={merchantValue} className={input}>
              <option value="all">{t.allMerchants}</option>
              {merchants.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.displayName}
                </option>
              ))}
            </select>
          ))}
          {field(
            "from",
            t.from,
            (p) => (
              <DateInput {...p} locale={locale} defaultValue={values.from} className={input} />
            ),
            t.dateHint,
          )}
          {field("to", t.to, (p) => (
            <DateInput {...p} locale={locale} defaultValue={values.to} className={input} />
          ))}
          {field("min", t.min, (p) => (
            <input {...p} type="text" inputMode="decimal" autoComplete="off" defaultValue={values.min} className={input} />
          ))}
          {field("max", t.max, (p) => (
            <input {...p} type="text" inputMode="decimal" autoComplete="off" defaultValue={values.max} className={input} />
          ))}
          {field("creator", t.creator, (p) => (
            <select {...p} defaultValue={values.creator} className={input}>
              <option value="">{t.anyone}</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          ))}
          {field("size", t.size, (p) => (
            <select {...p} defaultValue={values.size || String(DEFAULT_PAGE_SIZE)} className={input}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          ))}
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <Link href={listHref({ tab: values.tab, merchant: values.merchant })} className="py-2 text-sm text-brand-dark underline">
              {t.clear}
            </Link>
          </div>
        </div>
      </details>
    </form>
  );
}
