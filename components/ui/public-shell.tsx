import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n";
import type { CustomerBrand } from "@/lib/checkout/view";
import { LANGUAGE_LINKS, languageLinkClass } from "./language-links";

/**
 * The frame of the customer's pages: who is asking for money, and the language switch. Plain links
 * (a route sets the language cookie and comes back), so switching needs no JavaScript. A page with
 * a form to keep (`inPlace`, the slip page) marks them for its script, which switches without a
 * reload and shows a failure to switch beside them (components/slip/browser/slip.ts).
 */
export function PublicShell({
  merchantName,
  brand = null,
  locale,
  languageHref,
  languageLabel,
  inPlace = false,
  children,
}: {
  merchantName: string | null;
  /**
   * The merchant's look (lib/merchants/branding.ts): its logo beside its name, and its colour for the
   * name and a band over the header. The colour reaches the page as `--brand` in the page's own
   * stylesheet (brandStyle below), never a style attribute, which the pages' policy refuses.
   */
  brand?: CustomerBrand | null;
  locale: Locale;
  languageHref: (to: Locale) => string;
  languageLabel: string;
  inPlace?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col bg-white text-slate-900">
      <header
        className={`flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3${brand?.color ? " border-t-4 border-t-(--brand)" : ""}`}
        data-brand={brand?.color ? "" : undefined}
      >
        <p className="flex min-w-0 items-center gap-2 text-base" data-testid="merchant-name">
          {brand?.logo && (
            // Beside the name, which says who it is: the picture adds nothing for a screen reader. A plain
            // img: PayDesk's own small PNG with its size, and the customer's pages load no framework.
            // eslint-disable-next-line @next/next/no-img-element -- see above
            <img
              src={brand.logo.src}
              alt=""
              width={brand.logo.width}
              height={brand.logo.height}
              className="h-8 w-auto shrink-0"
              data-testid="merchant-logo"
            />
          )}
          <span className={brand?.color ? "truncate text-(--brand)" : "truncate"}>{merchantName ?? "PayDesk"}</span>
        </p>
        <div className="relative shrink-0" data-language-in-place={inPlace ? "" : undefined}>
          <nav aria-label={languageLabel} className="flex gap-1 text-base">
            {LANGUAGE_LINKS.map(({ to, name }) => (
              <a
                key={to}
                href={languageHref(to)}
                lang={to}
                hrefLang={to}
                aria-current={to === locale ? "true" : undefined}
                className={languageLinkClass(to === locale)}
              >
                {name}
              </a>
            ))}
          </nav>
        </div>
      </header>
      <main className="flex-1 space-y-5 px-4 py-5">{children}</main>
    </div>
  );
}

/** The page's `--brand` for its stylesheet: a colour stored only after it was checked (#rrggbb), so it cannot break out. */
export function brandStyle(brand: CustomerBrand | null | undefined): string {
  return brand?.color && /^#[0-9a-f]{6}$/.test(brand.color) ? `:root{--brand:${brand.color}}` : "";
}

/** A page that opens nothing: why, and what to do, with no request data. */
export function Notice({ title, body, testId }: { title: string; body: string; testId: string }) {
  return (
    <section data-testid={testId} className="space-y-2 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <h1 className="text-xl">{title}</h1>
      <p className="text-slate-800">{body}</p>
    </section>
  );
}
