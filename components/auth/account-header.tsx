import { LanguageSwitcher } from "@/components/console/language-switcher";
import { SignOutButton } from "@/components/console/sign-out-button";
import { shellMessages } from "@/components/console/shell-messages";
import type { Locale } from "@/lib/i18n";
import { authMessages } from "./auth-messages";

/**
 * The header of the person's own pages (app/account: password, sign-in security, e-mail), which
 * stand outside the console's layout: the name, the language, signing out.
 */
export function AccountHeader({
  locale,
  setLocale,
  signOut,
}: {
  locale: Locale;
  setLocale: Parameters<typeof LanguageSwitcher>[0]["action"];
  signOut: Parameters<typeof SignOutButton>[0]["action"];
}) {
  const shell = shellMessages(locale);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
        <span className="text-lg font-semibold text-brand-dark">PayDesk</span>
        <div className="flex items-center gap-4">
          <LanguageSwitcher locale={locale} action={setLocale} label={authMessages(locale).language} />
          <SignOutButton action={signOut} label={shell.signOut} pendingLabel={shell.signingOut} />
        </div>
      </div>
    </header>
  );
}
