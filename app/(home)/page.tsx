import Link from "next/link";
import { consoleFontClass } from "@/components/console/console-font";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { homeMessages } from "@/components/home/home-messages";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";
import { requireSession } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";
import { getProviderStatus } from "@/lib/provider/status";
import { setLocaleAction } from "../login/actions";
import "../globals.css";
import { primaryButtonClass } from "@/components/ui/button";

/**
 * The staff's home: what PayDesk is talking to and whether it answers. Signed in only (the proxy
 * sends everyone else to /login): the provider's address is not for the public, and the status
 * is read at most once per 30 s through the rate limiter (lib/provider/status.ts).
 */
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const session = await requireSession();
  const [provider, locale] = await Promise.all([getProviderStatus(), getLocale()]);
  const t = homeMessages(locale);
  const state = {
    up: { text: t.reachable, className: "text-emerald-700" },
    down: { text: t.unreachable, className: "text-red-700" },
    busy: { text: t.busy, className: "text-amber-800" },
  }[provider.state];
  return (
    <main className={`mx-auto max-w-2xl px-6 py-16 ${consoleFontClass}`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-semibold text-brand-dark">PayDesk</h1>
        <LanguageSwitcher locale={locale} action={setLocaleAction} label={t.language} />
      </div>
      <p className="mt-2 text-slate-600">{t.intro}</p>
      <section aria-labelledby="provider-heading" className="mt-10 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="provider-heading" className="text-lg font-medium">
          {t.providerHeading}
        </h2>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">{t.provider}</dt>
          <dd data-testid="provider-kind">{provider.isSandbox ? t.sandbox(provider.sandboxProfile) : t.liveProvider}</dd>
          <dt className="text-slate-500">{t.address}</dt>
          <dd className="font-mono">{provider.baseUrl}</dd>
          <dt className="text-slate-500">{t.status}</dt>
          <dd data-testid="provider-status" className={state.className}>
            {state.text}
          </dd>
        </dl>
      </section>
      <p className="mt-8">
        <Link href={CONSOLE_HOME} className={`${primaryButtonClass} inline-block`}>
          {t.openConsole}
        </Link>
        <span className="ml-3 text-sm text-slate-600">{t.signedInAs(session.name)}</span>
      </p>
    </main>
  );
}
