import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { currentSession } from "@/lib/auth/session";
import { signInMessage } from "@/lib/auth/sign-in-messages";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await currentSession()) redirect(callbackUrl);
  // next-auth's own routes send refusals here as ?error=CredentialsSignin&code=…
  const initialError = first(params.error) ? signInMessage(first(params.code)) : null;

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-6 py-12">
      <h1 className="text-2xl font-semibold text-brand-dark">Sign in to PayDesk</h1>
      <p className="mt-2 text-sm text-slate-600">For merchant staff. Your admin gives you an account.</p>
      <LoginForm action={signInAction} callbackUrl={callbackUrl} initialError={initialError} />
      <p className="mt-8 text-sm text-slate-500">
        <Link href="/" className="underline hover:text-slate-700">
          Provider status
        </Link>
      </p>
    </main>
  );
}
