"use client";

import { useEffect, useState } from "react";
import { digestOf, pageStateMessages } from "@/components/page-state/page-state-messages";
import { isLocale, type Locale } from "@/lib/i18n";

/**
 * A page outside the console that failed unexpectedly (sign-in, the password page, the customer's
 * checkout and slip pages): worded in the page's language, with the digest the server's log carries
 * as the reference. Inline styles: the root layout loads no stylesheet (app/layout.tsx says why).
 */
export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  const [locale, setLocale] = useState<Locale | null>(null);
  useEffect(() => {
    // The page's language, as the root layout chose it from the cookie or the browser.
    const lang = document.documentElement.lang;
    setLocale(isLocale(lang) ? lang : "en");
  }, []);
  if (!locale) return <p aria-busy="true" style={{ position: "absolute", width: 1, height: 1, overflow: "hidden" }} />;
  const t = pageStateMessages(locale);
  const reference = digestOf(error);
  return (
    <main style={{ maxWidth: "36rem", margin: "0 auto", padding: "2rem 1.5rem", fontFamily: "system-ui, sans-serif", color: "#0f172a", lineHeight: 1.5 }}>
      <section data-testid="page-error">
        <h1 style={{ fontSize: "1.5rem", fontWeight: 600 }}>{t.errorTitle}</h1>
        <p style={{ marginTop: "0.5rem" }}>{t.errorBody}</p>
        {reference && (
          <p data-testid="error-reference" style={{ marginTop: "0.5rem", fontSize: "0.875rem" }}>
            {t.reference(reference)}
          </p>
        )}
        <button type="button" onClick={retry} style={{ marginTop: "1rem", padding: "0.5rem 1rem", borderRadius: "0.375rem", border: 0, background: "#115e59", color: "#fff", fontWeight: 500, cursor: "pointer" }}>
          {t.retry}
        </button>
      </section>
    </main>
  );
}
