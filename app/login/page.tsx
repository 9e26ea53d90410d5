import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { authMessages } from "@/components/auth/auth-messages";
import { LoginForm } from "@/components/auth/login-form";
import { consoleFontClass } from "@/components/console/console-font";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { databaseMessages } from "@/components/database/database-messages";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentSession } from "@/lib/auth/current-session";
import { databaseAnswers } from "@/lib/db/answers";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { signInMessage } from "@/lib/auth/sign-in-messages";
import { getLocale } from "@/lib/i18n/server";
import { env } from "@/lib/env";
import { passkeyOptionsAction, passkeySignInAction, setLocaleAction, signInAction } from "./actions";
import "../globals.css";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  // Signing in needs the database: while it cannot be reached the page says so above the form. A
  // visitor without a session cookie reads nothing from it, so it is asked.
  const [session, answers] = await Promise.all([
    currentSession().catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) return null;
      throw error;
    }),
    databaseAnswers(),
  ]);
  if (session) redirect(callbackUrl);
  const locale = await getLocale(null);
  const t = authMessages(locale);
  const db = databaseMessages(locale);
  // next-auth's own routes send refusals here as ?error=CredentialsSignin&code=…
  const initialError = first(params.error) ? signInMessage(first(params.code)) : null;

  return (
    <main className={`mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6 py-12 ${consoleFontClass}`}>
      <div className="mb-8 flex justify-end">
        <LanguageSwitcher locale={locale} action={setLocaleAction} label={t.language} />
      </div>
      <h1 className="text-2xl font-semibold text-brand-dark">{t.signInTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{t.signInIntro}</p>
      {!answers && (
        <div
          role="alert"
          data-testid="database-unreachable"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <p className="font-semibold">{db.title}</p>
          <p className="mt-1">{db.signInBody}</p>
        </div>
      )}
      <LoginForm
        action={signInAction}
        callbackUrl={callbackUrl}
        initialError={initialError}
        locale={locale}
        passkeys={env().passkeySite ? { options: passkeyOptionsAction, signIn: passkeySignInAction } : null}
      />
    </main>
  );
}
