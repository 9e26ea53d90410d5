"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type MouseEvent } from "react";
import type { Locale } from "@/lib/i18n/locale";
import { LANGUAGE_LINKS, languageLinkClass } from "./language-links";

/**
 * The language links of a page whose form must survive the switch (the slip page: a picked photo
 * cannot be put back into a file input after a reload). The same links as everywhere, so they work
 * without script; with it, the language route is asked for its cookie without following its
 * redirect, then the page's server parts are rendered again in the new language, and React keeps
 * the form's state (the picked slip, the reference, the note) as it is. If the route cannot be
 * reached the page stays as it was and says so.
 */
export function LanguageSwitchInPlace({
  locale,
  hrefs,
  label,
  failed,
}: {
  locale: Locale;
  hrefs: Record<Locale, string>;
  label: string;
  failed: string;
}) {
  const router = useRouter();
  const [switching, startTransition] = useTransition();
  const [failure, setFailure] = useState(false);

  const follow = async (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // A new tab or window is an ordinary link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFailure(false);
    // The cookie comes with the route's redirect; "manual" keeps the page from loading again.
    const answer = await fetch(href, { redirect: "manual", cache: "no-store" }).catch(() => null);
    if (answer?.type !== "opaqueredirect") return setFailure(true);
    startTransition(() => router.refresh());
  };

  return (
    <div className="relative shrink-0">
      <nav aria-label={label} aria-busy={switching || undefined} className="flex gap-1 text-sm">
        {LANGUAGE_LINKS.map(({ to, name }) => (
          <a
            key={to}
            href={hrefs[to]}
            lang={to}
            hrefLang={to}
            aria-current={to === locale ? "true" : undefined}
            onClick={(event) => void follow(event, hrefs[to])}
            className={languageLinkClass(to === locale)}
          >
            {name}
          </a>
        ))}
      </nav>
      {failure && (
        <p
          role="alert"
          data-testid="language-failed"
          className="absolute right-0 top-full z-10 mt-2 w-64 rounded-lg bg-rose-50 p-2 text-sm text-rose-900 ring-1 ring-rose-600"
        >
          {failed}
        </p>
      )}
    </div>
  );
}
