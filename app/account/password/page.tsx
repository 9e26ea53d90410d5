import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { authMessages } from "@/components/auth/auth-messages";
import { PasswordForm } from "@/components/auth/password-form";
import { AccountShell } from "@/components/auth/account-shell";
import { listPasskeys } from "@/lib/auth/passkeys";
import { currentSession } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { signOutAction } from "../../(console)/actions";
import { setLocaleAction } from "../../login/actions";
import { changePasswordAction } from "./actions";
import "../../globals.css";

export const metadata: Metadata = { title: "Password" };

/**
 * Outside the console's layout on purpose: that layout sends a person on a one-time password here
 * (lib/auth/current-session.ts requireSession), so this page must not go through it.
 */
export default async function PasswordPage() {
  const session = await currentSession();
  if (!session) redirect("/login?callbackUrl=%2Faccount%2Fpassword");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  // Whoever held a session may have added a passkey: the person keeps only those they recognise.
  const passkeys = (await listPasskeys(db, session.userId)).map((p) => ({
    id: p.id,
    name: p.name,
    added: formatDateTime(p.createdAt, locale),
  }));
  const t = authMessages(locale);
  const isForced = session.mustChangePassword === true;
  return (
    <AccountShell locale={locale} setLocale={setLocaleAction} signOut={signOutAction} narrow back={isForced ? null : t.backToConsole}>
      <h1 className="text-2xl font-semibold">{t.choosePasswordTitle}</h1>
      <p className="mt-2 text-sm text-slate-700">{isForced ? t.choosePasswordForced : t.choosePasswordVoluntary}</p>
      <p className="mt-1 text-sm text-slate-600">{t.signedInAs(session.name, session.email)}</p>
      <PasswordForm action={changePasswordAction} locale={locale} isForced={isForced} passkeys={passkeys} />
    </AccountShell>
  );
}
