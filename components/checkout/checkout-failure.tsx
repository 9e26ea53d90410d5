import { customerErrorMessages } from "@/components/ui/customer-error-messages";
import { PublicShell } from "@/components/ui/public-shell";
import type { Locale } from "@/lib/i18n/locale";
import { checkoutMessages } from "./messages";

/**
 * The checkout or the slip page could not be read (the database away, a bug): the customer pages'
 * words for an unexpected failure (what app/checkout/error.tsx says for the App Router's pages),
 * the reference PayDesk's log carries beside the error, and "Try again" as a plain link to the
 * page's own `path`, which needs no script.
 */
export function CheckoutFailure({ locale, reference, path }: { locale: Locale; reference: string; path: string }) {
  const t = customerErrorMessages(locale);
  return (
    <PublicShell
      merchantName={null}
      locale={locale}
      languageHref={(to) => `${path}/language?to=${to}`}
      languageLabel={checkoutMessages(locale).language}
    >
      <section data-testid="page-error" className="space-y-2 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h1 className="text-xl">{t.errorTitle}</h1>
        <p className="text-slate-800">{t.errorBody}</p>
        <p data-testid="error-reference" className="text-base text-slate-700">
          {t.reference(reference)}
        </p>
        <a
          href={path}
          className="inline-block rounded-lg bg-teal-700 px-5 py-2 text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {t.retry}
        </a>
      </section>
    </PublicShell>
  );
}
