"use client";

import { useState, type InputHTMLAttributes } from "react";
import { formatDay } from "@/lib/i18n/day";
import type { Locale } from "@/lib/i18n/locale";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value"> & {
  defaultValue?: string;
  locale: Locale;
};

/**
 * A day field: the browser's own date picker, with the chosen day written under it in the reader's
 * words (lib/i18n/date-time.ts formatDay) — the picker shows the browser's order and era, so a Thai
 * person on an English browser saw 11/28/2026 and no Buddhist year. Works in a plain GET form: the
 * input keeps its name and value.
 */
export function DateInput({ locale, defaultValue = "", onChange, ...input }: Props) {
  const [day, setDay] = useState(defaultValue);
  const words = formatDay(day, locale);
  return (
    <span className="inline-flex flex-col gap-0.5">
      <input
        {...input}
        type="date"
        defaultValue={defaultValue}
        onChange={(event) => {
          setDay(event.currentTarget.value);
          onChange?.(event);
        }}
      />
      <span className="min-h-4 text-xs text-slate-600" data-date-words="">
        {words}
      </span>
    </span>
  );
}
