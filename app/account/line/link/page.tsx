import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountShell } from "@/components/auth/account-shell";
import { LinkLineForm } from "@/components/auth/line-account-forms";
import { lineAccountMessages } from "@/components/auth/line-account-messages";
import { currentSession } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";
import { signOutAction } from "../../../(console)/actions";
import { setLocaleAction } from "../../../login/actions";
import { startLineLinkAction } from "./actions";
import "../../../globals.css";

export const metadata: Metadata = { title: "Link LINE" };

/**
 * Opened from the link PayDesk sends a LINE user who followed or wrote to its LINE account
 * (lib/line/linking.ts): the signed-in person confirms, and LINE's own dialog follows. Signing in
 * first comes back here with the link token.
 */
export default async function LinkLinePage({ searchParams }: { searchParams: Promise<{ linkToken?: string | string[] }> }) {
  const { linkToken } = await searchParams;
  const token = typeof linkToken === "string" ? linkToken : "";
  const session = await currentSession();
  if (!session) redirect(`/login?callbackUrl=${encodeURIComponent(`/account/line/link?linkToken=${encodeURIComponent(token)}`)}`);
  if (session.mustChangePassword) redirect("/account/password");
  if (session.mustEnrolSecondFactor) redirect("/account/security");
  const locale = await getLocale();
  const t = lineAccountMessages(locale);
  return (
    <AccountShell locale={locale} setLocale={setLocaleAction} signOut={signOutAction} back={t.back}>
      <h1 className="text-2xl font-semibold">{t.linkTitle}</h1>
      {token ? (
        <>
          <p className="mt-3 text-sm text-slate-700">{t.linkIntro(session.name, session.email)}</p>
          <LinkLineForm action={startLineLinkAction} locale={locale} linkToken={token} />
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700" role="alert">
          {t.linkMissing}
        </p>
      )}
    </AccountShell>
  );
}
