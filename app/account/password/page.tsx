import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { authMessages } from "@/components/auth/auth-messages";
import { PasswordForm } from "@/components/auth/password-form";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { SignOutButton } from "@/components/console/sign-out-button";
import { shellMessages } from "@/components/console/shell-messages";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";
import { currentSession } from "@/lib/auth/session";
import { getLocale } from "@/lib/i18n/server";
import { signOutAction } from "../../(console)/actions";
import { setLocaleAction } from "../../login/actions";
import { changePasswordAction } from "./actions";
import "../../globals.css";

export const metadata: Metadata = { title: "Password" };

/**
 * Outside the console's layout on purpose: that layout sends a person on a one-time password here
 * (lib/auth/session.ts requireSession), so this page must not go through it.
 */
export default async function PasswordPage() {
  const session = await currentSession();
  if (!session) redirect("/login?callbackUrl=%2Faccount%2Fpassword");
  const locale = await getLocale();
  const t = authMessages(locale);
  const shell = shellMessages(locale);
  const isForced = session.mustChangePassword === true;
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
          <span className="text-lg font-semibold text-brand-dark">PayDesk</span>
          <div className="flex items-center gap-4">
            <LanguageSwitcher locale={locale} action={setLocaleAction} label={t.language} />
            <SignOutButton action={signOutAction} label={shell.signOut} pendingLabel={shell.signingOut} />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-md px-6 py-10">
        <h1 className="text-2xl font-semibold">{t.choosePasswordTitle}</h1>
        <p className="mt-2 text-sm text-slate-700">{isForced ? t.choosePasswordForced : t.choosePasswordVoluntary}</p>
        <p className="mt-1 text-sm text-slate-600">{t.signedInAs(session.name, session.email)}</p>
        <PasswordForm action={changePasswordAction} locale={locale} isForced={isForced} />
        {!isForced && (
          <p className="mt-8 text-sm">
            <Link href={CONSOLE_HOME} className="text-brand-dark underline">
              {t.backToConsole}
            </Link>
          </p>
        )}
      </main>
    </div>
  );
}
