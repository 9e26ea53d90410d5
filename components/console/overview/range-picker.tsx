import Link from "next/link";
import { primaryButtonClass } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { inputClass } from "@/components/ui/field";
import type { Locale } from "@/lib/i18n";
import type { RangeKey, RangeError } from "@/lib/overview/range";
import type { overviewMessages } from "./overview-messages";

/**
 * The overview's range: today, yesterday, the last 7 or 30 Bangkok days, or two dates of one's
 * own (a plain GET form, so it works before the page's script has run), and what was wrong with
 * the dates when they could not be read.
 */
export function RangePicker({
  t,
  locale,
  current,
  error,
  fromDay,
  toDay,
}: {
  t: ReturnType<typeof overviewMessages>;
  locale: Locale;
  /** The range shown, marked as the current page; null when the dates given were refused. */
  current: RangeKey | null;
  error: RangeError | null;
  fromDay: string;
  toDay: string;
}) {
  const ranges: Array<{ key: RangeKey; label: string }> = [
    { key: "today", label: t.today },
    { key: "yesterday", label: t.yesterday },
    { key: "7d", label: t.last7 },
    { key: "30d", label: t.last30 },
  ];
  const days = [
    { name: "from", label: t.from, day: fromDay },
    { name: "to", label: t.to, day: toDay },
  ] as const;
  return (
    <>
      <nav aria-label={t.range} className="flex flex-wrap items-end gap-3">
        <ul className="flex flex-wrap gap-2">
          {ranges.map((r) => (
            <li key={r.key}>
              <Link
                href={`/overview?range=${r.key}`}
                aria-current={current === r.key ? "page" : undefined}
                className="inline-block rounded-md border border-slate-400 px-3 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
              >
                {r.label}
              </Link>
            </li>
          ))}
        </ul>
        <form method="get" action="/overview" className="flex flex-wrap items-end gap-2" aria-label={t.custom}>
          <input type="hidden" name="range" value="custom" />
          {days.map(({ name, label, day }) => (
            <div key={name}>
              <label htmlFor={`overview-${name}`} className="block text-sm font-medium text-slate-800">
                {label}
              </label>
              <DateInput
                id={`overview-${name}`}
                name={name}
                locale={locale}
                defaultValue={day}
                className={`${inputClass} w-40`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "overview-range-error" : undefined}
              />
            </div>
          ))}
          <button type="submit" className={primaryButtonClass}>
            {t.apply}
          </button>
        </form>
      </nav>
      {error && (
        <p
          id="overview-range-error"
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="overview-range-error"
        >
          {t[`rangeError.${error}`]}
        </p>
      )}
    </>
  );
}
