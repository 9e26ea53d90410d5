import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { authMessages } from "@/components/auth/auth-messages";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitcher } from "@/components/console/language-switcher";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentSession } from "@/lib/auth/session";
import { signInMessage } from "@/lib/auth/sign-in-messages";
import { getLocale } from "@/lib/i18n/server";
import { setLocaleAction, signInAction } from "./actions";
import "../globals.css";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await currentSession()) redirect(callbackUrl);
  const locale = await getLocale();
  const t = authMessages(locale);
  // next-auth's own routes send refusals here as ?error=CredentialsSignin&code=…
  const initialError = first(params.error) ? signInMessage(first(params.code)) : null;

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6 py-12">
      <div className="mb-8 flex justify-end">
        <LanguageSwitcher locale={locale} action={setLocaleAction} label={t.language} />
      </div>
      <h1 className="text-2xl font-semibold text-brand-dark">{t.signInTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{t.signInIntro}</p>
      <LoginForm action={signInAction} callbackUrl={callbackUrl} initialError={initialError} locale={locale} />
    </main>
  );
}
