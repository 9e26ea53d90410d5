import Link from "next/link";
import type { Locale } from "@/lib/i18n";
import { STATES } from "@/lib/requests/lifecycle";
import { DEFAULT_PAGE_SIZE, listHref, PAGE_SIZES, type FilterError, type FilterField, type FilterValues } from "@/lib/requests/list-filters";
import { filterErrorMessages, listMessages } from "./list-messages";
import { stateLabels } from "./status-messages";

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
 * to share and the back button returns to the previous filters. No client state at all.
 */
export function FilterForm({ locale, values, errors, merchantValue, merchants, staff }: Props) {
  const t = listMessages(locale);
  const states = stateLabels(locale);
  const errorOf = (field: FilterField) => {
    const code = errors[field];
    return code ? filterErrorMessages(locale)[code](values[field]) : null;
  };
  const field = (name: FilterField, label: string, control: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode, hint?: string) => {
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
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
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

  return (
    <form method="get" action="/requests" aria-label={t.filtersLabel} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <input type="hidden" name="tab" value={values.tab || "payin"} />
      <div className="sm:col-span-2">
        {field("q", t.search, (p) => <input {...p} type="search" defaultValue={values.q} maxLength={200} className={input} />, t.searchHint)}
      </div>
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
      {field("from", t.from, (p) => <input {...p} type="date" defaultValue={values.from} className={input} />, t.dateHint)}
      {field("to", t.to, (p) => <input {...p} type="date" defaultValue={values.to} className={input} />)}
      {field("min", t.min, (p) => <input {...p} type="text" inputMode="decimal" autoComplete="off" defaultValue={values.min} className={input} />)}
      {field("max", t.max, (p) => <input {...p} type="text" inputMode="decimal" autoComplete="off" defaultValue={values.max} className={input} />)}
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
      <div className="flex items-end gap-3 sm:col-span-2">
        <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
          {t.apply}
        </button>
        <Link href={listHref({ tab: values.tab, merchant: values.merchant })} className="px-2 py-2 text-sm text-brand-dark underline">
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
