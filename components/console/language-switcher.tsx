"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";

/** Each language is named in itself, so a person who cannot read the current one still finds theirs. */
const CHOICES: Array<{ locale: Locale; name: string }> = [
  { locale: "th", name: "ไทย" },
  { locale: "en", name: "English" },
];

interface Props {
  locale: Locale;
  action: ServerAction<{ locale: Locale }>;
  /** "Language" in the current language: the group's accessible name. */
  label: string;
}

/**
 * Thai / English. The action keeps the choice on the person's account (and in a cookie, for the
 * sign-in page); the page then renders again in the new language.
 */
export function LanguageSwitcher({ locale, action, label }: Props) {
  const router = useRouter();
  const [state, formAction, isPending] = useActionState<ActionResult<{ locale: Locale }> | null, FormData>(action, null);
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);

  return (
    <form action={formAction} className="flex items-center gap-2 text-sm" data-testid="language-switcher">
      <div role="group" aria-label={label} className="flex items-center rounded-md border border-slate-300">
        {CHOICES.map((choice) => {
          const isCurrent = choice.locale === locale;
          return (
            <button
              key={choice.locale}
              type="submit"
              name="locale"
              value={choice.locale}
              lang={choice.locale}
              aria-pressed={isCurrent}
              disabled={isPending}
              className={`px-2 py-1 first:rounded-l-md last:rounded-r-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40 disabled:opacity-60 ${isCurrent ? "bg-brand-dark font-medium text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {choice.name}
            </button>
          );
        })}
      </div>
      {state && !state.ok && (
        <span role="alert" className="text-xs text-red-700">
          {state.message}
        </span>
      )}
    </form>
  );
}
