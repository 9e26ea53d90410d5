import { pageStateMessages } from "@/components/page-state/page-state-messages";
import { getPublicLocale } from "@/lib/i18n/server";

/**
 * An address PayDesk has no page for, in the browser's language (the console's own pages have
 * their own words for a missing request). Inline styles: the root layout loads no stylesheet.
 * A plain link, not next/link: Next puts the root not-found boundary into every page, and
 * next/link's client code (~3 KB gz) came with it onto the customer's phone.
 */
export default async function NotFound() {
  const t = pageStateMessages(await getPublicLocale());
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
      <section data-testid="page-not-found">
        <h1 style={{ fontSize: "1.5rem", fontWeight: 600 }}>{t.notFoundTitle}</h1>
        <p style={{ marginTop: "0.5rem" }}>{t.notFoundBody}</p>
        <p style={{ marginTop: "1rem" }}>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link on purpose (see above) */}
          <a href="/" style={{ color: "#115e59", textDecoration: "underline" }}>
            {t.home}
          </a>
        </p>
      </section>
    </main>
  );
}
