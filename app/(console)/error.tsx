"use client";

import { useEffect, useState } from "react";
import { databaseMessages } from "@/components/database/database-messages";
import { DatabaseUnreachable } from "@/components/database/database-unreachable";
import { digestOf } from "@/components/page-state/digest";
import { pageStateMessages } from "@/components/page-state/page-state-messages";
import { isLocale, type Locale } from "@/lib/i18n";
import { primaryButtonClass } from "@/components/ui/button";

/**
 * A console page that failed below the layout (the layout itself says when the database is gone,
 * app/(console)/layout.tsx): on a move between pages, say, when the database went away after the
 * layout was shown. A production build hands this boundary only a digest, so it asks the server
 * whether the database answers, and says so in words if not; any other failure is shown with that
 * digest as its reference, the one the server's log carries beside the error.
 */
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  const [shown, setShown] = useState<{ locale: Locale; unreachable: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    // The page's language, as the root layout chose it (the person's own choice is in the database).
    const lang = document.documentElement.lang;
    const locale: Locale = isLocale(lang) ? lang : "en";
    fetch("/api/health/database", { cache: "no-store" }).then(
      (answer) => current && setShown({ locale, unreachable: answer.status === 503 }),
      () => current && setShown({ locale, unreachable: false }),
    );
    return () => {
      current = false;
    };
  }, [error]);
  if (!shown) return <p aria-busy="true" className="sr-only" />;
  const t = databaseMessages(shown.locale);
  const reference = digestOf(error);
  const retryButton = (
    <button type="button" onClick={retry} className={`${primaryButtonClass} mt-4`}>
      {t.retry}
    </button>
  );
  if (shown.unreachable) return <DatabaseUnreachable locale={shown.locale}>{retryButton}</DatabaseUnreachable>;
  return (
    <section data-testid="page-error" className="max-w-prose">
      <h1 className="text-2xl font-semibold">{t.otherError}</h1>
      <p className="mt-2 text-slate-700">{t.otherErrorBody}</p>
      {reference && (
        <p data-testid="error-reference" className="mt-2 text-sm text-slate-700">
          {pageStateMessages(shown.locale).reference(reference)}
        </p>
      )}
      {retryButton}
    </section>
  );
}
