"use client";

import { isLocale, type Locale } from "@/lib/i18n/locale";
import { useBrowserValue } from "@/components/ui/use-browser-value";
import { digestOf } from "./digest";
import { PageErrorPending } from "./page-error-pending";

export interface PageErrorWords {
  errorTitle: string;
  errorBody: string;
  reference: (reference: string) => string;
  retry: string;
}

/**
 * A page outside the console that failed unexpectedly, worded in the page's language with the
 * digest the server's log carries as the reference. Each part of PayDesk gives its own words (the
 * staff's pages say "tell your admin", the customer's "contact the shop") through the error.tsx of
 * its own segment: a root error boundary would ship in every page, the customer's included.
 * Inline styles: the segments' own stylesheets may not be there when their page failed.
 */
export function PageError({ error, retry, words }: { error: unknown; retry: () => void; words: (locale: Locale) => PageErrorWords }) {
  // The page's language, as the root layout chose it from the cookie or the browser.
  const locale = useBrowserValue<Locale | null>(() => {
    const lang = document.documentElement.lang;
    return isLocale(lang) ? lang : "en";
  }, null);
  // Until the language is known the page still has its one main landmark (axe's landmark-one-main), only busy.
  if (!locale) return <PageErrorPending />;
  const t = words(locale);
  const reference = digestOf(error);
  return (
    <main
      style={{
        maxWidth: "36rem",
        margin: "0 auto",
        padding: "2rem 1.5rem",
        fontFamily: "system-ui, sans-serif",
        color: "#0f172a",
        lineHeight: 1.5,
      }}
    >
      <section data-testid="page-error">
        <h1 style={{ fontSize: "1.5rem", fontWeight: 600 }}>{t.errorTitle}</h1>
        <p style={{ marginTop: "0.5rem" }}>{t.errorBody}</p>
        {reference && (
          <p data-testid="error-reference" style={{ marginTop: "0.5rem", fontSize: "0.875rem" }}>
            {t.reference(reference)}
          </p>
        )}
        <button
          type="button"
          onClick={retry}
          style={{
            marginTop: "1rem",
            padding: "0.5rem 1rem",
            borderRadius: "0.375rem",
            border: 0,
            background: "#115e59",
            color: "#fff",
            fontWeight: 500,
            cursor: "pointer",
          }}
        >
          {t.retry}
        </button>
      </section>
    </main>
  );
}
